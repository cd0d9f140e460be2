import { and, eq, sql } from 'drizzle-orm';
import type { OnboardingStartResponse, OnboardingStatus } from '../../contracts/auth';
import type { Db } from '../db/database';
import { onboardings, restaurants, users } from '../db/schema';

/** The onboarding steps, in order (spec section 4); `progress` in the database is keyed by these. */
export const ONBOARDING_STEPS = ['location', 'about', 'delivery', 'hours', 'additional', 'contacts', 'launch'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/**
 * The owner's restaurant and onboarding, created on the first call and returned as they are on
 * every later one; either way the restaurant becomes the user's active one. Serialised per
 * user, so two simultaneous first calls make one restaurant.
 */
export async function startOnboarding(tx: Db, userId: number): Promise<OnboardingStartResponse> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`onboarding\n${userId}`}, 0))`);
  let [row] = await tx.select().from(onboardings).where(eq(onboardings.ownerId, userId));
  if (!row) {
    const [restaurant] = await tx.insert(restaurants).values({}).returning({ id: restaurants.id });
    if (!restaurant) throw new Error('insert returned no restaurant');
    [row] = await tx.insert(onboardings).values({ restaurantId: restaurant.id, ownerId: userId }).returning();
    if (!row) throw new Error('insert returned no onboarding');
  }
  await tx.update(users).set({ activeRestaurantId: row.restaurantId }).where(eq(users.id, userId));
  return { id: row.restaurantId, launched: row.launchedAt !== null };
}

/** The caller's own onboarding, or undefined (another owner's id looks exactly like an unknown one). */
export async function onboardingStatus(db: Db, restaurantId: number, userId: number): Promise<OnboardingStatus | undefined> {
  const [row] = await db
    .select()
    .from(onboardings)
    .where(and(eq(onboardings.restaurantId, restaurantId), eq(onboardings.ownerId, userId)));
  if (!row) return undefined;
  const saved = (row.progress ?? {}) as Record<string, unknown>;
  const launched = row.launchedAt !== null;
  const progress = Object.fromEntries(ONBOARDING_STEPS.map((step) => [step, step === 'launch' ? launched : saved[step] === true])) as OnboardingStatus['progress'];
  return { id: row.restaurantId, launched, progress };
}
