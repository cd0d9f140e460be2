import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { validate } from 'superstruct';
import { aboutStep } from '#contracts/onboarding';
import { RestaurantCreate } from '#contracts/shared/restaurants';
import { RESERVED_SLUGS } from '#contracts/shared/site-pages';
import { serverRoutes } from '#tests/support/contract-routes';

/**
 * A store lives at `/{slug}` (issue 29), so a slug must never be one of the site's own top-level
 * paths. This collects every one the site answers, from the app's route table, the server's
 * routes and public/, and names any that RESERVED_SLUGS lacks: adding a top-level route without
 * reserving it fails here.
 */

/** The first segment of a path, without a file extension (`/robots.txt` → `robots`); null for `/`, a parameter or a wildcard. */
function topSegment(path: string): string | null {
  const segment = path.split('/')[1]?.replace(/\..*$/, '') ?? '';
  return segment === '' || segment.startsWith(':') || segment.startsWith('*') ? null : segment;
}

/** Top-level `<Route path="...">` of src/app.tsx's AppRoutes (the nested tables are relative to them). */
async function appRouteSegments(): Promise<string[]> {
  const source = await readFile('src/app.tsx', 'utf8');
  const start = source.indexOf('export function AppRoutes');
  const table = source.slice(start, source.indexOf('\nexport function', start + 1));
  return [...table.matchAll(/<Route\s+path=["'{`]+([^"'`}]*)/g)].map((match) => match[1] as string);
}

describe('reserved store URLs', { timeout: 30_000 }, () => {
  it('reserve every top-level path of the app, the server and public/', async () => {
    const appPaths = await appRouteSegments();
    // The table was read: its known pages are there.
    expect(appPaths).toEqual(expect.arrayContaining(['/login', '/admin', '/backoffice']));
    const serverPaths = (await serverRoutes()).map((route) => route.url);
    expect(serverPaths).toEqual(expect.arrayContaining(['/robots.txt', '/sitemap.xml']));
    const publicFiles = (await readdir('public')).map((name) => `/${name}`);
    const segments = new Set([...appPaths, ...serverPaths, ...publicFiles].map(topSegment).filter((segment) => segment !== null));
    const missing = [...segments].filter((segment) => !RESERVED_SLUGS.has(segment));
    expect(missing, `top-level paths a store URL could take: add them to RESERVED_SLUGS (contracts/shared/site-pages.ts)`).toEqual([]);
  });

  it('are refused on the about step with a sentence on the slug field, as typed or in capitals; others pass', () => {
    const about = aboutStep('order.example.com');
    const body = { name: 'Login Diner', about: '', logo_url: '' };
    for (const slug of ['login', 'Sitemap', 'robots']) {
      const [failure] = validate({ ...body, slug }, about, { coerce: true });
      const expected = slug.toLowerCase();
      expect(failure?.failures().map(({ path, message }) => [path.join('.'), message])).toEqual([
        ['slug', `“${expected}” is one of this site's own addresses. Please choose another store URL.`],
      ]);
    }
    expect(validate({ ...body, slug: 'login-diner' }, about, { coerce: true })[0]).toBeUndefined();
    expect(validate({ name: 'Admin', slug: 'admin' }, RestaurantCreate, { coerce: true })[0]?.failures()[0]?.path).toEqual(['slug']);
  });
});
