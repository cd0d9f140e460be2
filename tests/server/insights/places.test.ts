import { beforeAll, describe, expect, it } from 'vitest';
import { City, Country } from '#contracts/insights';
import { Page } from '#contracts/shared/lists';
import { parseWith } from '#contracts/shared/validation';
import { cities, countries } from '#server/db/schema-onboarding';
import { menuAppWithOwnerForFile } from '../menu/menu-helpers';

/** The paged countries and cities lists, on rows this file made once (nothing here writes). */
const { t, api, owner } = menuAppWithOwnerForFile('owner@example.com');
let ids: { canada: number; usa: number };
beforeAll(async () => {
  const [canada, usa] = await t.database.db
    .insert(countries)
    .values([{ name: 'Canada' }, { name: 'United States' }])
    .returning();
  ids = { canada: canada!.id, usa: usa!.id };
  await t.database.db.insert(cities).values([
    { countryId: ids.usa, state: 'TX', name: 'Austin' },
    { countryId: ids.canada, state: 'ON', name: 'Toronto' },
    { countryId: ids.usa, state: 'IL', name: 'Chicago' },
  ]);
});

describe('GET /countries/', () => {
  it('pages the countries by name', async () => {
    const first = await api.get('/countries/?page_size=1', owner);
    expect(first.status).toBe(200);
    expect(parseWith(Page(Country), first.body)).toEqual({
      count: 2,
      next: '/api/v2/countries/?page_size=1&page=2',
      previous: null,
      results: [{ id: ids.canada, name: 'Canada' }],
    });
    const second = await api.get('/countries/?page_size=1&page=2', owner);
    expect(second.body).toMatchObject({ count: 2, next: null, results: [{ id: ids.usa, name: 'United States' }] });
  });

  it('searches and orders by name', async () => {
    expect((await api.get('/countries/?search=unit', owner)).body.results).toEqual([{ id: ids.usa, name: 'United States' }]);
    expect((await api.get('/countries/?ordering=-name', owner)).body.results.map((row: Country) => row.name)).toEqual(['United States', 'Canada']);
  });
});

describe('GET /cities/', () => {
  it('lists every city by name, with its state and country', async () => {
    const answer = await api.get('/cities/', owner);
    expect(answer.status).toBe(200);
    expect(parseWith(Page(City), answer.body).results.map((city) => [city.name, city.state, city.country_id])).toEqual([
      ['Austin', 'TX', ids.usa],
      ['Chicago', 'IL', ids.usa],
      ['Toronto', 'ON', ids.canada],
    ]);
  });

  it('filters by country_id and pages the filtered list', async () => {
    const answer = await api.get(`/cities/?country_id=${ids.usa}&page_size=1&page=2`, owner);
    expect(answer.body).toMatchObject({ count: 2, next: null, results: [{ name: 'Chicago', state: 'IL', country_id: ids.usa }] });
    expect(answer.body.previous).toBe(`/api/v2/cities/?country_id=${ids.usa}&page_size=1&page=1`);
  });
});

describe('refusals', () => {
  it('answers 401 without a token', async () => {
    expect((await api.get('/countries/', null)).status).toBe(401);
    expect((await api.get('/cities/?country_id=x', null)).status).toBe(401);
  });

  it('answers 400 naming the field for a bad query', async () => {
    for (const [path, field] of [
      ['/cities/?country_id=abc', 'country_id'],
      ['/cities/?country_id=0', 'country_id'],
      ['/countries/?page=0', 'page'],
      ['/countries/?page_size=501', 'page_size'],
      ['/cities/?ordering=state', 'ordering'],
    ] as const) {
      const answer = await api.get(path, owner);
      expect(answer.status, path).toBe(400);
      expect(answer.body.fields, path).toHaveProperty(field);
    }
  });
});
