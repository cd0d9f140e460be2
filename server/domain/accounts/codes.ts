import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gte, isNull, max, min, sql } from 'drizzle-orm';
import { CODE_LENGTH, RESEND_LOCK_SECONDS } from '../../../contracts/accounts';
import type { Db } from '../../db/database';
import { oneTimeCodes } from '../../db/schema';

/**
 * Emailed one-time codes (PRODUCT.md, "Accounts and sign-in"): 6 digits from a secure
 * generator, stored only as an HMAC keyed with a key derived from the server secret, valid
 * 10 minutes, single use, void after 5 wrong tries; at most one send per address per 60 s
 * and 5 per hour. Every time comes from the caller's clock.
 *
 * Functions here return outcomes instead of throwing, because a wrong try must be counted
 * (committed) even though the request is refused.
 */
export type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];

export const CODE_LIFETIME_MINUTES = 10;
export const CODE_MAX_WRONG_TRIES = 5;
export const CODE_SENDS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

export function hashCode(key: Buffer, input: { email: string; purpose: CodePurpose; code: string }): string {
  // Email and purpose are part of the MAC: a stored hash is only ever good for its own address and use.
  return createHmac('sha256', key).update(`${input.purpose}\n${input.email}\n${input.code}`).digest('hex');
}

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

export type IssueOutcome = { ok: true; code: string; id: number } | { ok: false; reason: 'resend_locked' | 'hourly_cap'; retryAfterSeconds: number };

/**
 * Creates a new code for `email` unless the address is locked (a send less than 60 s ago, of
 * either purpose, or 5 sends in the last hour). Earlier unused codes of the same purpose are
 * voided: only the newest code works. Counts are taken under a per-address lock, so two
 * simultaneous requests cannot both get under a limit.
 */
export async function issueCode(tx: Db, input: { email: string; purpose: CodePurpose }, key: Buffer, now: Date): Promise<IssueOutcome> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`code\n${input.email}`}, 0))`);
  const [recent] = await tx
    .select({ sends: count(), oldest: min(oneTimeCodes.createdAt), newest: max(oneTimeCodes.createdAt) })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, input.email), gte(oneTimeCodes.createdAt, new Date(now.getTime() - HOUR_MS))));
  const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));
  if (recent?.newest && now.getTime() - recent.newest.getTime() < RESEND_LOCK_SECONDS * 1000) {
    return { ok: false, reason: 'resend_locked', retryAfterSeconds: secondsUntil(recent.newest.getTime() + RESEND_LOCK_SECONDS * 1000) };
  }
  if (recent?.oldest && recent.sends >= CODE_SENDS_PER_HOUR) {
    return { ok: false, reason: 'hourly_cap', retryAfterSeconds: secondsUntil(recent.oldest.getTime() + HOUR_MS) };
  }
  await tx
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.email, input.email), eq(oneTimeCodes.purpose, input.purpose), isNull(oneTimeCodes.consumedAt)));
  const code = generateCode();
  const [row] = await tx
    .insert(oneTimeCodes)
    .values({
      email: input.email,
      purpose: input.purpose,
      codeHash: hashCode(key, { ...input, code }),
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MINUTES * 60_000),
      createdAt: now,
    })
    .returning({ id: oneTimeCodes.id });
  if (!row) throw new Error('insert returned no row');
  return { ok: true, code, id: row.id };
}

/**
 * Whether the newest code of that address and purpose still works (unused, unexpired, tries
 * left): a code already in the person's inbox, which a locked address can still go on with.
 */
export async function hasLiveCode(db: Db, input: { email: string; purpose: CodePurpose }, now: Date): Promise<boolean> {
  const [current] = await db
    .select({ expiresAt: oneTimeCodes.expiresAt, failedAttempts: oneTimeCodes.failedAttempts })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, input.email), eq(oneTimeCodes.purpose, input.purpose), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  return current !== undefined && current.expiresAt.getTime() > now.getTime() && current.failedAttempts < CODE_MAX_WRONG_TRIES;
}

/** Forgets a code whose email could not be sent, so the address is not locked for a mail nobody got. */
export async function withdrawCode(db: Db, id: number): Promise<void> {
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.id, id));
}

export type CheckOutcome = { ok: true } | { ok: false; reason: 'no_code' | 'expired' | 'used_up' | 'wrong'; triesLeft?: number };

/**
 * Checks `code` against the newest unused code of that address and purpose, in constant time.
 * A match consumes it; a mismatch counts a wrong try, and the fifth voids it.
 */
export async function consumeCode(tx: Db, input: { email: string; purpose: CodePurpose; code: string }, key: Buffer, now: Date): Promise<CheckOutcome> {
  const [current] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, input.email), eq(oneTimeCodes.purpose, input.purpose), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1)
    .for('update');
  if (!current) return { ok: false, reason: 'no_code' };
  if (current.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  if (current.failedAttempts >= CODE_MAX_WRONG_TRIES) return { ok: false, reason: 'used_up' };

  const expected = Buffer.from(current.codeHash, 'hex');
  const actual = Buffer.from(hashCode(key, input), 'hex');
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
    // The consumed_at condition makes the use single even if two requests got this far.
    const used = await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(and(eq(oneTimeCodes.id, current.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    return used.length === 1 ? { ok: true } : { ok: false, reason: 'no_code' };
  }
  const failed = current.failedAttempts + 1;
  await tx
    .update(oneTimeCodes)
    .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
    .where(eq(oneTimeCodes.id, current.id));
  if (failed >= CODE_MAX_WRONG_TRIES) return { ok: false, reason: 'used_up' };
  return { ok: false, reason: 'wrong', triesLeft: CODE_MAX_WRONG_TRIES - failed };
}
