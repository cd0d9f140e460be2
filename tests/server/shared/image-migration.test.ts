import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { moveUploadsIntoStore } from '#server/domain/shared/image-migration';
import { createTestApp, type TestApp } from '../test-app';
import { legacyUploads, picture } from './legacy-uploads';

let dataDir: string;
let t: TestApp;
const uploadsDir = () => join(dataDir, 'uploads');
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'image-migration-'));
  await mkdir(uploadsDir());
  t = await createTestApp({ config: { dataDir } });
});
afterEach(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('moves each file of the uploads folder into the store once, serves it from there, and finds nothing to do the second time', async () => {
  const red = await picture('#f00');
  const blue = await picture('#00f');
  await legacyUploads(t.database, uploadsDir(), { 'red.png': red, 'red-again.png': red, 'blue.png': blue, 'lost.png': null });
  expect((await t.app.inject({ method: 'GET', url: '/uploads/red.png' })).statusCode).toBe(404);

  expect(await moveUploadsIntoStore(t.database.db, uploadsDir())).toEqual({ moved: 3, missing: ['lost.png'] });
  expect(await readdir(uploadsDir())).toEqual([]);
  for (const [path, data] of [
    ['red.png', red],
    ['red-again.png', red],
    ['blue.png', blue],
  ] as const) {
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${path}` });
    expect(served.statusCode, path).toBe(200);
    expect(served.rawPayload.equals(data), path).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
  }
  // The same picture twice is kept once.
  expect(await t.database.query('select count(*)::int as n from image_blobs')).toEqual([{ n: 2 }]);

  expect(await moveUploadsIntoStore(t.database.db, uploadsDir())).toEqual({ moved: 0, missing: ['lost.png'] });
  expect(await t.database.query('select count(*)::int as n from image_blobs')).toEqual([{ n: 2 }]);
  expect((await t.app.inject({ method: 'GET', url: '/uploads/blue.png' })).rawPayload.equals(blue)).toBe(true);
});
