import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress';
import { uploadedImages } from '#server/db/schema-onboarding';
import { putBlob } from '#server/domain/shared/image-store';
import { API, ownerWithRestaurant, type Caller } from './menu/menu-helpers';
import { createTestApp, type TestApp } from './test-app';

// A built app in miniature, precompressed exactly as the Vite build does it.
const SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, index) => `{ id: ${index}, label: "row ${index}" }`).join(', ')}];\n`;
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Tablefront</title>${'<meta name="x" content="padding for a realistic size" />'.repeat(12)}<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
const PHOTO = randomBytes(4096);

let folder: string;
let t: TestApp;
let owner: Caller;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'rp-compression-'));
  await mkdir(join(folder, 'dist', 'assets'), { recursive: true });
  await writeFile(join(folder, 'dist', 'index.html'), INDEX_HTML);
  await writeFile(join(folder, 'dist', 'assets', 'index-abc123.js'), SCRIPT);
  precompress(join(folder, 'dist'));
  t = await createTestApp({ config: { staticDir: join(folder, 'dist'), dataDir: join(folder, 'data'), rateLimitPerMinute: 100_000 } });
  owner = await ownerWithRestaurant(t, 'owner@example.com');
  // An uploaded image as the upload leaves it: its bytes in the store, its record naming them.
  const [user] = await t.database.query('select id from users limit 1');
  await t.database.db.transaction(async (tx) => {
    const sha256 = await putBlob(tx, PHOTO, 'image/png');
    await tx
      .insert(uploadedImages)
      .values({ path: 'photo.png', sha256, ownerId: Number(user!.id), contentType: 'image/png', width: 1, height: 1, bytes: PHOTO.length });
  });
});
afterAll(async () => {
  await t.close();
  await rm(folder, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });

describe('the built app', () => {
  it.each([
    ['br', 'br, gzip, deflate', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ])('sends a script as its %s copy when the browser accepts it, cached for good', async (encoding, accepted, decode) => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': accepted });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBeLessThan(SCRIPT.length / 4);
    expect(decode(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the script as it is to a client that accepts no compression, still saying it varies', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const response = await get('/assets/index-abc123.js', headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('compresses index.html for a deep link too, revalidated on every visit', async () => {
    const response = await get('/admin/menu/categories', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('answers HEAD with the headers of the copy it would send, and 304 to a revalidation of that copy', async () => {
    const head = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.body).toBe('');

    const first = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    const again = await get('/assets/index-abc123.js', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The plain file has its own validator, so a cache never mixes the two copies up.
    expect((await get('/assets/index-abc123.js')).headers.etag).not.toBe(first.headers.etag);
  });
});

describe('API answers', () => {
  const toppings = (pageSize: number, encoding: string) =>
    get(`${API}/toppings/?page_size=${pageSize}`, { authorization: `Bearer ${owner.token}`, 'accept-encoding': encoding });

  it('compresses a JSON list above 1 KB as the client prefers, and leaves a small one plain', async () => {
    await t.database.query("insert into toppings (restaurant_id, name) select $1, 'Topping number ' || g from generate_series(1, 60) as g", [
      owner.restaurantId,
    ]);
    const large = await toppings(100, 'gzip, br');
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toMatchObject({ count: 60 });

    const gzipped = await toppings(100, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString()).results).toHaveLength(60);

    const plain = await toppings(100, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().results).toHaveLength(60);

    const small = await toppings(1, 'gzip, br');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('accept-encoding');
    expect(small.json().results).toHaveLength(1);
  });

  it('leaves uploaded images and the health check as they are', async () => {
    const photo = await get('/uploads/photo.png', { 'accept-encoding': 'br, gzip' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.rawPayload.equals(PHOTO)).toBe(true);

    const health = await get(`${API}/health/`, { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok', database: true });
  });

  it('keeps error answers in the error shape, compressed when large', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: `${API}/toppings/`,
      headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': 'br' },
      // Long names: an answer names at most 20 fields, and must still be large enough to compress.
      payload: Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`unknown_field_${index}_${'x'.repeat(120)}`, index])),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(refused.rawPayload).toString())).toMatchObject({
      code: 'invalid',
      fields: { [`unknown_field_0_${'x'.repeat(120)}`]: 'Unknown field.' },
    });
  });
});
