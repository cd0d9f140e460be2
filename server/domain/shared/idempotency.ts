import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { idempotencyKeys } from '../../db/schema';
import { HttpError } from '../../http-error';

export type StoredAnswer = { statusCode: number; body: unknown };
export type IdempotentRequest = { scope: string; key: string | undefined; payload: unknown };
/** What runIdempotent answers: the stored answer, and whether it is a replay of an earlier one. */
export type IdempotentAnswer = StoredAnswer & { replayed: boolean };

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_KEY_LIFETIME_HOURS = 24;

function fingerprint(payload: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(payload ?? null))
    .digest('hex');
}

/**
 * Runs `work` in one transaction. With a key, the first answer is stored in that same
 * transaction and every later request with that key gets it back, whatever happened in
 * between; a second request racing the first waits on an advisory lock instead of
 * creating a duplicate. An error (validation, rate limit) stores nothing, so a retry is
 * judged afresh.
 */
export async function runIdempotent(db: Db, request: IdempotentRequest, work: (tx: Db) => Promise<StoredAnswer>): Promise<IdempotentAnswer> {
  const { key, scope } = request;
  if (key === undefined) return { ...(await db.transaction((tx) => work(tx))), replayed: false };
  if (!KEY_PATTERN.test(key)) {
    throw new HttpError(400, 'invalid_idempotency_key', 'The Idempotency-Key header must be 1 to 255 visible characters.');
  }
  const requestHash = fingerprint(request.payload);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}\n${key}`}, 0))`);
    const [previous] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (previous) {
      if (previous.requestHash !== requestHash) {
        throw new HttpError(409, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request.');
      }
      return { statusCode: previous.statusCode, body: previous.body, replayed: true };
    }
    const answer = await work(tx as unknown as Db);
    await tx.insert(idempotencyKeys).values({ scope, key, requestHash, statusCode: answer.statusCode, body: answer.body });
    return { ...answer, replayed: false };
  });
}

/** Forgets keys older than their lifetime; returns how many were removed. */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_HOURS * 3_600_000);
  const removed = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).returning({ key: idempotencyKeys.key });
  return removed.length;
}
