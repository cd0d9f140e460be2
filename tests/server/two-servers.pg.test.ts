// Runs only against real PostgreSQL (TEST_DATABASE_URL), and with Redis too when TEST_REDIS_URL
// is set: two server processes, each with its own data folder, on one database, serve one owner
// as if they were one server (issue 18).
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { codeMailedTo } from './outbox';
import { freshDatabase } from './test-app';

const SECRET_KEY = 'two-servers-share-one-secret-key-of-32-chars';
/** A client address of this run's own (the servers trust X-Forwarded-For, as behind a proxy). */
const CLIENT = `203.0.${randomInt(256)}.${randomInt(1, 255)}`;

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
/** Each server's own data folder: nothing in it is shared. */
const dataDirs: string[] = [];
let servers: ServerProcess[] = [];
beforeAll(async () => {
  fresh = await freshDatabase();
  for (let i = 0; i < 2; i += 1) dataDirs.push(await mkdtemp(join(tmpdir(), 'two-servers-')));
  const env = (dataDir: string) => ({
    DATA_DIR: dataDir,
    STATIC_DIR: join(dataDir, 'no-app-built'),
    DATABASE_URL: fresh.url!,
    SECRET_KEY,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    REDIS_URL: process.env.TEST_REDIS_URL ?? '',
  });
  servers = await Promise.all(dataDirs.map((dataDir) => startServerProcess(env(dataDir), { startTimeoutMs: 90_000 })));
}, 150_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(dataDirs.map((dataDir) => rm(dataDir, { recursive: true, force: true })));
  await fresh?.dispose();
}, 60_000);

type Answer = { status: number; body: unknown; headers: Headers; bytes: Buffer };

async function call(
  server: ServerProcess,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'x-forwarded-for': CLIENT,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
    signal: AbortSignal.timeout(20_000),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const body = response.headers.get('content-type')?.includes('json') ? JSON.parse(bytes.toString()) : undefined;
  return { status: response.status, body, headers: response.headers, bytes };
}

const api = (server: ServerProcess, method: string, path: string, options: Parameters<typeof call>[3] = {}) => call(server, method, `/api/v2${path}`, options);

async function uploadImage(server: ServerProcess, token: string, picture: Buffer, bounds: { max_w: string; max_h: string }) {
  const form = new FormData();
  form.append('max_w', bounds.max_w);
  form.append('max_h', bounds.max_h);
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'picture.png');
  const answer = await api(server, 'POST', '/upload/image/', { token, form });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { url: string }).url;
}

/** Asks both servers; expects the same status and body from each, and returns it. */
async function sameFromBoth(path: string, token: string): Promise<unknown> {
  const [a, b] = [await api(servers[0]!, 'GET', path, { token }), await api(servers[1]!, 'GET', path, { token })];
  expect(a.status, path).toBe(200);
  expect(b.status, path).toBe(a.status);
  expect(b.body, path).toEqual(a.body);
  return a.body;
}

/** Both servers serve the image byte for byte, with one ETag that each answers 304 to. */
async function sameImageFromBoth(url: string, picture: { width: number; height: number }) {
  const [a, b] = [await call(servers[0]!, 'GET', url), await call(servers[1]!, 'GET', url)];
  expect([a.status, b.status], url).toEqual([200, 200]);
  expect(b.bytes.equals(a.bytes), url).toBe(true);
  expect(await sharp(a.bytes).metadata()).toMatchObject(picture);
  const etag = a.headers.get('etag')!;
  expect(b.headers.get('etag')).toBe(etag);
  expect(a.headers.get('cache-control')).toContain('immutable');
  for (const server of [...servers].reverse()) {
    expect((await call(server, 'GET', url, { headers: { 'if-none-match': etag } })).status).toBe(304);
  }
}

it("serves an owner's whole journey sent alternately to two servers as one server would, images included", { timeout: 120_000 }, async () => {
  const [a, b] = servers as [ServerProcess, ServerProcess];
  const email = `two-servers-${randomInt(1e9)}@example.com`;

  // Register on A, verify on B with the code A mailed, finish the profile on A.
  expect((await api(a, 'POST', '/auth/register/', { json: { email, accepted_terms: true } })).status).toBe(200);
  const verified = await api(b, 'POST', '/auth/verify/', { json: { email, code: await codeMailedTo(dataDirs[0]!, email) } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const profile = await api(a, 'POST', '/auth/profile/', {
    token: (verified.body as { access: string }).access,
    json: { email, first_name: 'Ada', last_name: 'Twoservers', password: 'correct horse battery' },
  });
  expect(profile.status).toBe(200);
  const { access, refresh } = profile.body as { access: string; refresh: string };
  expect(await sameFromBoth('/auth/me/', access)).toMatchObject({ email, first_name: 'Ada' });

  // Onboarding on B with a logo uploaded to A.
  const started = await api(b, 'POST', '/onboarding/start/', { token: access, json: {} });
  expect(started.status).toBe(200);
  const restaurantId = (started.body as { id: number }).id;
  const logo = await sharp({ create: { width: 700, height: 600, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 0.6 } } })
    .png()
    .toBuffer();
  const logoUrl = await uploadImage(a, access, logo, { max_w: '512', max_h: '512' });
  const about = { name: 'Two Doors Diner', about: 'Served by either door.', slug: `two-doors-${randomInt(1e9)}`, logo_url: logoUrl };
  const savedAbout = await api(b, 'PUT', `/onboarding/${restaurantId}/about/`, { token: access, json: about });
  expect(savedAbout.status, JSON.stringify(savedAbout.body)).toBe(200);
  expect(await sameFromBoth(`/onboarding/${restaurantId}/about/`, access)).toEqual(about);
  await sameFromBoth(`/onboarding/${restaurantId}/status/`, access);
  await sameImageFromBoth(logoUrl, { width: 512, height: 439 });

  // A category on A whose picture went to B.
  const category = await api(a, 'POST', '/categories/', { token: access, json: { name: 'Breakfast', restaurant_id: restaurantId } });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  const categoryId = (category.body as { id: number }).id;
  const hero = await sharp({ create: { width: 1800, height: 900, channels: 3, background: '#c84' } })
    .png()
    .toBuffer();
  const heroUrl = await uploadImage(b, access, hero, { max_w: '1600', max_h: '1200' });
  const detail = await api(a, 'POST', '/categories/detail/', {
    token: access,
    json: { category_id: categoryId, restaurant_id: restaurantId, image_url: heroUrl },
  });
  expect(detail.status, JSON.stringify(detail.body)).toBe(201);
  expect(await sameFromBoth(`/categories/detail/${(detail.body as { id: number }).id}/`, access)).toMatchObject({ image_url: heroUrl });
  expect(await sameFromBoth(`/categories/?restaurant_id=${restaurantId}`, access)).toMatchObject({ results: [{ id: categoryId, name: 'Breakfast' }] });
  await sameImageFromBoth(heroUrl, { width: 1600, height: 800 });

  // A refresh token rotated on A and replayed on B is refused there, and its family with it.
  const renewed = await api(a, 'POST', '/auth/token/refresh/', { json: { refresh } });
  expect(renewed.status).toBe(200);
  const replayed = await api(b, 'POST', '/auth/token/refresh/', { json: { refresh } });
  expect(replayed.status).toBe(401);
  expect((await api(a, 'POST', '/auth/token/refresh/', { json: { refresh: (renewed.body as { refresh: string }).refresh } })).status).toBe(401);

  // Signed out on B, the session cannot be renewed on A.
  const login = await api(b, 'POST', '/auth/login/', { json: { email, password: 'correct horse battery' } });
  expect(login.status).toBe(200);
  const session = login.body as { access: string; refresh: string };
  expect((await api(b, 'POST', '/auth/logout/', { json: { refresh: session.refresh } })).status).toBe(200);
  expect((await api(a, 'POST', '/auth/token/refresh/', { json: { refresh: session.refresh } })).status).toBe(401);
});
