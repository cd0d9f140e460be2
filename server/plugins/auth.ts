import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
import type { AppContext } from '../app-context';
import { verifyAccessToken, type AccessCheck } from '../domain/accounts/sessions';
import { findUserById } from '../domain/accounts/users';
import { isAdmin, type UserRow } from '../domain/shared/people';
import { HttpError } from '../http-error';

/**
 * Bearer authentication for routes. Use the guards as preHandlers and read the user back:
 *
 *   app.get(path, { preHandler: app.requireUser }, async (request) => {
 *     const user = signedInUser(request);            // UserRow, never undefined here
 *   });
 *   app.get(path, { preHandler: app.requireAdmin }, ...);   // staff or superadmin, else 403
 *
 * Without a token: 401 `not_authenticated`. Bad signature/type/audience, unknown user:
 * 401 `token_invalid`. Expired: 401 `token_expired` (the client renews and retries).
 */
declare module 'fastify' {
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
    requireAdmin: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin; null on routes without a guard. */
    user: UserRow | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_\-.]+)$/;

const TOKEN_ERRORS = {
  token_invalid: 'Your session is not valid. Please sign in again.',
  token_expired: 'Your session has expired. Please sign in again.',
} as const;

/** The user the guard loaded; throws 401 if a route forgot its guard (a bug, but never a leak). */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, 'not_authenticated', 'Please sign in.');
  return request.user;
}

/** Tokens remembered at most; the oldest is forgotten first (it is only checked again). */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * verifyAccessToken, remembering the tokens it accepted: a session presents the same token on
 * every request for its ~15 minutes, and a token's signature and claims never change, only the
 * time does. So a known token skips the HMAC check (a tenth of this request's CPU in the bench)
 * but its expiry is compared with the clock on every use; an expired one goes back through
 * verifyAccessToken for its answer. The user behind it is still looked up on every request.
 */
function rememberingVerifier(context: AppContext): (token: string) => Promise<AccessCheck> {
  const verified = new Map<string, { userId: number; expiresAt: number }>();
  return async (token) => {
    const known = verified.get(token);
    if (known && known.expiresAt > Math.floor(context.clock().getTime() / 1000)) return { ok: true, userId: known.userId };
    verified.delete(token);
    const check = await verifyAccessToken(token, context.sessions);
    const expiresAt = check.ok ? decodeJwt(token).exp : undefined;
    if (check.ok && expiresAt !== undefined) {
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value as string);
      verified.set(token, { userId: check.userId, expiresAt });
    }
    return check;
  };
}

async function authPlugin(app: FastifyInstance, context: AppContext) {
  app.decorateRequest('user', null);
  const verify = rememberingVerifier(context);

  const authenticate = async (request: FastifyRequest): Promise<UserRow> => {
    const header = request.headers.authorization;
    if (!header) throw new HttpError(401, 'not_authenticated', 'Please sign in.');
    const match = BEARER.exec(header.trim());
    if (!match?.[1]) throw new HttpError(401, 'token_invalid', TOKEN_ERRORS.token_invalid);
    const check = await verify(match[1]);
    if (!check.ok) throw new HttpError(401, check.reason, TOKEN_ERRORS[check.reason]);
    const user = await findUserById(context.database.db, check.userId);
    if (!user) throw new HttpError(401, 'token_invalid', TOKEN_ERRORS.token_invalid);
    return user;
  };

  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    request.user = await authenticate(request);
  };
  const requireAdmin: preHandlerAsyncHookHandler = async (request) => {
    const user = await authenticate(request);
    if (!isAdmin(user)) throw new HttpError(403, 'forbidden', 'This needs a platform administrator.');
    request.user = user;
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireAdmin', requireAdmin);
}

export default fp(authPlugin, { name: 'auth' });
