import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '#contracts/shared/upload';
import { onboardingApi, VALID_STEPS } from '../../fixtures/onboarding/requests';
import { accessTokenFor } from '../accounts/auth-helpers';
import { multipartForm, type FormPart } from '../multipart-form';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
let dataDir: string;
let staticDir: string;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'upload-test-'));
  // A built app is present, so a missing image must not fall back to index.html.
  staticDir = await mkdtemp(join(tmpdir(), 'upload-static-'));
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
  t = await createTestApp({ config: { dataDir, staticDir } });
  token = await accessTokenFor(t, 'uploader@example.com');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(staticDir, { recursive: true, force: true });
});

async function upload(parts: FormPart[], bearer: string | null = token) {
  const body = await multipartForm(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/upload/image/',
    payload: body.payload,
    headers: { ...body.headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
  });
}

/** The stored pictures' hashes: the bytes live in the database, nothing on this process's disk. */
const stored = async () => (await t.database.query('select sha256 from image_blobs order by sha256')).map((row) => row.sha256);
/** The bytes a client gets at /uploads/<path>. */
const served = async (path: string) => (await t.app.inject({ method: 'GET', url: `/uploads/${path}` })).rawPayload;
const rows = async () => (await t.database.query('select count(*)::int as n from uploaded_images'))[0]?.n;

/** A PNG whose header claims `width`×`height` pixels although the file is tiny. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const ihdr = 8; // signature, then the IHDR chunk: length (4), type (4), data (13), CRC (4)
  png.writeUInt32BE(width, ihdr + 8);
  png.writeUInt32BE(height, ihdr + 12);
  png.writeUInt32BE(crc32(png.subarray(ihdr + 4, ihdr + 8 + 13)), ihdr + 8 + 13);
  return png;
}

describe('POST /api/v2/upload/image/', () => {
  it('re-encodes a JPEG: EXIF orientation applied, fitted inside the default 1200×1200, metadata gone', async () => {
    // 2000×1500 stored sideways (orientation 6): it shows as 1500×2000 and must come back 900×1200.
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: 'Secret Person', ImageDescription: 'home address' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload([{ name: 'file', value: photo, filename: 'holiday.jpg', type: 'image/jpeg' }]);
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(answer).toEqual({ url: `/uploads/${answer.path}`, path: expect.stringMatching(/^[A-Za-z0-9_-]{22}\.jpg$/) });
    expect(answer.path).not.toContain('holiday');
    const saved = await served(answer.path);
    const metadata = await sharp(saved).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 900, height: 1200 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(saved.includes('Secret Person')).toBe(false);
  });

  it('keeps a transparent PNG a PNG, fits it inside max_w × max_h and serves it read-only under /uploads/', async () => {
    const logo = await sharp({ create: { width: 600, height: 400, channels: 4, background: { r: 0, g: 80, b: 160, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const response = await upload([
      { name: 'max_w', value: '300' },
      { name: 'file', value: logo, filename: 'logo.png', type: 'image/png' },
      { name: 'max_h', value: '512' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { url, path } = response.json();
    expect(path).toMatch(/\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 300, height: 200, hasAlpha: true });
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url, payload: 'x' })).statusCode).toBe(404);
    const [row] = await t.database.query('select path, content_type, width, height from uploaded_images where path = $1', [path]);
    expect(row).toEqual({ path, content_type: 'image/png', width: 300, height: 200 });
  });

  it('serves every image from the database with an ETag of its content, answering 304 to a client that has it', async () => {
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#357' } })
      .png()
      .toBuffer();
    const { url } = (await upload([{ name: 'file', value: picture, filename: 'p.png', type: 'image/png' }])).json();
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(first.headers.etag);
    expect(etag).toBe(`"${createHash('sha256').update(first.rawPayload).digest('hex')}"`);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"something-else"' } })).statusCode).toBe(200);
    // Nothing went to this process's disk: another server on the same database serves it too.
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('keeps the same picture uploaded twice once, under two addresses that each serve it', async () => {
    const picture = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#975' } })
      .png()
      .toBuffer();
    const before = await stored();
    const first = (await upload([{ name: 'file', value: picture, filename: 'a.png', type: 'image/png' }])).json();
    const second = (await upload([{ name: 'file', value: picture, filename: 'b.png', type: 'image/png' }])).json();
    expect(first.url).not.toBe(second.url);
    expect((await stored()).length).toBe(before.length + 1);
    expect(await served(first.path)).toEqual(await served(second.path));
  });

  it('never enlarges a small picture', async () => {
    const small = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#0a0' } })
      .webp()
      .toBuffer();
    const response = await upload([
      { name: 'file', value: small, filename: 'small.webp', type: 'image/webp' },
      { name: 'max_w', value: '4000' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(await sharp(await served(response.json().path)).metadata()).toMatchObject({ format: 'jpeg', width: 120, height: 60 });
  });

  it('judges by content: a text file named .png and typed image/png answers 415, and so does an SVG', async () => {
    const before = { files: await stored(), rows: await rows() };
    const text = await upload([{ name: 'file', value: Buffer.from('just some text, honestly\n'), filename: 'photo.png', type: 'image/png' }]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'not_an_image', detail: expect.stringContaining('not an image') });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await upload([{ name: 'file', value: svg, filename: 'logo.svg', type: 'image/svg+xml' }])).statusCode).toBe(415);
    const empty = await upload([{ name: 'file', value: Buffer.alloc(0), filename: 'empty.png', type: 'image/png' }]);
    expect(empty.statusCode).toBe(415);
    expect({ files: await stored(), rows: await rows() }).toEqual(before);
  });

  it('answers 413 above 10 MB and 400 above the pixel cap, storing nothing', async () => {
    const before = { files: await stored(), rows: await rows() };
    const big = await upload([{ name: 'file', value: Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0xff), filename: 'big.jpg', type: 'image/jpeg' }]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 'too_large', detail: 'The file is too large: images may be at most 10 MB.' });
    const huge = await upload([{ name: 'file', value: Buffer.alloc(UPLOAD_MAX_BYTES * 2), filename: 'huge.jpg', type: 'image/jpeg' }]);
    expect(huge.statusCode).toBe(413);
    const bomb = await pngClaiming(10_000, 10_000);
    expect(bomb.length).toBeLessThan(1000);
    const pixels = await upload([{ name: 'file', value: bomb, filename: 'bomb.png', type: 'image/png' }]);
    expect(pixels.statusCode).toBe(400);
    expect(pixels.json()).toMatchObject({ code: 'too_many_pixels' });
    expect({ files: await stored(), rows: await rows() }).toEqual(before);
  });

  it('refuses bad bounds, a missing file, unknown fields and a body that is not multipart', async () => {
    const image = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const file = { name: 'file', value: image, filename: 'a.png', type: 'image/png' };
    for (const [max_w, max_h] of [
      ['0', '10'],
      ['4001', '10'],
      ['abc', '1.5'],
    ]) {
      const response = await upload([file, { name: 'max_w', value: max_w! }, { name: 'max_h', value: max_h! }]);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.max_w).toBe('max_w must be a whole number from 1 to 4000.');
    }
    const missing = await upload([{ name: 'max_w', value: '100' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'invalid', fields: { file: 'Choose an image file to upload.' } });
    const unknown = await upload([file, { name: 'colour', value: 'red' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ colour: 'Unknown field.' });
    const two = await upload([file, { ...file, name: 'file' }]);
    expect(two.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/v2/upload/image/', payload: { file: 'x' }, headers: { authorization: `Bearer ${token}` } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ code: 'unsupported_media_type' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v2/upload/image/',
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'malformed_multipart' });
  });

  it('needs a signed-in user', async () => {
    const image = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const before = await stored();
    const response = await upload([{ name: 'file', value: image, filename: 'a.png', type: 'image/png' }], null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'not_authenticated' });
    expect(await stored()).toEqual(before);
  });

  it('answers 404 (not the app page) for an image that does not exist', async () => {
    for (const url of ['/uploads/missing.png', '/uploads/', '/uploads/.hidden']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/some/page' })).headers['content-type']).toContain('text/html');
  });
});

describe('uploads as onboarding logos', () => {
  it('lets an owner use their own upload as the logo, and not someone else’s', async () => {
    const api = onboardingApi(t);
    const ownerToken = await accessTokenFor(t, 'logo-owner@example.com');
    const id = await api.start(ownerToken);
    const image = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const mine = (
      await upload(
        [
          { name: 'file', value: image, filename: 'l.jpg', type: 'image/jpeg' },
          { name: 'max_w', value: '512' },
          { name: 'max_h', value: '512' },
        ],
        ownerToken,
      )
    ).json();
    const theirs = (await upload([{ name: 'file', value: image, filename: 'l.jpg', type: 'image/jpeg' }])).json();
    const saved = await api.put(id, 'about', { ...VALID_STEPS.about, slug: 'logo-owner', logo_url: mine.url }, ownerToken);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().logo_url).toBe(mine.url);
    expect(await sharp(await served(mine.path)).metadata()).toMatchObject({ width: 512, height: 512 });
    const refused = await api.put(id, 'about', { ...VALID_STEPS.about, slug: 'logo-owner', logo_url: theirs.url }, ownerToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ logo_url: 'The logo must be an image you uploaded here.' });
  });
});
