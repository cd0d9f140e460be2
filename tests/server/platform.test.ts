import type { AddressInfo } from 'node:net';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { fromPostgresUrl } from '#server/db/database';
import { memoryMailer } from './accounts/auth-helpers';
import { createTestApp, testConfig, type TestApp } from './test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/v2/health/', () => {
  it('reports a reachable database', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/health/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: true });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while the database is unreachable, and API calls get the error shape, not a crash', async () => {
    // Nothing listens on port 1: every connection attempt is refused at once.
    const unreachable = fromPostgresUrl('postgres://nobody@127.0.0.1:1/none', 2);
    const app = await buildApp(testConfig(), { database: unreachable });
    try {
      const health = await app.inject({ method: 'GET', url: '/api/v2/health/' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'degraded', database: false });

      const signup = await app.inject({ method: 'POST', url: '/api/messages/', payload: { zip_code: '10001', email: 'a@example.com' } });
      expect(signup.statusCode).toBe(503);
      expect(signup.json()).toEqual({ detail: 'The service is temporarily unavailable. Please try again shortly.', code: 'database_unavailable' });
      expect(signup.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
    }
  });
});

describe('security and conventions', () => {
  it('sends security headers with a strict content security policy', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/health/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers unknown API paths with the error shape, and explains a missing trailing slash', async () => {
    t = await createTestApp();
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v2/nothing-here/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.', code: 'not_found' });

    const noSlash = await t.app.inject({ method: 'POST', url: '/api/messages', payload: {} });
    expect(noSlash.statusCode).toBe(404);
    expect(noSlash.json()).toEqual({ detail: 'Not found. API paths end with a slash: /api/messages/', code: 'not_found' });
  });

  it('answers what the framework refuses before routing in the same error shape: a malformed escape, an address too long', async () => {
    t = await createTestApp();
    const badEscape = await t.app.inject({ method: 'GET', url: '/api/v2/%zz/' });
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({ detail: 'The address is not valid: it holds a malformed % escape.', code: 'bad_url' });

    // Node's own parser refuses this one before Fastify sees it: only a real socket shows it.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const tooLong = await fetch(`http://127.0.0.1:${port}/api/v2/health/?q=${'a'.repeat(20_000)}`);
    expect(tooLong.status).toBe(431);
    expect(await tooLong.json()).toEqual({ detail: 'The address or headers of the request are too long.', code: 'headers_too_large' });
    const health = await fetch(`http://127.0.0.1:${port}/api/v2/health/`);
    expect(health.status).toBe(200);
  });

  it('rate-limits each client and says when to come back', async () => {
    t = await createTestApp({ config: { signupLimitPerMinute: 2 } });
    const send = (email: string) =>
      t!.app.inject({ method: 'POST', url: '/api/messages/', payload: { zip_code: '10001', email }, remoteAddress: '203.0.113.7' });
    expect((await send('one@example.com')).statusCode).toBe(201);
    expect((await send('two@example.com')).statusCode).toBe(201);
    const refused = await send('three@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(refused.json().detail).toMatch(/^Too many requests\. Please try again in \d+ seconds?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const otherClient = await t.app.inject({
      method: 'POST',
      url: '/api/messages/',
      payload: { zip_code: '10001', email: 'four@example.com' },
      remoteAddress: '203.0.113.8',
    });
    expect(otherClient.statusCode).toBe(201);
  });
});

/**
 * Behind a reverse proxy (issue 40): the per-address limits (2 a minute here) count the address
 * the trusted proxy saw, whatever a client writes in X-Forwarded-For itself.
 */
describe('behind a reverse proxy (TRUST_PROXY)', () => {
  const limitedBehind = (trustProxy: string) =>
    createTestApp({
      mailer: memoryMailer(),
      config: { trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy, authLimitPerMinute: 2, signupLimitPerMinute: 2 },
    });
  const CALLS = [
    ['login', '/api/v2/auth/login/', { email: 'x@example.com', password: 'whatever1' }],
    ['account sign-up', '/api/v2/auth/register/', { email: 'new@example.com', accepted_terms: true }],
    ['landing sign-up', '/api/messages/', { zip_code: '10001', email: 'lead@example.com' }],
  ] as const;
  /** Three calls from `client`, each with another address written in its own X-Forwarded-For, as the proxy (loopback) passes them on. */
  const spoofed = async (url: string, payload: object, client: string) => {
    const statuses = [];
    for (const written of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      statuses.push((await t!.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': `${written}, ${client}` } })).statusCode);
    }
    return statuses;
  };

  it('TRUST_PROXY=1: login and both sign-ups answer 429 on the third call whatever address each claims', async () => {
    t = await limitedBehind('1');
    for (const [label, url, payload] of CALLS) {
      const statuses = await spoofed(url, payload, '198.51.100.7');
      expect([label, statuses[2]]).toEqual([label, 429]);
    }
  });

  it('TRUST_PROXY=<the proxy’s address>: clients behind it counted apart; one connecting directly is counted as itself', async () => {
    t = await limitedBehind('127.0.0.1, 10.0.0.0/8');
    const [label, url, payload] = CALLS[0];
    expect([label, await spoofed(url, payload, '198.51.100.8')]).toEqual([label, [401, 401, 429]]);
    expect(await spoofed(url, payload, '198.51.100.9')).toEqual([401, 401, 429]);
    const direct = [];
    for (const written of ['10.0.0.1', '198.51.100.10', '203.0.113.1']) {
      direct.push((await t.app.inject({ method: 'POST', url, payload, remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': written } })).statusCode);
    }
    expect(direct).toEqual([401, 401, 429]);
  });
});

describe('serving the built app', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'rp-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'entry-abc123.js'), 'console.log(1)');
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('serves hashed assets with a long cache and falls back to index.html for app paths', async () => {
    t = await createTestApp({ config: { staticDir: dist } });
    const asset = await t.app.inject({ method: 'GET', url: '/assets/entry-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    // A token in the query may hold dots: only the path decides whether a file was asked for.
    for (const path of ['/', '/login', '/reset?token=a.b.c', '/backoffice/menu/categories/7/editor', '/no/such/page']) {
      const page = await t.app.inject({ method: 'GET', url: path });
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<div id="root">');
    }

    const api = await t.app.inject({ method: 'GET', url: '/api/v2/unknown/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers 404, never the app’s page, for a missing file: an asset, a folder of assets, any name with an extension', async () => {
    t = await createTestApp({ config: { staticDir: dist } });
    for (const path of [
      '/assets/entry-gone999.js',
      '/assets/style-gone999.css',
      '/assets/',
      '/assets/fonts/none',
      '/sitemaps.xml',
      '/favicon.ico',
      '/backoffice/menu.json',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const missing = await t.app.inject({ method, url: path });
        expect(missing.statusCode, `${method} ${path}`).toBe(404);
        expect(missing.headers['content-type'], `${method} ${path}`).not.toContain('text/html');
      }
      const missing = await t.app.inject({ method: 'GET', url: path });
      expect(missing.json(), path).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('counts the API against the per-client limit, not the app\u2019s own files: a page load fetches dozens of them', async () => {
    t = await createTestApp({ config: { staticDir: dist, rateLimitPerMinute: 3 } });
    const fromOneClient = (url: string) => t!.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
    for (let load = 0; load < 5; load += 1) {
      expect((await fromOneClient('/login')).statusCode).toBe(200);
      expect((await fromOneClient('/assets/entry-abc123.js')).statusCode).toBe(200);
    }
    const answers = [];
    for (let call = 0; call < 4; call += 1) answers.push((await fromOneClient('/api/v2/categories/')).statusCode);
    expect(answers.slice(0, 3).every((status) => status !== 429)).toBe(true);
    expect(answers[3]).toBe(429);
  });

  it('tells crawlers in plain text that the public pages may be indexed and the back office, onboarding and API may not', async () => {
    t = await createTestApp({ config: { staticDir: dist } });
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    const rules = robots.body.split('\n').filter(Boolean);
    expect(rules[0]).toBe('User-agent: *');
    expect(rules).toContain('Allow: /');
    expect(rules.filter((rule) => rule.startsWith('Disallow:')).sort()).toEqual([
      'Disallow: /admin',
      'Disallow: /api',
      'Disallow: /backoffice',
      'Disallow: /onboard',
    ]);
  });
});
