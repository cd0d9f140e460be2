import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkWith } from '#contracts/shared/validation';
import { MapConfig, TerritoryCoverage } from '#contracts/territories';
import { ConfigError, loadConfig } from '#server/config';
import { messages } from '#server/db/schema';
import { createTestApp, emptiedBeforeEachTest, type TestApp } from '../test-app';
import { COVERAGE, MAP_CONFIG, people, restaurantAt, territoryApi, territoryUrl, TERRITORIES } from './territory-api';

const shared = emptiedBeforeEachTest();
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let api: ReturnType<typeof territoryApi>;
let tokens: Awaited<ReturnType<typeof people>>;
const now = new Date('2026-11-22T10:00:00Z');

beforeEach(async () => {
  t = await createTestApp({ clock: () => now, database: shared.database() });
  api = territoryApi(t);
  tokens = await people(t);
});
afterEach(() => t.close());

// Springfield, IL: 62702 lies some 3.5 km north of 62701, 62703 some 4.5 km south-east.
const AROUND_62702 = { center_lat: 39.8317, center_lng: -89.6465, radius_meters: 1000 };

async function signups(...rows: { zip: string; daysAgo: number }[]) {
  await t.database.db.insert(messages).values(
    rows.map((row, index) => ({
      email: `person${index}@example.com`,
      zipCode: row.zip,
      message: '',
      status: 'new' as const,
      createdAt: new Date(now.getTime() - row.daysAgo * DAY),
    })),
  );
}

describe('num_stores: restaurants inside a territory', () => {
  it('counts a restaurant matched by its zip and one whose zip lies inside a circle, in the list and one by one', async () => {
    await restaurantAt(t, 'listed@example.com', '62701', 'Listed Diner');
    await restaurantAt(t, 'circled@example.com', '62702', 'Circled Cafe');
    await restaurantAt(t, 'outside@example.com', '62703', 'Outside Grill');
    const both = await api.created({ name: 'Both', zips: ['62701'], circles: [AROUND_62702] }, tokens.staff);
    const byZip = await api.created({ name: 'By zip', zips: ['62701', '10001'] }, tokens.staff);
    const byCircle = await api.created({ name: 'By circle', circles: [AROUND_62702] }, tokens.staff);
    const none = await api.created({ name: 'None', zips: ['10001'], circles: [{ center_lat: 0, center_lng: 0, radius_meters: 5000 }] }, tokens.staff);

    const listed = (await api.list('?ordering=id', tokens.staff)).json().results;
    expect(listed.map((row: { num_stores: number; num_zip_codes: number }) => [row.num_stores, row.num_zip_codes])).toEqual([
      [2, 1],
      [1, 2],
      [1, 0],
      [0, 1],
    ]);
    expect((await api.read(both, tokens.staff)).json().num_stores).toBe(2);
    expect((await api.read(byZip, tokens.staff)).json().num_stores).toBe(1);
    expect((await api.read(byCircle, tokens.staff)).json().num_stores).toBe(1);
    expect((await api.read(none, tokens.staff)).json().num_stores).toBe(0);
  });

  it("follows a change of the territory's zips", async () => {
    await restaurantAt(t, 'listed@example.com', '62701', 'Listed Diner');
    const id = await api.created({ name: 'Moving', zips: ['10001'] }, tokens.staff);
    expect((await api.update(id, { zips: ['10001', '62701'] }, tokens.staff)).json().num_stores).toBe(1);
  });
});

describe('POST /api/v2/territories/coverage/', () => {
  it('places listed and circled zips with their sign-ups of the last 90 days, the restaurants inside and the mismatches', async () => {
    await restaurantAt(t, 'listed@example.com', '62701', 'Listed Diner');
    await restaurantAt(t, 'circled@example.com', '62702', 'Circled Cafe');
    await restaurantAt(t, 'outside@example.com', '62703', 'Outside Grill');
    await signups(
      { zip: '62701', daysAgo: 1 },
      { zip: '62701', daysAgo: 89 },
      { zip: '62701', daysAgo: 91 },
      { zip: '62702', daysAgo: 10 },
      { zip: '62703', daysAgo: 1 },
    );

    const response = await api.coverage({ zips: ['62701', '0000', '62702'], circles: [AROUND_62702] }, tokens.staff);
    expect(response.statusCode, response.body).toBe(200);
    const coverage = response.json();
    expect(checkWith(TerritoryCoverage, coverage).ok).toBe(true);
    expect(coverage.zips).toEqual([
      { zip_code: '62701', lat: 39.8, lng: -89.6495, listed: true, in_circle: false, signups: 2 },
      { zip_code: '62702', lat: 39.8317, lng: -89.6465, listed: true, in_circle: true, signups: 1 },
    ]);
    expect(coverage.restaurants.map((row: { name: string; zip_code: string }) => [row.name, row.zip_code])).toEqual([
      ['Listed Diner', '62701'],
      ['Circled Cafe', '62702'],
    ]);
    expect(coverage.restaurants[0]).toMatchObject({ id: expect.any(Number), lat: 39.8, lng: -89.6495 });
    expect(coverage.circle_zips_not_listed).toEqual([]);
    expect(coverage.listed_zips_outside_circles).toEqual(['62701']);
    expect(coverage.unplaced_zips).toEqual(['0000']);
  });

  it('lists zips inside a circle that the zip list lacks, and no outside list without circles', async () => {
    const circled = (await api.coverage({ zips: [], circles: [{ ...AROUND_62702, radius_meters: 4000 }] }, tokens.staff)).json();
    // Springfield has many zip codes (post-office boxes) near its centre; 62703 lies 7.7 km from the centre.
    expect(circled.circle_zips_not_listed).toEqual(expect.arrayContaining(['62701', '62702']));
    expect(circled.circle_zips_not_listed).not.toContain('62703');
    expect(circled.circle_zips_not_listed).toEqual([...circled.circle_zips_not_listed].sort());
    expect(circled.zips.every((zip: { listed: boolean; in_circle: boolean }) => !zip.listed && zip.in_circle)).toBe(true);

    const listOnly = (await api.coverage({ zips: ['62701'], circles: [] }, tokens.staff)).json();
    expect(listOnly).toMatchObject({ circle_zips_not_listed: [], listed_zips_outside_circles: [], unplaced_zips: [] });
    expect(listOnly.zips).toEqual([{ zip_code: '62701', lat: 39.8, lng: -89.6495, listed: true, in_circle: false, signups: 0 }]);
  });

  it('answers the widest circles allowed without trouble', async () => {
    const wide = Array.from({ length: 200 }, (_, index) => ({ center_lat: 30 + (index % 20), center_lng: -120 + index / 4, radius_meters: 200_000 }));
    const response = await api.coverage({ zips: [], circles: wide }, tokens.staff);
    expect(response.statusCode).toBe(200);
    expect(response.json().zips.length).toBeGreaterThan(1000);
  });

  it('refuses bad zips and circles with 400, as the editor does', async () => {
    for (const body of [
      { zips: ['123'], circles: [] },
      { zips: ['62701', '62701'], circles: [] },
      { zips: [], circles: [{ center_lat: 91, center_lng: 0, radius_meters: 10 }] },
      { zips: [], circles: [{ center_lat: 0, center_lng: 0, radius_meters: 1.5 }] },
      { zips: [], circles: Array.from({ length: 201 }, () => AROUND_62702) },
      { zips: [] },
    ]) {
      const response = await api.coverage(body, tokens.staff);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ code: expect.any(String), fields: expect.any(Object) });
    }
  });
});

describe('GET /api/v2/map/config/ and the content security policy', () => {
  it('tells any signed-in user the tile server and its credit, OpenStreetMap by default', async () => {
    for (const token of [tokens.owner, tokens.staff]) {
      const response = await t.app.inject({ method: 'GET', url: MAP_CONFIG, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(200);
      expect(checkWith(MapConfig, response.json()).ok).toBe(true);
      expect(response.json()).toEqual({ tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '&copy; OpenStreetMap contributors' });
    }
    const stranger = await t.app.inject({ method: 'GET', url: MAP_CONFIG });
    expect(stranger.statusCode).toBe(401);
  });

  it('allows images from exactly the tile host, and no other new source', async () => {
    const response = await t.app.inject({ method: 'GET', url: MAP_CONFIG });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: https: https://tile.openstreetmap.org;");
    expect(csp.match(/tile\.openstreetmap\.org/g)).toHaveLength(1);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("script-src 'self'");
  });

  it('follows MAP_TILE_URL and MAP_TILE_ATTRIBUTION, subdomain templates included', async () => {
    const other = await createTestApp({
      database: shared.database(),
      config: { mapTileUrl: 'https://{s}.tiles.example.com:8443/styles/{z}/{x}/{y}.png', mapTileAttribution: 'Example Maps' },
    });
    try {
      const response = await other.app.inject({ method: 'GET', url: MAP_CONFIG, headers: { authorization: `Bearer ${tokens.owner}` } });
      expect(response.json()).toEqual({ tile_url: 'https://{s}.tiles.example.com:8443/styles/{z}/{x}/{y}.png', attribution: 'Example Maps' });
      expect(String(response.headers['content-security-policy'])).toContain("img-src 'self' data: blob: https: https://*.tiles.example.com:8443;");
    } finally {
      await other.close();
    }
  });
});

describe('MAP_TILE_URL and MAP_TILE_ATTRIBUTION', () => {
  it('default to OpenStreetMap, and an empty value counts as unset', () => {
    expect(loadConfig({ MAP_TILE_URL: '', MAP_TILE_ATTRIBUTION: '' })).toMatchObject({
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapTileAttribution: '&copy; OpenStreetMap contributors',
    });
  });

  it('refuse a tile address that is not http(s) or lacks {z}, {x} or {y}, naming the variable', () => {
    for (const value of ['ftp://tiles.example.com/{z}/{x}/{y}.png', 'https://tiles.example.com/{z}/{x}.png', 'not a url']) {
      expect(() => loadConfig({ MAP_TILE_URL: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ MAP_TILE_URL: value }), value).toThrow(/MAP_TILE_URL/);
    }
  });
});

describe('who may call what', () => {
  it('answers 401 without a token and 403 to an owner on every territories endpoint, and lets staff and superadmins in', async () => {
    const id = await api.created({ name: 'Guarded' }, tokens.staff);
    const endpoints: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: object; ok: number }[] = [
      { method: 'GET', url: TERRITORIES, ok: 200 },
      { method: 'POST', url: TERRITORIES, body: { name: 'New' }, ok: 201 },
      { method: 'POST', url: COVERAGE, body: { zips: [], circles: [] }, ok: 200 },
      { method: 'GET', url: territoryUrl(id), ok: 200 },
      { method: 'PATCH', url: territoryUrl(id), body: { name: 'Renamed' }, ok: 200 },
      { method: 'DELETE', url: territoryUrl(id), ok: 204 },
    ];
    for (const { method, url, body } of endpoints) {
      const stranger = await api.call(method, url, undefined, body);
      expect(stranger.statusCode, `${method} ${url}`).toBe(401);
      expect(stranger.json()).toEqual({ detail: 'Please sign in.', code: 'not_authenticated' });
      const owner = await api.call(method, url, tokens.owner, body);
      expect(owner.statusCode, `${method} ${url}`).toBe(403);
      expect(owner.json()).toMatchObject({ code: 'forbidden' });
    }
    expect((await api.read(id, tokens.staff)).json().name).toBe('Guarded');
    for (const token of [tokens.superadmin, tokens.staff]) {
      for (const { method, url, body, ok } of endpoints.filter((endpoint) => endpoint.method !== 'DELETE')) {
        expect((await api.call(method, url, token, body)).statusCode, `${method} ${url}`).toBe(ok);
      }
    }
    expect((await api.remove(id, tokens.superadmin)).statusCode).toBe(204);
  });

  it('refuses a stranger before looking at what was sent', async () => {
    const response = await api.call('POST', TERRITORIES, undefined, { name: '' });
    expect(response.statusCode).toBe(401);
  });
});
