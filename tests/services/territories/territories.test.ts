/**
 * The territories calls, through the real client, against the real server (app.inject): the
 * JSON save, the multipart images the contract double cannot dry-run, the list, coverage, the
 * map's configuration and the delete.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_URL_PATTERN } from '#contracts/shared/upload';
import { ContractViolation } from '#contracts/shared/validation';
import { ApiError, createApiClient, type ApiClient } from '#src/services/shared/api';
import {
  createTerritory,
  deleteTerritory,
  getTerritory,
  listTerritories,
  loadCoverage,
  loadMapConfig,
  updateTerritory,
  uploadTerritoryImages,
} from '#src/services/territories/territories';
import { formValuesOf, toTerritoryBody } from '#src/machines/territories/territory-form';
import { createTestApp, type TestApp } from '../../server/test-app';
import { people } from '../../server/territories/territory-api';

let t: TestApp;
let dataDir: string;
let client: ApiClient;

/** The browser's fetch, answered by the server in this process. */
function injectingFetch(app: TestApp['app']): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') headers.set(name, value);
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'territory-services-'));
  t = await createTestApp({ config: { dataDir } });
  const { staff } = await people(t);
  client = createApiClient({ baseUrl: 'http://app.test/api/v2', tokens: { accessToken: () => staff }, fetch: injectingFetch(t.app) });
});

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

describe('territories services against the server', () => {
  it("saves the editor's body as JSON, then the chosen images as multipart, and reads it all back", async () => {
    const values = {
      ...formValuesOf(null),
      name: ' Baku North ',
      slug: '',
      rep_dob: 'not a date',
      settlement_date: '2026-03-15',
      zips: ['1000', '94107'],
      circles: [{ center_lat: 40.41, center_lng: 49.87, radius_meters: 1234.6 }],
      socials: [
        { platform_name: 'Instagram', platform_url: 'instagram.com/bakunorth' },
        { platform_name: '', platform_url: '' },
      ],
    };
    const created = await createTerritory(toTerritoryBody(values), client);
    expect(created).toMatchObject({
      name: 'Baku North',
      slug: null,
      rep_dob: null,
      settlement_date: '2026-03-15',
      zips: ['1000', '94107'],
      num_zip_codes: 2,
      circles: [{ center_lat: 40.41, center_lng: 49.87, radius_meters: 1235 }],
      socials: [{ platform_name: 'Instagram', platform_url: 'https://instagram.com/bakunorth' }],
    });

    const photo = new File([await png()], 'rep.png', { type: 'image/png' });
    const wallpaper = new File([await png()], 'wall.png', { type: 'image/png' });
    const sent = await uploadTerritoryImages(created.id, { rep_photo: photo, wallpaper }, client);
    expect(sent.refused).toEqual({});
    const withImages = sent.territory!;
    expect(withImages.rep_photo).toMatch(UPLOAD_URL_PATTERN);
    expect(withImages.wallpaper).toMatch(UPLOAD_URL_PATTERN);

    const updated = await updateTerritory(created.id, { rep_name: 'Aysel Mammadova' }, client);
    expect(updated).toMatchObject({ rep_name: 'Aysel Mammadova', rep_photo: withImages.rep_photo, zips: ['1000', '94107'] });
    expect(await getTerritory(created.id, client)).toEqual(updated);

    const page = await listTerritories('baku', client);
    expect(page.items.map((row) => row.name)).toEqual(['Baku North']);
    expect((await listTerritories('nowhere', client)).items).toEqual([]);
  });

  it('stores a valid picture beside a refused one, and names the refused picture with the reason (issue 27)', async () => {
    const { id } = await createTerritory({ name: 'Sumqayit' }, client);
    const photo = new File([await png()], 'rep.png', { type: 'image/png' });
    const notAPicture = new File(['not a picture'], 'wall.png', { type: 'image/png' });
    const sent = await uploadTerritoryImages(id, { rep_photo: photo, wallpaper: notAPicture }, client);
    expect(Object.keys(sent.refused)).toEqual(['wallpaper']);
    expect(sent.refused.wallpaper).toBeInstanceOf(ApiError);
    expect((sent.refused.wallpaper as ApiError).status).toBe(415);
    expect(sent.territory).toMatchObject({ id, rep_photo: expect.stringMatching(UPLOAD_URL_PATTERN), wallpaper: null });
    expect(await getTerritory(id, client)).toMatchObject({ rep_photo: sent.territory!.rep_photo, wallpaper: null });
  });

  it('answers what drawn zips and circles cover, and where the map tiles come from', async () => {
    const coverage = await loadCoverage({ zips: ['94107', '1000'], circles: [] }, client);
    expect(coverage.zips.map((zip) => zip.zip_code)).toContain('94107');
    expect(coverage.unplaced_zips).toContain('1000');
    const config = await loadMapConfig(client);
    expect(config.tile_url).toMatch(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/);
  });

  it("refuses a body the contract refuses before sending it, and reports the server's 409 for a taken slug", async () => {
    await expect(createTerritory({ name: '  ' }, client)).rejects.toBeInstanceOf(ContractViolation);
    await createTerritory({ name: 'Ganja', slug: 'ganja' }, client);
    const taken = await createTerritory({ name: 'Ganja again', slug: 'ganja' }, client).catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(ApiError);
    expect((taken as ApiError).status).toBe(409);
  });

  it('deletes a territory', async () => {
    const { id } = await createTerritory({ name: 'Short-lived' }, client);
    await deleteTerritory(id, client);
    const gone = await getTerritory(id, client).catch((error: unknown) => error);
    expect((gone as ApiError).status).toBe(404);
  });
});
