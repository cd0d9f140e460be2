import { beforeEach, describe, expect, it } from 'vitest';
import { checkWith } from '#contracts/shared/validation';
import { RADIUS_METERS_MAX, Territory, TerritoryPage, TERRITORY_CIRCLES_MAX } from '#contracts/territories';
import { clockedAppEachTest } from '../test-app';
import { people, territoryApi, territoryUrl, TERRITORIES } from './territory-api';

const { t, clock } = clockedAppEachTest('2026-11-22T10:00:00Z');
// The client reads the server of the test under way at each call.
const api = territoryApi(t);
let staff: string;

beforeEach(async () => {
  ({ staff } = await people(t));
});

const count = async (table: string) => Number((await t.database.query(`select count(*)::int as n from ${table}`))[0]?.n);
const counts = async () => ({
  territories: await count('territories'),
  zips: await count('territory_zips'),
  circles: await count('territory_circles'),
  socials: await count('territory_socials'),
});

const FULL = {
  name: 'Springfield',
  slug: 'springfield-il',
  phone: '+1 217 555 0100',
  email: 'Springfield@Example.com',
  rep_name: 'Ada Rep',
  rep_dob: '1990-02-28',
  rep_meze_email: 'ada@meze.example.com',
  rep_personal_email: 'ada@example.org',
  rep_phone: '+1 217 555 0101',
  rep_address: '1 Main St, Springfield',
  current_commission: '12% of orders',
  settlement_date: '2026-12-01',
  is_active: true,
  zips: ['62701', '62702'],
  circles: [{ center_lat: 39.8, center_lng: -89.65, radius_meters: 2500 }],
  socials: [{ platform_name: 'Instagram', platform_url: 'https://instagram.com/springfield' }],
};

/** Answers the field messages of a refused request, after checking the refusal's shape. */
async function refusedFields(body: unknown): Promise<Record<string, string>> {
  const response = await api.create(body, staff);
  expect(response.statusCode, response.body).toBe(400);
  const answer = response.json();
  expect(answer).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
  return answer.fields;
}

describe('POST /api/v2/territories/: creating', () => {
  it('stores every field and the child lists, and answers the territory with 201', async () => {
    const response = await api.create(FULL, staff);
    expect(response.statusCode, response.body).toBe(201);
    const territory = response.json();
    expect(checkWith(Territory, territory).ok).toBe(true);
    expect(territory).toMatchObject({
      ...FULL,
      email: 'springfield@example.com',
      rep_photo: null,
      wallpaper: null,
      num_zip_codes: 2,
      num_stores: 0,
      created_at: clock.now.toISOString(),
      updated_at: clock.now.toISOString(),
    });
    expect((await api.read(territory.id, staff)).json()).toEqual(territory);
  });

  it('needs only a name; the rest is empty and the territory active', async () => {
    const response = await api.create({ name: '  Baku  ' }, staff);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Baku',
      slug: null,
      email: null,
      rep_dob: null,
      is_active: true,
      zips: [],
      circles: [],
      socials: [],
      num_zip_codes: 0,
    });
  });

  it('reads empty text boxes as "none"', async () => {
    const response = await api.create({ name: 'Baku', slug: '', email: ' ', phone: '', rep_meze_email: '' }, staff);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ slug: null, email: null, phone: null, rep_meze_email: null });
  });

  it('accepts `active` as the other name of is_active', async () => {
    expect((await api.create({ name: 'Off', active: false }, staff)).json().is_active).toBe(false);
    expect((await api.create({ name: 'On', active: true }, staff)).json().is_active).toBe(true);
  });

  it("refuses a missing or blank name with the specification's sentence", async () => {
    expect((await refusedFields({})).name).toBe('Please enter a territory name');
    expect((await refusedFields({ name: '   ' })).name).toBe('Please enter a territory name');
    expect(await counts()).toEqual({ territories: 0, zips: 0, circles: 0, socials: 0 });
  });

  it('refuses slugs that are not lower-case letters, digits and single hyphens', async () => {
    for (const slug of ['Upper', 'two--hyphens', '-leading', 'trailing-', 'with space', 'a/b', 'x'.repeat(101)]) {
      expect(Object.keys(await refusedFields({ name: 'T', slug })), slug).toEqual(['slug']);
    }
    expect(await count('territories')).toBe(0);
  });

  it('answers a slug another territory holds with 409 slug_taken, on create and on update', async () => {
    const first = await api.created({ name: 'First', slug: 'taken' }, staff);
    const second = await api.created({ name: 'Second', slug: 'free' }, staff);
    const create = await api.create({ name: 'Third', slug: 'taken', zips: ['62701'] }, staff);
    expect(create.statusCode).toBe(409);
    expect(create.json()).toMatchObject({ code: 'slug_taken', fields: { slug: expect.any(String) } });
    const update = await api.update(second, { slug: 'taken' }, staff);
    expect(update.statusCode).toBe(409);
    expect(update.json()).toMatchObject({ code: 'slug_taken', fields: { slug: expect.any(String) } });
    expect((await api.read(second, staff)).json().slug).toBe('free');
    // Keeping one's own slug is no conflict.
    expect((await api.update(first, { slug: 'taken', name: 'First again' }, staff)).statusCode).toBe(200);
    expect(await counts()).toEqual({ territories: 2, zips: 0, circles: 0, socials: 0 });
  });

  it('refuses e-mail addresses that are not addresses', async () => {
    for (const field of ['email', 'rep_meze_email', 'rep_personal_email']) {
      expect(Object.keys(await refusedFields({ name: 'T', [field]: 'not-an-address' }))).toEqual([field]);
    }
  });

  it('takes dates only as YYYY-MM-DD and only real days', async () => {
    for (const value of ['2026-02-30', '2026-13-01', '01/02/2026', '2026-1-1', '2026-01-01T00:00:00Z', 'tomorrow']) {
      const fields = await refusedFields({ name: 'T', rep_dob: value, settlement_date: value });
      expect(Object.keys(fields).sort(), value).toEqual(['rep_dob', 'settlement_date']);
    }
    const leap = await api.create({ name: 'T', rep_dob: '2024-02-29', settlement_date: null }, staff);
    expect(leap.json()).toMatchObject({ rep_dob: '2024-02-29', settlement_date: null });
  });

  it('takes zip codes of 4 to 10 digits, each once', async () => {
    for (const zips of [['123'], ['12345678901'], ['1234a'], ['62701', '62701'], [' 62701']]) {
      expect(Object.keys(await refusedFields({ name: 'T', zips })).join(), zips.join()).toMatch(/^zips/);
    }
    const edges = await api.create({ name: 'T', zips: ['1234', '1234567890'] }, staff);
    expect(edges.json()).toMatchObject({ zips: ['1234', '1234567890'], num_zip_codes: 2 });
  });

  it('takes circles with a latitude, a longitude and a whole radius within range', async () => {
    const circle = { center_lat: 39.8, center_lng: -89.65, radius_meters: 1000 };
    for (const bad of [
      { ...circle, center_lat: 90.5 },
      { ...circle, center_lat: -91 },
      { ...circle, center_lng: 180.1 },
      { ...circle, center_lng: -181 },
      { ...circle, radius_meters: 0 },
      { ...circle, radius_meters: 12.5 },
      { ...circle, radius_meters: RADIUS_METERS_MAX + 1 },
      { ...circle, radius_meters: '1000' },
      { center_lat: 1, center_lng: 2 },
    ]) {
      expect(Object.keys(await refusedFields({ name: 'T', circles: [circle, bad] })).join(), JSON.stringify(bad)).toMatch(/^circles/);
    }
    const tooMany = await refusedFields({ name: 'T', circles: Array.from({ length: TERRITORY_CIRCLES_MAX + 1 }, () => circle) });
    expect(Object.keys(tooMany)).toEqual(['circles']);
    const edges = [
      { center_lat: -90, center_lng: 180, radius_meters: RADIUS_METERS_MAX },
      { center_lat: 90, center_lng: -180, radius_meters: 1 },
    ];
    expect((await api.create({ name: 'T', circles: edges }, staff)).json().circles).toEqual(edges);
  });

  it('takes social links with a name and an http(s) address only', async () => {
    for (const social of [
      { platform_name: 'X', platform_url: 'javascript:alert(1)' },
      { platform_name: 'X', platform_url: 'ftp://example.com' },
      { platform_name: 'X', platform_url: 'example.com' },
      { platform_name: '', platform_url: 'https://example.com' },
    ]) {
      expect(Object.keys(await refusedFields({ name: 'T', socials: [social] })).join(), JSON.stringify(social)).toMatch(/^socials/);
    }
    const http = await api.create({ name: 'T', socials: [{ platform_name: 'Site', platform_url: 'http://example.com/x' }] }, staff);
    expect(http.json().socials).toEqual([{ platform_name: 'Site', platform_url: 'http://example.com/x' }]);
  });

  it('writes nothing at all when one circle of many is bad', async () => {
    const response = await api.create(
      {
        ...FULL,
        circles: [FULL.circles[0], { center_lat: 39.8, center_lng: -89.65, radius_meters: -5 }],
      },
      staff,
    );
    expect(response.statusCode).toBe(400);
    expect(await counts()).toEqual({ territories: 0, zips: 0, circles: 0, socials: 0 });
  });

  it('writes nothing when the database refuses a child row after the territory row was written', async () => {
    // A rule only the database knows stands in for any failure part-way through the write.
    await t.database.query("alter table territory_socials add constraint refuse_for_test check (platform_name <> 'Refused')");
    try {
      const response = await api.create({ ...FULL, socials: [{ platform_name: 'Refused', platform_url: 'https://example.com' }] }, staff);
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      expect(await counts()).toEqual({ territories: 0, zips: 0, circles: 0, socials: 0 });
    } finally {
      await t.database.query('alter table territory_socials drop constraint refuse_for_test');
    }
  });
});

describe('GET, PATCH and DELETE /api/v2/territories/{id}/', () => {
  it('changes only the fields sent and replaces the child lists sent, whole', async () => {
    const id = await api.created(FULL, staff);
    clock.now = new Date('2026-11-23T08:00:00Z');
    const response = await api.update(
      id,
      {
        phone: null,
        zips: ['10001'],
        circles: [],
        active: false,
      },
      staff,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      ...FULL,
      email: 'springfield@example.com',
      phone: null,
      zips: ['10001'],
      circles: [],
      socials: FULL.socials,
      is_active: false,
      num_zip_codes: 1,
      created_at: '2026-11-22T10:00:00.000Z',
      updated_at: '2026-11-23T08:00:00.000Z',
    });
    expect(await counts()).toEqual({ territories: 1, zips: 1, circles: 0, socials: 1 });
  });

  it('keeps the order of zips, circles and socials as given', async () => {
    const circles = [3, 1, 2].map((n) => ({ center_lat: n, center_lng: n, radius_meters: n * 100 }));
    const socials = ['Zeta', 'Alpha'].map((name) => ({ platform_name: name, platform_url: `https://${name.toLowerCase()}.example.com` }));
    const id = await api.created({ name: 'T', zips: ['99999', '10001', '50000'], circles, socials }, staff);
    expect((await api.read(id, staff)).json()).toMatchObject({ zips: ['99999', '10001', '50000'], circles, socials });
  });

  it('refuses a bad change whole: nothing of it is written', async () => {
    const id = await api.created(FULL, staff);
    const before = (await api.read(id, staff)).json();
    const response = await api.update(id, { name: 'Renamed', zips: ['10001'], circles: [{ center_lat: 100, center_lng: 0, radius_meters: 5 }] }, staff);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['circles.0.center_lat']);
    expect((await api.read(id, staff)).json()).toEqual(before);
  });

  it("refuses a blank name on update with the specification's sentence", async () => {
    const id = await api.created({ name: 'T' }, staff);
    const response = await api.update(id, { name: ' ' }, staff);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: 'Please enter a territory name' });
  });

  it('answers 404 for a territory that does not exist, on every method', async () => {
    for (const response of [await api.read(999, staff), await api.update(999, { name: 'X' }, staff), await api.remove(999, staff)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Territory not found.', code: 'not_found' });
    }
  });

  it('answers 400 for an id that is not an id', async () => {
    const response = await api.call('GET', territoryUrl('abc'), staff);
    expect(response.statusCode).toBe(400);
  });

  it('deletes the territory and its child rows with 204', async () => {
    const id = await api.created(FULL, staff);
    const kept = await api.created({ name: 'Kept', zips: ['10001'] }, staff);
    const response = await api.remove(id, staff);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await api.read(id, staff)).statusCode).toBe(404);
    expect(await counts()).toEqual({ territories: 1, zips: 1, circles: 0, socials: 0 });
    expect((await api.read(kept, staff)).json().zips).toEqual(['10001']);
  });
});

describe('GET /api/v2/territories/: the list', () => {
  beforeEach(async () => {
    for (const [index, body] of [
      { name: 'Chicago', slug: 'chi', rep_name: 'Zed', is_active: true },
      { name: 'Atlanta', slug: 'atl', rep_name: 'Bea', is_active: false },
      { name: 'Boston', slug: 'bos-metro', rep_name: 'Ann', is_active: true, zips: ['02108'] },
    ].entries()) {
      clock.now = new Date(Date.UTC(2026, 10, 22 - index));
      await api.created(body, staff);
    }
  });

  const names = (response: { json: () => { results: { name: string }[] } }) => response.json().results.map((row) => row.name);

  it('answers a page of territories, by id unless asked otherwise', async () => {
    const response = await api.list('', staff);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(checkWith(TerritoryPage, page).ok).toBe(true);
    expect(page).toMatchObject({ count: 3, next: null, previous: null });
    expect(names(response)).toEqual(['Chicago', 'Atlanta', 'Boston']);
    expect(page.results[2]).toMatchObject({ zips: ['02108'], num_zip_codes: 1 });
  });

  it('orders by name or creation, either way', async () => {
    expect(names(await api.list('?ordering=name', staff))).toEqual(['Atlanta', 'Boston', 'Chicago']);
    expect(names(await api.list('?ordering=-name', staff))).toEqual(['Chicago', 'Boston', 'Atlanta']);
    expect(names(await api.list('?ordering=created_at', staff))).toEqual(['Boston', 'Atlanta', 'Chicago']);
    const refused = await api.list('?ordering=rep_name', staff);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields)).toEqual(['ordering']);
  });

  it('searches name, slug and representative, whatever the case', async () => {
    expect(names(await api.list('?search=ATL', staff))).toEqual(['Atlanta']);
    expect(names(await api.list('?search=metro', staff))).toEqual(['Boston']);
    expect(names(await api.list('?search=zed', staff))).toEqual(['Chicago']);
    expect(names(await api.list('?search=nowhere', staff))).toEqual([]);
  });

  it('filters on is_active', async () => {
    expect(names(await api.list('?is_active=false', staff))).toEqual(['Atlanta']);
    expect(names(await api.list('?is_active=true&ordering=name', staff))).toEqual(['Boston', 'Chicago']);
    expect((await api.list('?is_active=maybe', staff)).statusCode).toBe(400);
  });

  it('pages with links to the next and previous pages', async () => {
    const first = (await api.list('?ordering=name&page_size=2', staff)).json();
    expect(first).toMatchObject({ count: 3, previous: null, next: `${TERRITORIES}?ordering=name&page_size=2&page=2` });
    const second = (await api.list('?ordering=name&page_size=2&page=2', staff)).json();
    expect(second.results.map((row: { name: string }) => row.name)).toEqual(['Chicago']);
    expect(second).toMatchObject({ next: null, previous: `${TERRITORIES}?ordering=name&page_size=2&page=1` });
    expect((await api.list('?page_size=0', staff)).statusCode).toBe(400);
  });
});
