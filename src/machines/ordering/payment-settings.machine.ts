import { PaymentSettings, platformRefusals, type PaymentSettingsAnswer } from '../../../contracts/ordering/payment-settings';
import { checkWith } from '../../../contracts/shared/validation';
import { loadPaymentSettings, savePaymentSettings } from '../../services/ordering/money-settings';
import { createSettingsSection, type Checked } from './settings-section';

/**
 * The Store screen's Payments section (issue 44): whether the store takes cards online (only
 * where the platform has Stripe keys: the loaded `card_available`) and payment in person. The
 * form is the body itself: two switches, nothing typed.
 */
export type PaymentForm = PaymentSettings;

function check(form: PaymentForm, data: PaymentSettingsAnswer): Checked<PaymentSettings> {
  const checked = checkWith(PaymentSettings, form);
  if (!checked.ok) return { ok: false, fields: checked.fields };
  const fields = platformRefusals(checked.value, data.card_available);
  return Object.keys(fields).length === 0 ? { ok: true, body: checked.value } : { ok: false, fields };
}

export const paymentSettingsMachine = createSettingsSection<PaymentSettingsAnswer, PaymentForm, PaymentSettings>('paymentSettings', {
  load: loadPaymentSettings,
  save: ({ restaurantId, body }) => savePaymentSettings({ restaurantId, settings: body }),
  formOf: ({ card_online, in_person }) => ({ card_online, in_person }),
  check,
  fieldsOf: (fields) => fields,
  merge: (saved) => saved,
});

export type PaymentSettingsMachine = typeof paymentSettingsMachine;
