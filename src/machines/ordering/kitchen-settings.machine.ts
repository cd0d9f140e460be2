import { KitchenSettings } from '../../../contracts/ordering/kitchen-settings';
import { checkWith } from '../../../contracts/shared/validation';
import { loadKitchenSettings, saveKitchenSettings } from '../../services/ordering/money-settings';
import { createSettingsSection, type Checked } from './settings-section';
import { numberOf } from './typed-number';

/**
 * The Store screen's Kitchen section (issue 45): how many orders and items one 15-minute slot
 * takes (pickup and delivery together; an empty field is no limit), the notice before the
 * earliest slot, and auto-accept with its prep time. Numbers are kept as typed; the contract's
 * sentences go to the field they are about, as the server's would.
 */
export type KitchenForm = {
  max_orders_per_slot: string;
  max_items_per_slot: string;
  min_lead_minutes: string;
  auto_accept: boolean;
  default_prep_minutes: string;
};

const typed = (value: number | null) => (value === null ? '' : String(value));

const formOf = (settings: KitchenSettings): KitchenForm => ({
  max_orders_per_slot: typed(settings.max_orders_per_slot),
  max_items_per_slot: typed(settings.max_items_per_slot),
  min_lead_minutes: typed(settings.min_lead_minutes),
  auto_accept: settings.auto_accept,
  default_prep_minutes: typed(settings.default_prep_minutes),
});

function check(form: KitchenForm): Checked<KitchenSettings> {
  const checked = checkWith(KitchenSettings, {
    max_orders_per_slot: numberOf(form.max_orders_per_slot, null),
    max_items_per_slot: numberOf(form.max_items_per_slot, null),
    // Empty is no notice; a prep time must be given.
    min_lead_minutes: numberOf(form.min_lead_minutes, 0),
    auto_accept: form.auto_accept,
    default_prep_minutes: numberOf(form.default_prep_minutes, Number.NaN),
  });
  return checked.ok ? { ok: true, body: checked.value } : { ok: false, fields: checked.fields };
}

export const kitchenSettingsMachine = createSettingsSection<KitchenSettings, KitchenForm, KitchenSettings>('kitchenSettings', {
  load: loadKitchenSettings,
  save: ({ restaurantId, body }) => saveKitchenSettings({ restaurantId, settings: body }),
  formOf,
  check,
  fieldsOf: (fields) => fields,
  merge: (saved) => saved,
});

export type KitchenSettingsMachine = typeof kitchenSettingsMachine;
