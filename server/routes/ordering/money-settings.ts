import { IdParams } from '../../../contracts/shared/lists';
import { json, refusal } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { TaxSettings, TaxSettingsAnswer, TipSettings } from '../../../contracts/ordering/order-settings';
import { PaymentSettings, PaymentSettingsAnswer } from '../../../contracts/ordering/payment-settings';
import type { AppContext } from '../../app-context';
import { readPaymentSettings, savePaymentSettings } from '../../domain/ordering/payment-settings';
import { readTaxSettings, saveTaxSettings } from '../../domain/ordering/tax-settings';
import { readTipSettings, saveTipSettings } from '../../domain/ordering/tip-settings';
import { scopeOf } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import type { ContractApp } from '../../plugins/contract-types';

const NOT_YOURS = { 404: refusal('No such restaurant, or not one the caller acts in.') } as const;

/**
 * The Taxes and Tips sections of a restaurant's settings (issue 43) and its Payments (issue 44):
 * the owner of that restaurant, or an administrator acting in it; any other restaurant answers 404.
 */
export async function moneySettingsRoutes(app: ContractApp, context: AppContext) {
  const { db } = context.database;
  const scope = (request: Parameters<typeof signedInUser>[0]) => scopeOf(signedInUser(request));

  const taxesUrl = `${API_BASE}${paths.restaurantSettings(':id', 'taxes')}`;
  const taxes = json(
    TaxSettingsAnswer,
    "The restaurant's taxes; never saved, its location's defaults, with `needs_setup` true where those are a guess (the US).",
  );
  app.get(
    taxesUrl,
    { schema: { params: IdParams, response: { 200: taxes, ...NOT_YOURS } }, preValidation: app.requireUser },
    async (request) => (await readTaxSettings(db, scope(request), request.params.id)) satisfies TaxSettingsAnswer,
  );
  app.put(
    taxesUrl,
    { schema: { params: IdParams, body: TaxSettings, response: { 200: taxes, ...NOT_YOURS } }, preValidation: app.requireUser },
    async (request) => (await saveTaxSettings(db, scope(request), request.params.id, request.body, context.clock())) satisfies TaxSettingsAnswer,
  );

  const tipsUrl = `${API_BASE}${paths.restaurantSettings(':id', 'tips')}`;
  const tips = json(TipSettings, "The restaurant's tips; never saved, the defaults (off; 10, 15 and 20 %; a custom amount allowed).");
  app.get(
    tipsUrl,
    { schema: { params: IdParams, response: { 200: tips, ...NOT_YOURS } }, preValidation: app.requireUser },
    async (request) => (await readTipSettings(db, scope(request), request.params.id)) satisfies TipSettings,
  );
  app.put(
    tipsUrl,
    { schema: { params: IdParams, body: TipSettings, response: { 200: tips, ...NOT_YOURS } }, preValidation: app.requireUser },
    async (request) => (await saveTipSettings(db, scope(request), request.params.id, request.body, context.clock())) satisfies TipSettings,
  );

  const paymentsUrl = `${API_BASE}${paths.restaurantSettings(':id', 'payments')}`;
  const payments = json(
    PaymentSettingsAnswer,
    "The ways the restaurant's store takes payment; never saved, in person only. `card_available` (read-only) says whether the platform has Stripe keys.",
  );
  const paymentRefusals = {
    400: refusal('Neither way on (on `in_person`), or cards online where the platform has no Stripe keys (on `card_online`).'),
    ...NOT_YOURS,
  } as const;
  // The platform's Stripe keys are its configuration: fixed for the life of the process.
  const cardAvailable = context.config.stripe !== undefined;
  app.get(
    paymentsUrl,
    { schema: { params: IdParams, response: { 200: payments, ...NOT_YOURS } }, preValidation: app.requireUser },
    async (request) => (await readPaymentSettings(db, scope(request), request.params.id, cardAvailable)) satisfies PaymentSettingsAnswer,
  );
  app.put(
    paymentsUrl,
    { schema: { params: IdParams, body: PaymentSettings, response: { 200: payments, ...paymentRefusals } }, preValidation: app.requireUser },
    async (request) =>
      (await savePaymentSettings(db, scope(request), request.params.id, request.body, { cardAvailable, now: context.clock() })) satisfies PaymentSettingsAnswer,
  );
}
