import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
import type { AppContext } from '../app-context';
import { verifyAccessToken, type AccessCheck } from '../domain/accounts/sessions';
import { findUserById } from '../domain/accounts/users';
import { isAdmin, type UserRow } from '../domain/shared/people';
import { ViewerCheck, type Scope } from '../domain/shared/scope';
import { scopeOf } from '../domain/shared/tenancy';
import { sameScope } from '../domain/shared/viewer-check';
import { HttpError } from '../http-error';

/**
 * Bearer authentication for routes. Use the guards as preValidation hooks, so that an anonymous
 * caller gets the 401 before any contract reads the body (issue 28: a body of 60,000 unknown
 * fields was checked, and answered in full, before the guard ran), and read the user back:
 *
 *   app.get(path, { preValidation: app.requireUser }, async (request) => {
 *     const user = signedInUser(request);            // UserRow, never undefined here
 *   });
 *   app.get(path, { preValidation: app.requireAdmin }, ...);   // staff or superadmin, else 403
 *
 * Reads that only need the caller's scope may skip the separate user lookup:
 *
 *   app.get(path, { preValidation: app.requireViewer }, async (request) =>
 *     app.readAsViewer(request, (scope) => listSomething(db, scope, ...)));
 *
 * Without a token: 401 `not_authenticated`. Bad signature/type/audience, unknown user:
 * 401 `token_invalid`. Expired: 401 `token_expired` (the client renews and retries).
 */
declare module 'fastify' {
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
    requireAdmin: preHandlerAsyncHookHandler;
    /** Like requireUser, but leaves the user's lookup to `readAsViewer` when it can. */
    requireViewer: preHandlerAsyncHookHandler;
    /** Runs a read as the signed-in caller; see `readAsViewer` below. */
    readAsViewer: <T>(request: FastifyRequest, read: (scope: Scope) => Promise<T>) => Promise<T>;
  }
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin (and requireViewer when it read the user); null on routes without a guard. */
    user: UserRow | null;
    /** Set by requireViewer when it left the user's lookup to readAsViewer. */
    viewer: AssumedViewer | null;
  }
}

/** A verified token's user, whose scope on their previous request is assumed until read again. */
type AssumedViewer = { token: string; userId: number; epoch: number; assumed: Scope };

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
 * verifyAccessToken for its answer. The user behind it is still read on every request.
 *
 * Beside each token it keeps the scope its user had when last read: only a guess for
 * `readAsViewer`, which reads the user again in the same statement as its list and starts over
 * when the guess was wrong. Nothing a request needs is answered from it.
 */
function rememberingVerifier(context: AppContext) {
  const verified = new Map<string, { userId: number; epoch: number; expiresAt: number; scope?: Scope }>();
  const verify = async (token: string): Promise<AccessCheck> => {
    const known = verified.get(token);
    if (known && known.expiresAt > Math.floor(context.clock().getTime() / 1000)) return { ok: true, userId: known.userId, epoch: known.epoch };
    verified.delete(token);
    const check = await verifyAccessToken(token, context.sessions);
    const expiresAt = check.ok ? decodeJwt(token).exp : undefined;
    if (check.ok && expiresAt !== undefined) {
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value as string);
      verified.set(token, { userId: check.userId, epoch: check.epoch, expiresAt });
    }
    return check;
  };
  const lastScope = (token: string) => verified.get(token)?.scope;
  const rememberScope = (token: string, scope: Scope) => {
    const known = verified.get(token);
    if (known) known.scope = scope;
  };
  return { verify, lastScope, rememberScope };
}

const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

async function authPlugin(app: FastifyInstance, context: AppContext) {
  app.decorateRequest('user', null);
  app.decorateRequest('viewer', null);
  const tokens = rememberingVerifier(context);
  const db = context.database.db;
  const userGone = () => new HttpError(401, 'token_invalid', TOKEN_ERRORS.token_invalid);

  /** The bearer token's user id and session epoch; 401 without a valid, unexpired token. */
  const verifiedToken = async (request: FastifyRequest): Promise<{ token: string; userId: number; epoch: number }> => {
    const header = request.headers.authorization;
    if (!header) throw new HttpError(401, 'not_authenticated', 'Please sign in.');
    const match = BEARER.exec(header.trim());
    if (!match?.[1]) throw new HttpError(401, 'token_invalid', TOKEN_ERRORS.token_invalid);
    const check = await tokens.verify(match[1]);
    if (!check.ok) throw new HttpError(401, check.reason, TOKEN_ERRORS[check.reason]);
    return { token: match[1], userId: check.userId, epoch: check.epoch };
  };

  // A token signed before its user's sessions were ended (logout, password reset) is as good as
  // one whose user is gone: the client renews it once, which works only if its session still lives.
  const sessionUser = async (userId: number, epoch: number): Promise<UserRow | undefined> => {
    const user = await findUserById(db, userId);
    return user?.sessionEpoch === epoch ? user : undefined;
  };
  const loadUser = async (token: string, userId: number, epoch: number): Promise<UserRow> => {
    const user = await sessionUser(userId, epoch);
    if (!user) throw userGone();
    tokens.rememberScope(token, scopeOf(user));
    return user;
  };

  const authenticate = async (request: FastifyRequest): Promise<UserRow> => {
    const { token, userId, epoch } = await verifiedToken(request);
    return loadUser(token, userId, epoch);
  };

  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    request.user = await authenticate(request);
  };
  const requireAdmin: preHandlerAsyncHookHandler = async (request) => {
    const user = await authenticate(request);
    if (!isAdmin(user)) throw new HttpError(403, 'forbidden', 'This needs a platform administrator.');
    request.user = user;
  };
  // The user is read here only for a token seen for the first time; else readAsViewer reads it.
  const requireViewer: preHandlerAsyncHookHandler = async (request) => {
    const { token, userId, epoch } = await verifiedToken(request);
    const assumed = tokens.lastScope(token);
    if (assumed) request.viewer = { token, userId, epoch, assumed };
    else request.user = await loadUser(token, userId, epoch);
  };

  /**
   * Runs `read` with the scope the caller had on their previous request, and accepts its
   * outcome (answer or refusal) only once the user has been read again and still has that
   * scope: a list reads the user in its own statement (ViewerCheck), anything else reads it
   * after. A user who is gone gets 401 and nothing read; a changed scope runs `read` again with
   * the scope read. So an answer is never older than the statement that made it, as with
   * requireUser, in one round trip instead of two.
   */
  const readAsViewer = async <T>(request: FastifyRequest, read: (scope: Scope) => Promise<T>): Promise<T> => {
    if (request.user) return read(scopeOf(request.user));
    const viewer = request.viewer;
    if (!viewer) throw new HttpError(401, 'not_authenticated', 'Please sign in.');
    const viewerCheck = new ViewerCheck(viewer.userId, viewer.epoch);
    const outcome = await settled(read({ ...viewer.assumed, viewerCheck }));
    const seen =
      viewerCheck.seen !== undefined ? viewerCheck.seen : await sessionUser(viewer.userId, viewer.epoch).then((user) => (user ? scopeOf(user) : null));
    if (seen === null) throw userGone();
    tokens.rememberScope(viewer.token, seen);
    if (!sameScope(seen, viewer.assumed)) return read(seen);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  };

  app.decorate('requireUser', requireUser);
  app.decorate('requireAdmin', requireAdmin);
  app.decorate('requireViewer', requireViewer);
  app.decorate('readAsViewer', readAsViewer);
}

export default fp(authPlugin, { name: 'auth' });
