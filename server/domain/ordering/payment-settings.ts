import { eq } from 'drizzle-orm';
import { platformRefusals, type PaymentSettings, type PaymentSettingsAnswer } from '../../../contracts/ordering/payment-settings';
import { DEFAULT_PAYMENT_CHOICE } from '../../../contracts/shared/payment-methods';
import type { Db } from '../../db/database';
import { restaurantPaymentSettings } from '../../db/schema-ordering';
import { HttpError } from '../../http-error';
import type { Scope } from '../shared/scope';
import { checkedRestaurantFilter } from '../shared/tenancy';

/**
 * The Payments section of a restaurant's settings (issue 44), under the same tenancy as its taxes
 * and tips (its owner, or an administrator acting in it; 404 otherwise). Never saved: in person
 * only. `cardAvailable` is whether the platform has Stripe keys: cards online are refused without.
 */

const settingsOf = (row: typeof restaurantPaymentSettings.$inferSelect | undefined): PaymentSettings =>
  row ? { card_online: row.cardOnline, in_person: row.inPerson } : DEFAULT_PAYMENT_CHOICE;

export async function readPaymentSettings(db: Db, scope: Scope, restaurantId: number, cardAvailable: boolean): Promise<PaymentSettingsAnswer> {
  await checkedRestaurantFilter(db, scope, restaurantId);
  const [row] = await db.select().from(restaurantPaymentSettings).where(eq(restaurantPaymentSettings.restaurantId, restaurantId));
  return { ...settingsOf(row), card_available: cardAvailable };
}

export async function savePaymentSettings(
  db: Db,
  scope: Scope,
  restaurantId: number,
  settings: PaymentSettings,
  { cardAvailable, now }: { cardAvailable: boolean; now: Date },
): Promise<PaymentSettingsAnswer> {
  await checkedRestaurantFilter(db, scope, restaurantId);
  const fields = platformRefusals(settings, cardAvailable);
  if (Object.keys(fields).length > 0) throw new HttpError(400, 'invalid', 'Some fields are not valid.', { fields });
  const values = { cardOnline: settings.card_online, inPerson: settings.in_person, updatedAt: now };
  const [row] = await db
    .insert(restaurantPaymentSettings)
    .values({ restaurantId, ...values })
    .onConflictDoUpdate({ target: restaurantPaymentSettings.restaurantId, set: values })
    .returning();
  return { ...settingsOf(row), card_available: cardAvailable };
}
