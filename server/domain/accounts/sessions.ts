/**
 * Sessions: a short-lived signed access token plus an opaque, rotating refresh token.
 *
 * For other modules (e.g. Google sign-in), the one call needed to sign a user in:
 *
 *   const tokens = await issueSession(tx, user.id, sessionContext);   // → { access, refresh }
 *
 * `sessionContext` is `AppContext['sessions']` (keys, lifetimes, clock). Call it inside the
 * request's transaction so the user row and the session commit together.
 *
 * Access token: JWT, HS256 only (pinned on both sides), `typ: 'access'`, `sub` = user id,
 * fixed `iss`/`aud` that verification checks, `iat` and `exp` from the injected clock, and `sep`,
 * the user's session epoch when it was signed: logout and a password reset raise the epoch, which
 * ends every access token signed before at once instead of when it expires (auth plugin).
 * Refresh token: 32 random bytes (base64url); only its SHA-256 is stored, with a family id.
 * Every renewal marks the presented token replaced and issues a new one in the same family;
 * presenting a replaced or revoked token revokes the whole family (someone holds a copy).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Tokens } from '../../../contracts/shared/session';
import type { Db } from '../../db/database';
import { refreshTokens, users } from '../../db/schema';

export const TOKEN_ISSUER = 'tablefront';
export const TOKEN_AUDIENCE = 'tablefront-api';
const ACCESS_TYPE = 'access';
const ALGORITHM = 'HS256';

export type SessionContext = {
  accessKey: Uint8Array;
  accessTtlSeconds: number;
  refreshTtlDays: number;
  clock: () => Date;
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

// jose imports a raw key again on every call; imported once per key, a check costs about half.
const importedKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function hmacKey(raw: Uint8Array): Promise<CryptoKey> {
  let key = importedKeys.get(raw);
  if (!key) {
    key = crypto.subtle.importKey('raw', Uint8Array.from(raw), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    importedKeys.set(raw, key);
  }
  return key;
}

export async function signAccessToken(userId: number, epoch: number, context: SessionContext): Promise<string> {
  const now = seconds(context.clock());
  return new SignJWT({ typ: ACCESS_TYPE, sep: epoch })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + context.accessTtlSeconds)
    .sign(await hmacKey(context.accessKey));
}

export type AccessCheck = { ok: true; userId: number; epoch: number } | { ok: false; reason: 'token_invalid' | 'token_expired' };

/** Verifies signature (HS256 only: `none` and every other algorithm refused), iss, aud, exp and type. */
export async function verifyAccessToken(token: string, context: SessionContext): Promise<AccessCheck> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(context.accessKey), {
      algorithms: [ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: context.clock(),
    });
    const userId = Number(payload.sub);
    const epoch = payload.sep;
    if (payload.typ !== ACCESS_TYPE || !Number.isSafeInteger(userId) || userId <= 0) return { ok: false, reason: 'token_invalid' };
    if (typeof epoch !== 'number' || !Number.isSafeInteger(epoch) || epoch < 0) return { ok: false, reason: 'token_invalid' };
    return { ok: true, userId, epoch };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'token_expired' };
    return { ok: false, reason: 'token_invalid' };
  }
}

const hashRefresh = (token: string) => createHash('sha256').update(token).digest('hex');

async function storeRefresh(db: Db, userId: number, familyId: string, context: SessionContext): Promise<string> {
  const now = context.clock();
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashRefresh(token),
    expiresAt: new Date(now.getTime() + context.refreshTtlDays * 86_400_000),
    createdAt: now,
  });
  return token;
}

/** The user's current session epoch (0 for a user who is gone: their tokens are refused anyway). */
async function sessionEpochOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ epoch: users.sessionEpoch }).from(users).where(eq(users.id, userId));
  return row?.epoch ?? 0;
}

/** Signs `userId` in: a new access token and the first refresh token of a new family. */
export async function issueSession(db: Db, userId: number, context: SessionContext): Promise<Tokens> {
  const refresh = await storeRefresh(db, userId, randomUUID(), context);
  return { access: await signAccessToken(userId, await sessionEpochOf(db, userId), context), refresh };
}

export type RefreshOutcome = { ok: true; tokens: Tokens; userId: number } | { ok: false; reason: 'token_invalid' | 'token_expired' | 'token_reused' };

/**
 * Renews a session. Returns an outcome rather than throwing, so that the revocation of a
 * replayed token's family is committed even though the request is refused.
 */
export async function rotateRefreshToken(tx: Db, token: string, context: SessionContext): Promise<RefreshOutcome> {
  const now = context.clock();
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefresh(token)))
    .for('update');
  if (!row) return { ok: false, reason: 'token_invalid' };
  if (row.replacedAt || row.revokedAt) {
    await revokeFamily(tx, row.familyId, now);
    return { ok: false, reason: 'token_reused' };
  }
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'token_expired' };
  await tx.update(refreshTokens).set({ replacedAt: now }).where(eq(refreshTokens.id, row.id));
  const refresh = await storeRefresh(tx, row.userId, row.familyId, context);
  const access = await signAccessToken(row.userId, await sessionEpochOf(tx, row.userId), context);
  return { ok: true, userId: row.userId, tokens: { access, refresh } };
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends every access token of the user signed so far. Their other devices renew theirs with their
 * own refresh tokens (one request, unseen); a session whose refresh token is revoked cannot.
 */
async function raiseSessionEpoch(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ sessionEpoch: sql`${users.sessionEpoch} + 1` })
    .where(eq(users.id, userId));
}

/**
 * Logout: revokes the family of `token`, and ends the access token that goes with it at once.
 * Unknown tokens are ignored (signing out twice is fine).
 */
export async function revokeSessionOf(db: Db, token: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefresh(token)));
  if (!row) return;
  await revokeFamily(db, row.familyId, now);
  // A replayed logout of a session already ended needs no second raise.
  if (!row.revokedAt) await raiseSessionEpoch(db, row.userId);
}

/** After a password reset: every session of the user ends, access tokens included. */
export async function revokeAllSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await raiseSessionEpoch(db, userId);
}
