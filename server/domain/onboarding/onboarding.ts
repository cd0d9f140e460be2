import { and, eq, sql } from 'drizzle-orm';
import type { OnboardingStartResponse } from '../../../contracts/shared/session';
import type { OnboardingStatus } from '../../../contracts/onboarding';
import { ONBOARDING_MESSAGES, type LaunchResponse, type OnboardingStepAnswers, type OnboardingStepName } from '../../../contracts/onboarding';
import type { Db } from '../../db/database';
import { onboardings, restaurants, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Scope } from '../shared/scope';
import { actsIn } from '../shared/tenancy';
import { launchGaps, STEP_STORES, type StepBodies, type StepScope } from './onboarding-steps';

/** The onboarding steps, in order (spec section 4); `progress` in the database is keyed by these. */
export const ONBOARDING_STEPS = ['location', 'about', 'delivery', 'hours', 'additional', 'contacts', 'launch'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

type OnboardingRow = typeof onboardings.$inferSelect;

/**
 * Who is asking about which restaurant's onboarding. `scope`, the caller's tenancy scope, is
 * given only where administrators may act too (a step's GET and PUT: the back office's Store
 * screen, issue 29).
 */
export type OnboardingAccess = { restaurantId: number; userId: number; scope?: Scope };

/**
 * The one tenancy check of this area: the caller's own onboarding, else 404 (another owner's id
 * looks exactly like an unknown one). An administrator's `scope`, when given, also opens any
 * restaurant tenancy lets them act in (superadmins any, staff the one they chose in the header).
 * `lock` holds the row until the transaction ends, so two writes to one restaurant's onboarding
 * happen one after the other.
 */
export async function ownOnboarding(db: Db, { restaurantId, userId, scope }: OnboardingAccess, lock = false): Promise<OnboardingRow> {
  const actsForIt = scope !== undefined && scope.administrator && actsIn(scope, restaurantId);
  const query = db
    .select()
    .from(onboardings)
    .where(actsForIt ? eq(onboardings.restaurantId, restaurantId) : and(eq(onboardings.restaurantId, restaurantId), eq(onboardings.ownerId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, 'not_found', 'Onboarding not found.');
  return row;
}

/**
 * The owner's restaurant and onboarding, created on the first call and returned as they are on
 * every later one; either way the restaurant becomes the user's active one. Serialised per
 * user, so two simultaneous first calls make one restaurant.
 */
export function startOnboarding(db: Db, userId: number): Promise<OnboardingStartResponse> {
  return db.transaction(async (tx) => {
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
  });
}

/** Progress per step of the caller's own onboarding. */
export async function onboardingStatus(db: Db, access: OnboardingAccess): Promise<OnboardingStatus> {
  const row = await ownOnboarding(db, access);
  const saved = (row.progress ?? {}) as Record<string, unknown>;
  const launched = row.launchedAt !== null;
  const progress = Object.fromEntries(
    ONBOARDING_STEPS.map((step) => [step, step === 'launch' ? launched : saved[step] === true]),
  ) as OnboardingStatus['progress'];
  return { id: row.restaurantId, launched, progress };
}

/** A step as saved, or the specification's defaults when it never was. */
export async function readStep<S extends OnboardingStepName>(db: Db, access: OnboardingAccess, step: S, now: Date): Promise<OnboardingStepAnswers[S]> {
  const row = await ownOnboarding(db, access);
  const scope: StepScope = { restaurantId: access.restaurantId, userId: access.userId, ownerId: row.ownerId, now };
  return STEP_STORES[step].read(db, scope);
}

/**
 * Replaces a step with `value` (already validated by its contract) and marks it saved, in one
 * transaction. Open after launch too: the back office's Store screen saves through here, and a
 * launched restaurant stays launched.
 */
export function saveStep<S extends OnboardingStepName>(
  db: Db,
  access: OnboardingAccess,
  step: S,
  value: StepBodies[S],
  now: Date,
): Promise<OnboardingStepAnswers[S]> {
  return db.transaction(async (tx) => {
    const row = await ownOnboarding(tx, access, true);
    const scope: StepScope = { restaurantId: access.restaurantId, userId: access.userId, ownerId: row.ownerId, now };
    await STEP_STORES[step].write(tx, scope, value);
    await tx
      .update(onboardings)
      .set({ progress: sql`${onboardings.progress} || ${JSON.stringify({ [step]: true })}::jsonb` })
      .where(eq(onboardings.restaurantId, access.restaurantId));
    return STEP_STORES[step].read(tx, scope);
  });
}

/**
 * Launches the restaurant once its location and its name and store URL are saved; launching a
 * launched restaurant answers the same again.
 */
export function launchOnboarding(db: Db, access: OnboardingAccess, now: Date): Promise<LaunchResponse> {
  return db.transaction(async (tx) => {
    const row = await ownOnboarding(tx, access, true);
    if (row.launchedAt === null) {
      const gaps = await launchGaps(tx, access.restaurantId);
      const fields: Record<string, string> = {};
      const missing: string[] = [];
      if (gaps.location) {
        fields.location = `Save the location first. ${ONBOARDING_MESSAGES.location}`;
        missing.push('the location (zip code, city and state)');
      }
      if (gaps.about) {
        fields.about = 'Save the about step first: the restaurant name and store URL are needed.';
        missing.push('the restaurant name and store URL (about)');
      }
      if (missing.length > 0) {
        throw new HttpError(409, 'onboarding_incomplete', `Before launching, please save ${missing.join(' and ')}.`, { fields });
      }
      await tx
        .update(onboardings)
        .set({ launchedAt: now, progress: sql`${onboardings.progress} || '{"launch": true}'::jsonb` })
        .where(eq(onboardings.restaurantId, access.restaurantId));
    }
    return { id: access.restaurantId, launched: true };
  });
}
