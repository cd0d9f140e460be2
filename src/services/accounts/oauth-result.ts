import type { Tokens } from '../../../contracts/shared/session';

export type OAuthAddressResult = { tokens: Tokens; error?: undefined } | { tokens?: undefined; error: string };

const KEYS = ['access', 'refresh', 'error', 'error_description'];

/**
 * Reads what the server's Google flow put in the address of /oauth/complete (spec section 4:
 * `access` and `refresh` in the hash or the query, or an `error`) and removes it at once with
 * history.replaceState, before anything else runs: tokens left in the address would end up in
 * the history, in bookmarks and in the Referer of the next request.
 */
export function takeOAuthResult(win: Pick<Window, 'location' | 'history'> = window): OAuthAddressResult {
  const url = new URL(win.location.href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const query = url.searchParams;
  const read = (key: string) => hash.get(key) ?? query.get(key);
  const access = read('access');
  const refresh = read('refresh');
  const error = read('error_description') ?? read('error');

  if (KEYS.some((key) => hash.has(key) || query.has(key))) {
    for (const key of KEYS) query.delete(key);
    for (const key of KEYS) hash.delete(key);
    const rest = hash.toString();
    const clean = `${url.pathname}${query.size > 0 ? `?${query.toString()}` : ''}${rest ? `#${rest}` : ''}`;
    win.history.replaceState(win.history.state, '', clean);
  }

  if (access && refresh) return { tokens: { access, refresh } };
  return { error: error ?? '' };
}

// React may render a component twice in development (StrictMode); the first reading has
// already cleaned the address, so the answer is kept for the page's life.
let remembered: OAuthAddressResult | undefined;

/** takeOAuthResult once per page load. */
export function oauthResultOnce(): OAuthAddressResult {
  const fresh = takeOAuthResult();
  if (fresh.tokens || fresh.error || remembered === undefined) remembered = fresh;
  return remembered;
}
