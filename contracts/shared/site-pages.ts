/**
 * Pages of the web app that both ends and several areas name. The sign-in pages: a signed-in
 * person has no reason to be sent back to one (after sign-in, or by Back out of the onboarding).
 */
export const SIGN_IN_PAGES = ['/login', '/register', '/forgot', '/reset', '/oauth/complete'] as const;

export const isSignInPage = (path: string): boolean => SIGN_IN_PAGES.some((page) => path === page || path.startsWith(`${page}/`));

const SAME_SITE = 'http://same-site.invalid';

/**
 * A path of this site to send the browser to after sign-in, normalised, or null: the `next` of
 * the login page and of Google's sign-in, which must never become an open redirect. Whatever
 * could leave the site is dropped: `//host`, `/\host`, schemes, control characters, and what only
 * resolves to `//host` (`/.//host`, `/%2e%2e//host`), since the browser reads the answer again as
 * a URL and `//host` there is another site.
 */
export function sameSitePath(next: unknown): string | null {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2048 || !next.startsWith('/')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  let resolved: URL;
  try {
    resolved = new URL(next, SAME_SITE);
  } catch {
    return null;
  }
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return resolved.origin === SAME_SITE && !path.startsWith('//') ? path : null;
}

/**
 * Top-level paths this site answers itself (issue 29), which no store URL (`/{slug}`) may take:
 * the app's pages, the server's own addresses, the built app's folder and the files of public/
 * by their names (a slug holds no dot, so `robots` stands for robots.txt, `sitemap` for
 * sitemap.xml). tests/architecture/reserved-slugs.test.ts fails when a new top-level route is
 * not here. Restaurants that took one of these before it was reserved keep it.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'backoffice',
  'login',
  'register',
  'forgot',
  'reset',
  'terms',
  'privacy',
  'onboard',
  'oauth',
  'surveys',
  'api',
  'assets',
  'uploads',
  'robots',
  'sitemap',
  'favicon',
  'index',
]);

/** The sentence on the slug field for a reserved store URL. */
export const reservedSlugMessage = (slug: string) => `“${slug}” is one of this site's own addresses. Please choose another store URL.`;
