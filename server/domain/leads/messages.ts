import { and, count, eq, gte, min, sql } from 'drizzle-orm';
import type { Message, MessageCreate } from '../../../contracts/leads';
import { LEGACY_BASE, paths } from '../../../contracts/shared/paths';
import type { Db } from '../../db/database';
import { messages } from '../../db/schema';
import { HttpError, describeWait } from '../../http-error';
import { runIdempotent, type IdempotentAnswer } from '../shared/idempotency';

const HOUR_MS = 3_600_000;
const USER_AGENT_MAX = 512;

export type SignupLimits = { perEmailPerHour: number };

export function toMessage(row: typeof messages.$inferSelect): Message {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    email: row.email,
    zip_code: row.zipCode,
    message: row.message,
    status: row.status,
    user_agent: row.userAgent,
  };
}

/**
 * A sign-up as the landing page's endpoint receives it: stored once per Idempotency-Key, so a
 * client retrying a POST whose answer it never got does not sign up twice.
 */
export function submitSignupMessage(
  db: Db,
  message: MessageCreate,
  request: { idempotencyKey: string | undefined; userAgent: string | undefined; limits: SignupLimits; clock: () => Date },
): Promise<IdempotentAnswer> {
  const scope = `POST ${LEGACY_BASE}${paths.messages}`;
  return runIdempotent(db, { scope, key: request.idempotencyKey, payload: message }, async (tx) => ({
    statusCode: 201,
    body: await createSignupMessage(tx, { ...message, userAgent: request.userAgent }, request.limits, request.clock()),
  }));
}

/**
 * Stores a landing-page sign-up. At most `perEmailPerHour` per address: the count is taken
 * under a per-address lock, so two simultaneous requests cannot both slip under the limit.
 */
export async function createSignupMessage(tx: Db, input: MessageCreate & { userAgent: string | undefined }, limits: SignupLimits, now: Date): Promise<Message> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`signup\n${input.email}`}, 0))`);
  const windowStart = new Date(now.getTime() - HOUR_MS);
  const [recent] = await tx
    .select({ total: count(), oldest: min(messages.createdAt) })
    .from(messages)
    .where(and(eq(messages.email, input.email), gte(messages.createdAt, windowStart)));
  if (recent && recent.total >= limits.perEmailPerHour && recent.oldest) {
    const waitSeconds = Math.max(1, Math.ceil((recent.oldest.getTime() + HOUR_MS - now.getTime()) / 1000));
    throw new HttpError(429, 'rate_limited', `This email address has signed up too often. Please try again in ${describeWait(waitSeconds)}.`, {
      headers: { 'retry-after': String(waitSeconds) },
    });
  }
  const [row] = await tx
    .insert(messages)
    .values({
      email: input.email,
      zipCode: input.zip_code,
      message: input.message ?? '',
      userAgent: input.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toMessage(row);
}
