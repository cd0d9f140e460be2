import { TIP_CHOICES_MAX, TipSettings } from '../../../contracts/ordering/order-settings';
import { checkWith } from '../../../contracts/shared/validation';
import { loadTipSettings, saveTipSettings } from '../../services/ordering/money-settings';
import { createSettingsSection, type Checked } from './settings-section';
import { numberOf } from './typed-number';

/**
 * The Store screen's Tips section (issue 43): whether checkout offers a tip, up to four
 * percentages (one field each; an empty field offers nothing) and whether a customer may type
 * an amount.
 */
export type TipForm = { enabled: boolean; choices: string[]; allow_custom: boolean };

/** A choice's field as the form's errors name it. */
export const choiceField = (slot: number) => `choices.${slot}`;

const formOf = (settings: TipSettings): TipForm => ({
  enabled: settings.enabled,
  choices: Array.from({ length: TIP_CHOICES_MAX }, (_, slot) => (settings.choices[slot] === undefined ? '' : String(settings.choices[slot]))),
  allow_custom: settings.allow_custom,
});

/** The slots that hold a choice, in order: the body's `choices` are these. */
const filledSlots = (form: TipForm) => form.choices.flatMap((typed, slot) => (typed.trim() === '' ? [] : [slot]));

const bodyOf = (form: TipForm): TipSettings => ({
  enabled: form.enabled,
  choices: filledSlots(form).map((slot) => numberOf(form.choices[slot] ?? '', Number.NaN)),
  allow_custom: form.allow_custom,
});

/** `choices.1` (the body's second choice) is the field it was typed in. */
function fieldsOf(fields: Record<string, string>, form: TipForm): Record<string, string> {
  const slots = filledSlots(form);
  return Object.fromEntries(
    Object.entries(fields).map(([key, sentence]) => {
      const index = /^choices\.(\d+)$/.exec(key)?.[1];
      const slot = index === undefined ? undefined : slots[Number(index)];
      return [slot === undefined ? key : choiceField(slot), sentence];
    }),
  );
}

function check(form: TipForm): Checked<TipSettings> {
  const checked = checkWith(TipSettings, bodyOf(form));
  return checked.ok ? { ok: true, body: checked.value } : { ok: false, fields: fieldsOf(checked.fields, form) };
}

export const tipSettingsMachine = createSettingsSection<TipSettings, TipForm, TipSettings>('tipSettings', {
  load: loadTipSettings,
  save: ({ restaurantId, body }) => saveTipSettings({ restaurantId, settings: body }),
  formOf,
  check,
  fieldsOf,
  merge: (saved) => saved,
});

export type TipSettingsMachine = typeof tipSettingsMachine;
