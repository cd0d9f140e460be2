import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, UPLOAD_URL_PATTERN } from '#contracts/shared/upload';
import { createTestApp, type TestApp } from '../test-app';
import { multipartForm, type FormPart } from '../multipart-form';
import { people, territoryApi, territoryUrl } from './territory-api';

let t: TestApp;
let dataDir: string;
let api: ReturnType<typeof territoryApi>;
let staff: string;
let owner: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'territory-images-'));
  t = await createTestApp({ config: { dataDir } });
  api = territoryApi(t);
  ({ staff, owner } = await people(t));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function sendImages(id: number, parts: FormPart[], token: string | null = staff) {
  const form = await multipartForm(parts);
  return t.app.inject({
    method: 'PATCH',
    url: territoryUrl(id),
    payload: form.payload,
    headers: { ...form.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** The stored pictures' hashes (their bytes live in the database). */
const storedFiles = async () => (await t.database.query('select sha256 from image_blobs order by sha256')).map((row) => String(row.sha256));
const get = (url: string) => t.app.inject({ method: 'GET', url });
/** The hash of the bytes served at `url`. */
const servedHash = async (url: string) =>
  createHash('sha256')
    .update((await get(url)).rawPayload)
    .digest('hex');
const imageRows = async () => (await t.database.query('select path from uploaded_images order by path')).map((row) => String(row.path));
const nameOf = (url: string) => url.replace('/uploads/', '');

/** A JPEG with EXIF data (a camera's make), larger than the bounds. */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Someone' } })
    .jpeg()
    .toBuffer();
const transparentPng = () =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();

describe('PATCH /api/v2/territories/{id}/ with multipart pictures', () => {
  it('stores rep_photo and wallpaper re-encoded, resized and without metadata, and shows them on the territory', async () => {
    const id = await api.created({ name: 'Pictures', zips: ['62701'] }, staff);
    const response = await sendImages(id, [
      { name: 'rep_photo', value: await photo(2400, 1800), filename: 'me.jpg', type: 'image/jpeg' },
      { name: 'wallpaper', value: await transparentPng(), filename: 'wall.png', type: 'image/png' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const territory = response.json();
    expect(territory.rep_photo).toMatch(UPLOAD_URL_PATTERN);
    expect(territory.rep_photo).toMatch(/\.jpg$/);
    expect(territory.wallpaper).toMatch(/\.png$/);
    // The other fields are untouched.
    expect(territory).toMatchObject({ name: 'Pictures', zips: ['62701'] });

    const stored = (await get(territory.rep_photo)).rawPayload;
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes('SecretCam')).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: territory.wallpaper });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await api.read(id, staff)).json()).toMatchObject({ rep_photo: territory.rep_photo, wallpaper: territory.wallpaper });
  });

  it('replaces one picture alone, leaving neither the old file nor its record behind', async () => {
    const id = await api.created({ name: 'Replace' }, staff);
    const first = (
      await sendImages(id, [
        { name: 'rep_photo', value: await photo(50, 50) },
        { name: 'wallpaper', value: await photo(60, 40) },
      ])
    ).json();
    const firstHash = await servedHash(first.rep_photo);
    const second = await sendImages(id, [{ name: 'rep_photo', value: await photo(30, 30) }]);
    expect(second.statusCode).toBe(200);
    const { rep_photo, wallpaper } = second.json();
    expect(rep_photo).not.toBe(first.rep_photo);
    expect(wallpaper).toBe(first.wallpaper);
    expect((await get(first.rep_photo)).statusCode).toBe(404);
    expect(await storedFiles()).not.toContain(firstHash);
    expect(await storedFiles()).toEqual(expect.arrayContaining([await servedHash(rep_photo), await servedHash(wallpaper)]));
    expect(await imageRows()).not.toContain(nameOf(first.rep_photo));
    expect(await imageRows()).toEqual(expect.arrayContaining([nameOf(rep_photo), nameOf(wallpaper)]));
  });

  it('refuses a file that is not an image with 415 and keeps nothing of the request', async () => {
    const id = await api.created({ name: 'Not an image' }, staff);
    const filesBefore = await storedFiles();
    const rowsBefore = await imageRows();
    const response = await sendImages(id, [
      { name: 'rep_photo', value: await photo(20, 20), type: 'image/jpeg' },
      { name: 'wallpaper', value: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'x.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'not_an_image' });
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await imageRows()).toEqual(rowsBefore);
    expect((await api.read(id, staff)).json()).toMatchObject({ rep_photo: null, wallpaper: null });
  });

  it('refuses a file above the size cap with 413', async () => {
    const id = await api.created({ name: 'Too large' }, staff);
    const response = await sendImages(id, [{ name: 'wallpaper', value: Buffer.alloc(UPLOAD_MAX_BYTES + 1, 1), type: 'image/png' }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'too_large' });
    expect((await api.read(id, staff)).json().wallpaper).toBeNull();
  });

  it('refuses other fields, repeated files and an empty form with 400', async () => {
    const id = await api.created({ name: 'Strict form' }, staff);
    const image = await photo(10, 10);
    for (const parts of [
      [{ name: 'logo', value: image }],
      [{ name: 'name', value: 'Renamed' }],
      [
        { name: 'rep_photo', value: image },
        { name: 'rep_photo', value: image },
      ],
      [],
    ] as FormPart[][]) {
      const response = await sendImages(id, parts);
      expect(response.statusCode, JSON.stringify(parts.map((part) => part.name))).toBe(400);
      expect(response.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
    expect((await api.read(id, staff)).json()).toMatchObject({ name: 'Strict form', rep_photo: null });
  });

  it('answers 404 for an unknown territory and stores nothing', async () => {
    const filesBefore = await storedFiles();
    const response = await sendImages(987654, [{ name: 'rep_photo', value: await photo(10, 10) }]);
    expect(response.statusCode).toBe(404);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('is for administrators only: 401 without a token, 403 for an owner, nothing stored', async () => {
    const id = await api.created({ name: 'Guarded' }, staff);
    const filesBefore = await storedFiles();
    expect((await sendImages(id, [{ name: 'rep_photo', value: await photo(10, 10) }], null)).statusCode).toBe(401);
    expect((await sendImages(id, [{ name: 'rep_photo', value: await photo(10, 10) }], owner)).statusCode).toBe(403);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it("removes the pictures' bytes and records when the territory is deleted", async () => {
    const id = await api.created({ name: 'Gone' }, staff);
    const { rep_photo } = (await sendImages(id, [{ name: 'rep_photo', value: await photo(11, 13) }])).json();
    const hash = await servedHash(rep_photo);
    expect(await storedFiles()).toContain(hash);
    expect((await api.remove(id, staff)).statusCode).toBe(204);
    expect((await get(rep_photo)).statusCode).toBe(404);
    expect(await storedFiles()).not.toContain(hash);
    expect(await imageRows()).not.toContain(nameOf(rep_photo));
  });

  it('keeps a picture two territories show until the last of them is deleted', async () => {
    const picture = await photo(17, 19);
    const first = await api.created({ name: 'Shares one' }, staff);
    const second = await api.created({ name: 'Shares two' }, staff);
    const firstPhoto = (await sendImages(first, [{ name: 'rep_photo', value: picture }])).json().rep_photo;
    const secondPhoto = (await sendImages(second, [{ name: 'rep_photo', value: picture }])).json().rep_photo;
    const hash = await servedHash(secondPhoto);
    expect(await servedHash(firstPhoto)).toBe(hash);
    expect((await storedFiles()).filter((stored) => stored === hash)).toHaveLength(1);

    expect((await api.remove(first, staff)).statusCode).toBe(204);
    expect((await get(firstPhoto)).statusCode).toBe(404);
    expect(await servedHash(secondPhoto)).toBe(hash);

    expect((await api.remove(second, staff)).statusCode).toBe(204);
    expect((await get(secondPhoto)).statusCode).toBe(404);
    expect(await storedFiles()).not.toContain(hash);
  });
});
