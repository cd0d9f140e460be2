import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database';
import { insertOrder } from '#tests/fixtures/ordering/insert-order';
import { injectedOwner } from '../owner-calls';
import { createTestApp, freshDatabase, type TestApp } from '../test-app';
import { seedStore, type OwnerCall } from '#tests/fixtures/storefront/seed-store';

/** A tiny build: the app's page, a file, a hashed asset and the manifest naming the store script. */
const staticDir = mkdtempSync(join(tmpdir(), 'rp-store-page-'));
const INDEX = '<!doctype html><title>The app</title>';
mkdirSync(join(staticDir, 'assets'));
mkdirSync(join(staticDir, '.vite'));
writeFileSync(join(staticDir, 'index.html'), INDEX);
writeFileSync(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(staticDir, 'assets', 'store-page-abc123.js'), 'export {};');
writeFileSync(join(staticDir, '.vite', 'manifest.json'), JSON.stringify({ 'src/store-page.tsx': { file: 'assets/store-page-abc123.js', isEntry: true } }));
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

// One database and one built app for the file: a launched store (blue-door) and an unlaunched one (green-door).
let database: { database: Database; dispose: () => Promise<void> };
let t: TestApp;
let owner: OwnerCall;
let later: { call: OwnerCall; restaurantId: number };
beforeAll(async () => {
  database = await freshDatabase();
  t = await createTestApp({ database: database.database, config: { staticDir } });
  const launched = await injectedOwner(t, 'owner@example.com');
  owner = launched.call;
  await seedStore(owner, launched.restaurantId, { slug: 'blue-door', categories: 2, itemsPerCategory: 2 });
  later = await injectedOwner(t, 'later@example.com');
  await seedStore(later.call, later.restaurantId, { slug: 'green-door', categories: 1, itemsPerCategory: 1, launch: false });
});
afterAll(async () => {
  await t?.close();
  await database?.dispose();
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });

describe('GET /{slug}', { timeout: 30_000 }, () => {
  it('answers a launched store’s page, rendered on the server with its prices, status and script, compressed once', async () => {
    const page = await get('/blue-door');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toMatch(/^"\d+-/);
    expect(page.headers.vary).toContain('accept-encoding');
    expect(page.body).toContain('<title>Blue Door Diner · Order online</title>');
    expect(page.body).toContain('Open 24 hours');
    expect(page.body).toContain('<b class="price">$9.00</b>');
    expect(page.body).toContain('<p class="price">$1.50</p>');
    expect(page.body).toContain('<script type="module" src="/assets/store-page-abc123.js"></script>');

    const br = await get('/blue-door', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page.body);
    const gzip = await get('/blue-door', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(page.body);

    const head = await get('/blue-door', {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(page.headers.etag);
    expect(head.body).toBe('');
  });

  it('answers 304 to the current ETag, and a change in the back office shows on the very next request', async () => {
    const first = await get('/blue-door');
    const etag = String(first.headers.etag);
    const unchanged = await get('/blue-door', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const items = (await owner('GET', '/menu-items/?page_size=100')).body as { results: { id: number; price: number | null }[] };
    const priced = items.results.find((item) => item.price === 2.5)!;
    expect((await owner('PATCH', `/menu-items/${priced.id}/`, { price: 4.75 })).status).toBe(200);
    const changed = await get('/blue-door', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('$4.75');
    expect(changed.body).not.toContain('$2.50');
  });

  it('renders the page without its script when the app is not built', async () => {
    const unbuilt = await createTestApp({ database: database.database });
    try {
      const page = await unbuilt.app.inject({ method: 'GET', url: '/blue-door' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Blue Door Diner</h1>');
      expect(page.body).not.toContain('type="module"');
      // Without a build there is no app to answer with: an unknown path is the API's 404, as before.
      expect((await unbuilt.app.inject({ method: 'GET', url: '/no-such-store' })).statusCode).toBe(404);
    } finally {
      await unbuilt.close();
    }
  });

  it('keeps answering the app for unknown, unlaunched and reserved paths, and files with their files, until a store is launched', async () => {
    for (const path of [
      '/green-door',
      '/no-such-store',
      '/login',
      '/register',
      '/terms',
      '/admin',
      '/backoffice',
      '/backoffice/menu',
      '/onboard/location',
      '/blue-door/',
    ]) {
      const answer = await get(path);
      expect([path, answer.statusCode, answer.headers['content-type'], answer.body]).toEqual([path, 200, 'text/html; charset=utf-8', INDEX]);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/login', {}, 'HEAD')).statusCode).toBe(200);
    const favicon = await get('/favicon.svg');
    expect([favicon.statusCode, favicon.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    const script = await get('/assets/store-page-abc123.js');
    expect([script.statusCode, script.body]).toEqual([200, 'export {};']);
    expect((await get('/robots.txt')).body).toContain('User-agent');
    expect((await get('/missing.js')).statusCode).toBe(404);
  });
});

describe('GET /{slug}/orders/{token} (issue 30)', { timeout: 30_000 }, () => {
  const TOKEN = 'tok_abcdefghijklmnopqrstuv';

  it('answers a launched store’s tracking page: noindex, never cached or sent on as a Referer, its script given the token', async () => {
    const page = await get(`/blue-door/orders/${TOKEN}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
    expect(page.body).toContain('<title>Your order · Blue Door Diner</title>');
    expect(page.body).toContain('<a href="/blue-door">Blue Door Diner</a>');
    expect(page.body).toContain(
      `<script type="application/json" id="track-data">{"slug":"blue-door","token":"${TOKEN}","name":"Blue Door Diner","logoUrl":null}</script>`,
    );
    expect(page.body).toContain('<script type="module" src="/assets/store-page-abc123.js"></script>');
    expect(page.body).toContain('role="status" id="tracking-news"');
  });

  it('leaves every other path of that shape to the app: an unlaunched or unknown store, a reserved path, a segment that is no token', async () => {
    for (const path of [
      `/green-door/orders/${TOKEN}`,
      `/no-such-store/orders/${TOKEN}`,
      `/backoffice/orders/${TOKEN}`,
      '/blue-door/orders/short',
      `/blue-door/orders/${TOKEN}!`,
    ]) {
      const answer = await get(path);
      expect([path, answer.statusCode, answer.body]).toEqual([path, 200, INDEX]);
    }
  });
});

describe('a renamed store (issue 40, item 16)', { timeout: 30_000 }, () => {
  let red: { call: OwnerCall; restaurantId: number };
  const about = (slug: string) => ({ name: 'Red Door', about: 'Soups.', slug, logo_url: '' });
  beforeAll(async () => {
    red = await injectedOwner(t, 'red@example.com');
    await seedStore(red.call, red.restaurantId, { slug: 'red-door', name: 'Red Door', categories: 1, itemsPerCategory: 1 });
    expect((await red.call('PUT', `/onboarding/${red.restaurantId}/about/`, about('red-door-two'))).status).toBe(200);
  });

  it('keeps its former address: the page there redirects (301) to the current one, and no other restaurant may take it', async () => {
    const moved = await get('/red-door?from=mail');
    expect([moved.statusCode, moved.headers.location]).toEqual([301, '/red-door-two?from=mail']);
    expect((await get('/red-door-two')).body).toContain('<h1>Red Door</h1>');

    const taken = await later.call('PUT', `/onboarding/${later.restaurantId}/about/`, { ...about('red-door'), name: 'Green Door' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'slug_taken', detail: 'The store URL “red-door” is already taken. Please choose another.' });
    expect((await get('/red-door')).headers.location).toBe('/red-door-two');
  });

  it('opens a tracking link in the order’s own store, whatever store address it is reached by', async () => {
    const { token } = await insertOrder(t.database, { restaurantId: red.restaurantId });
    for (const slug of ['red-door', 'blue-door']) {
      const sent = await get(`/${slug}/orders/${token}`);
      expect([slug, sent.statusCode, sent.headers.location, sent.headers['cache-control']]).toEqual([
        slug,
        302,
        `/red-door-two/orders/${token}`,
        'private, no-store',
      ]);
    }
    const page = await get(`/red-door-two/orders/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Your order · Red Door</title>');
    expect(page.body).toContain(`{"slug":"red-door-two","token":"${token}","name":"Red Door"`);
  });
});

describe('page loads per address (issue 40, item 18)', { timeout: 30_000 }, () => {
  it('counts the store page and the tracking page by client address: past the limit, a 429 page with Retry-After', async () => {
    // Twice RATE_LIMIT_PER_MINUTE (server/routes/shared/page-rate-limit.ts), made small here.
    const limited = await createTestApp({ database: database.database, config: { staticDir, rateLimitPerMinute: 3 } });
    try {
      const load = (url: string, remoteAddress: string) => limited.app.inject({ method: 'GET', url, remoteAddress });
      for (const path of ['/blue-door', '/blue-door/orders/tok_abcdefghijklmnopqrstuv']) {
        const loads = [];
        for (let n = 0; n < 6; n += 1) loads.push((await load(path, '203.0.113.9')).statusCode);
        expect(loads).toEqual(Array(6).fill(200));
        const refused = await load(path, '203.0.113.9');
        expect([refused.statusCode, refused.headers['content-type']]).toEqual([429, 'text/html; charset=utf-8']);
        expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
        expect(refused.body).toContain('<h1>Too many requests</h1>');
        // Another address is not held back.
        expect((await load(path, '203.0.113.10')).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});
