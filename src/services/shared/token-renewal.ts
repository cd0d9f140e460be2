import ky from 'ky';
import { Tokens } from '../../../contracts/shared/session';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { is } from 'superstruct';
import { buildUrl, type FetchLike } from './http-common';
import { browserTokens, type TokenStore } from './token-store';

export type RenewalOptions = {
  baseUrl: string;
  tokens: TokenStore;
  /** Called once when the session cannot be renewed (the tokens are already cleared). */
  onSessionLost: () => void;
  fetch?: FetchLike;
};

/**
 * Renews the access token with the stored refresh token (PRODUCT.md: the client renews once on
 * a 401 and retries). Concurrent callers share ONE request: the server rotates refresh tokens
 * and treats a second use of the same one as theft, revoking the whole session.
 * Resolves true when a new pair is stored, false when the session is over.
 */
export function createTokenRenewer(options: RenewalOptions): () => Promise<boolean> {
  // Never repeated: the server rotates refresh tokens and would read a second use as theft.
  const http = ky.create({ retry: 0, throwHttpErrors: false, fetch: options.fetch });
  let inFlight: Promise<boolean> | null = null;

  async function renew(): Promise<boolean> {
    const refresh = options.tokens.refreshToken();
    let pair: unknown = null;
    if (refresh) {
      try {
        const response = await http.post(buildUrl(options.baseUrl, paths.auth.refresh), { json: { refresh } });
        if (response.ok) pair = await response.json();
      } catch {
        // A network failure is not a verdict on the session: keep the tokens, fail this call.
        return false;
      }
    }
    if (is(pair, Tokens)) {
      options.tokens.replace(pair);
      return true;
    }
    options.tokens.clear();
    options.onSessionLost();
    return false;
  }

  return () => {
    inFlight ??= renew().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

/** In the browser a lost session goes to /login, remembering where the person was. */
export function sendToLogin(): void {
  const here = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname === '/login') return;
  window.location.assign(`/login?next=${encodeURIComponent(here)}`);
}

/**
 * The browser's one renewer, shared by both API clients: the server rotates refresh tokens, so
 * two renewers racing after the same expiry would spend one token twice and end the session.
 */
export const renewBrowserSession = createTokenRenewer({ baseUrl: API_BASE, tokens: browserTokens, onSessionLost: sendToLogin });

/**
 * How long before its `exp` an access token is renewed ahead of a call, at most: room for the
 * call to reach the server and for a browser clock a little behind the server's.
 */
export const RENEW_AHEAD_SECONDS = 30;

/** The `exp` and `iat` claims (seconds) of a JWT, read without checking it (the server checks); null when unreadable. */
function lifetimeOf(token: string): { exp: number; iat: number | undefined } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof claims !== 'object' || claims === null) return null;
    const { exp, iat } = claims as { exp?: unknown; iat?: unknown };
    return typeof exp === 'number' ? { exp, iat: typeof iat === 'number' ? iat : undefined } : null;
  } catch {
    return null;
  }
}

/**
 * Renews the session before a call whose access token has (nearly) run out by its own `exp`:
 * sending it would only earn a 401, which the browser logs in its console as a failed request
 * before the renewal and replay mend it. "Nearly" is a tenth of the token's life, at most
 * RENEW_AHEAD_SECONDS, so a short-lived token is not renewed before every call. A token that
 * cannot be read, or that runs out on the way, still gets the 401-then-renew path, and any
 * other refusal is the caller's to see.
 */
export async function renewAhead(token: string | null | undefined, renew: (() => Promise<boolean>) | undefined, now = Date.now()): Promise<void> {
  const lifetime = token ? lifetimeOf(token) : null;
  if (!renew || !lifetime) return;
  const margin = lifetime.iat === undefined ? 0 : Math.min(RENEW_AHEAD_SECONDS, (lifetime.exp - lifetime.iat) / 10);
  if (lifetime.exp - margin <= now / 1000) await renew();
}
