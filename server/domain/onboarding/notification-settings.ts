import { eq } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../../contracts/onboarding';
import type { Db } from '../../db/database';
import { onboardings, users } from '../../db/schema';
import { restaurantContacts, restaurantNotificationSettings } from '../../db/schema-onboarding';
import { ownOnboarding, type OnboardingAccess } from './onboarding';

/**
 * The Notifications section of a restaurant's settings (issue 40), kept beside the onboarding's
 * steps because the same owner changes it on the same Store screen, under the same tenancy check
 * (`ownOnboarding`: the owner, or an administrator acting in that restaurant; 404 otherwise).
 */

export async function readNotificationSettings(db: Db, access: OnboardingAccess): Promise<NotificationSettings> {
  await ownOnboarding(db, access);
  const [row] = await db.select().from(restaurantNotificationSettings).where(eq(restaurantNotificationSettings.restaurantId, access.restaurantId));
  return row ? { new_order_mail: row.newOrderMail } : DEFAULT_NOTIFICATION_SETTINGS;
}

export async function saveNotificationSettings(db: Db, access: OnboardingAccess, settings: NotificationSettings, now: Date): Promise<NotificationSettings> {
  await ownOnboarding(db, access);
  const values = { newOrderMail: settings.new_order_mail, updatedAt: now };
  await db
    .insert(restaurantNotificationSettings)
    .values({ restaurantId: access.restaurantId, ...values })
    .onConflictDoUpdate({ target: restaurantNotificationSettings.restaurantId, set: values });
  return settings;
}

/**
 * Where a restaurant's new orders are mailed, or null when it turned the mail off: the contact
 * email of its Contacts step, else its owner's sign-in address (the contact email is optional,
 * and an owner who never gave one still wants to hear about orders). Handed to the ordering area
 * by server/app.ts, which may not read this area's tables.
 */
export async function newOrderMailTo(db: Db, restaurantId: number): Promise<string | null> {
  const [row] = await db
    .select({ enabled: restaurantNotificationSettings.newOrderMail, contact: restaurantContacts.contactEmail, owner: users.email })
    .from(onboardings)
    .innerJoin(users, eq(users.id, onboardings.ownerId))
    .leftJoin(restaurantContacts, eq(restaurantContacts.restaurantId, onboardings.restaurantId))
    .leftJoin(restaurantNotificationSettings, eq(restaurantNotificationSettings.restaurantId, onboardings.restaurantId))
    .where(eq(onboardings.restaurantId, restaurantId));
  if (!row || row.enabled === false) return null;
  return row.contact?.trim() || row.owner;
}
