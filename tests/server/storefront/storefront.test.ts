import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEEK } from '#contracts/shared/opening-hours';
import { wallClock } from '#contracts/shared/opening-status';
import { renderStorePage } from '#server/domain/storefront/store-page/page';
import { zipKey } from '#server/domain/storefront/delivery-check';
import { storeEtag } from '#server/domain/storefront/store-etag';
import { accessTokenFor } from '../accounts/auth-helpers';
import { onboardingApi, VALID_STEPS } from '../../fixtures/onboarding/requests';
import { menuClient, type Caller } from '../menu/menu-helpers';
import { createTestApp, freshDatabase, type TestApp } from '../test-app';
import { EVERY_DAY_9_TO_21 } from '#tests/fixtures/storefront/hours';

/**
 * The store's public data (issue 29): one launched restaurant with a menu, built through the real
 * API once for the whole file, read as a customer would (no token). The tests run in order: the
 * last ones change the store through the back office.
 */
const PUBLIC_URL = 'https://order.example.com';
/** A Wednesday, 13:00 in New York and 12:00 in Chicago: open on the hours below. */
const MIDDAY = new Date('2026-11-25T18:00:00Z');
/** The same Wednesday after closing (23:00 in New York, 22:00 in Chicago). */
const NIGHT = new Date('2026-11-26T04:00:00Z');

let now = MIDDAY;
let t: TestApp;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let owner: Caller;
let restaurantId: number;
const statements: string[] = [];
const ids = { pizza: 0, drinks: 0, small: 0, medium: 0, large: 0, margherita: 0, cola: 0, basil: 0, ranch: 0, crust: 0, base: 0 };

const OWNER_EMAIL = 'store-owner@example.com';
const CONTACTS = {
  restaurant_phone: '+1 (217) 555-0100',
  public_phone: '217 555 0101',
  fax_number: '217 555 0199',
  mobile_phone: '217.555.0102',
  contact_email: 'hello@bluedoor.example',
};
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const store = (slug = 'blue-door', headers: Record<string, string> = {}) => get(`/api/v2/storefront/${slug}/`, headers);
const deliveryTo = (zip: string, slug = 'blue-door') => get(`/api/v2/storefront/${slug}/delivery/?zip=${encodeURIComponent(zip)}`);

async function ok<T>(response: { statusCode: number; body: string; json: () => T }): Promise<T> {
  if (response.statusCode >= 300) throw new Error(`answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

beforeAll(async () => {
  fresh = await freshDatabase({ queryLogger: { logQuery: (text) => statements.push(text) } });
  t = await createTestApp({ database: fresh.database, clock: () => now, config: { rateLimitPerMinute: 100_000, publicUrl: PUBLIC_URL } });
  const onboarding = onboardingApi(t);
  const api = menuClient(t);
  const token = await accessTokenFor(t, OWNER_EMAIL, { clock: () => now });
  restaurantId = await onboarding.start(token);
  owner = { token, restaurantId };
  for (const [step, body] of Object.entries({
    location: VALID_STEPS.location,
    about: VALID_STEPS.about,
    delivery: VALID_STEPS.delivery,
    hours: EVERY_DAY_9_TO_21,
    contacts: CONTACTS,
  })) {
    await ok(await onboarding.put(restaurantId, step, body, token));
  }
  await ok(await onboarding.launch(restaurantId, token));

  const topping = await api.post('/toppings/', owner, { name: 'Basil' });
  const dressing = await api.post('/dressings/', owner, { name: 'Ranch' });
  [ids.basil, ids.ranch] = [topping.body.id, dressing.body.id];
  // A primary option set (issue 42, item 5): its selections in the owner's order, Thin the default.
  const base = await api.post('/primary-options/', owner, { name: 'Base', selections: [{ name: 'Thin' }, { name: 'Sourdough' }] });
  ids.base = base.body.id;
  const pizza = await api.post('/categories/deep/', owner, {
    restaurant_id: restaurantId,
    name: 'Pizza',
    description: 'Wood-fired.',
    detail: { priced_by: 'size', primary_option_sets: [ids.base], allow_toppings: true, allow_dressings: false, image_url: 'https://images.example/pizza.jpg' },
    sizes: [{ name: 'Small', units: 10, measurement: 'Inches' }, { name: 'Medium' }, { name: 'Large', units: 14, measurement: 'Inches' }],
    toppings: [ids.basil],
    // Assigned, but the category does not allow dressings: not on the store.
    dressings: [ids.ranch],
    extra_groups: [
      {
        name: 'Crust',
        required: true,
        selections: [
          { name: 'Thin', price: 0 },
          { name: 'Stuffed', price: 2.5 },
        ],
      },
    ],
  });
  if (pizza.status !== 201) throw new Error(`deep create answered ${pizza.status}: ${JSON.stringify(pizza.body)}`);
  ids.pizza = pizza.body.category.id;
  [ids.small, ids.medium, ids.large] = pizza.body.sizes.map((size: { id: number }) => size.id);
  ids.crust = pizza.body.extra_groups[0].id;
  await api.patch(`/categories/detail/${pizza.body.detail.id}/`, owner, { allow_remove_toppings: false, max_extra_toppings: 2 });
  const item = async (body: object) => {
    const created = await api.post('/menu-items/', owner, { restaurant_id: restaurantId, ...body });
    if (created.status !== 201) throw new Error(`menu item answered ${created.status}: ${JSON.stringify(created.body)}`);
    return created.body.id as number;
  };
  ids.margherita = await item({
    category_id: ids.pizza,
    name: 'Margherita',
    description: 'Tomato, mozzarella.',
    prices: [
      { size_id: ids.large, price: 14 },
      { size_id: ids.small, price: 9.5 },
    ],
  });
  await item({ category_id: ids.pizza, name: 'Marinara', prices: [{ size_id: ids.medium, price: 8 }], available: false });
  await item({ category_id: ids.pizza, name: 'Diavola', prices: [] });

  const drinks = await api.post('/categories/deep/', owner, {
    restaurant_id: restaurantId,
    name: 'Drinks',
    detail: { priced_by: 'none', allow_toppings: true },
  });
  ids.drinks = drinks.body.category.id;
  ids.cola = await item({ category_id: ids.drinks, name: 'Cola', price: 2.25 });
  await item({ category_id: ids.drinks, name: 'Water', price: null });
  const desserts = await api.post('/categories/deep/', owner, { restaurant_id: restaurantId, name: 'Desserts' });
  await item({ category_id: desserts.body.category.id, name: 'Tiramisu', price: 6, available: false });

  // Special days are the hours helper's to save; until then they are written here as that step will.
  await t.database.query(
    `insert into restaurant_special_days (restaurant_id, date, closed, open_time, close_time, note) values
       ($1, '2026-11-20', true, null, null, 'Past'), ($1, '2026-12-31', false, '12:00', '16:00', 'Short day'), ($1, '2026-12-25', true, null, null, 'Christmas')`,
    [restaurantId],
  );

  // Another owner's restaurant, complete but never launched.
  const otherToken = await accessTokenFor(t, 'not-yet@example.com', { clock: () => now });
  const other = await onboarding.start(otherToken);
  await ok(await onboarding.put(other, 'location', VALID_STEPS.location, otherToken));
  await ok(await onboarding.put(other, 'about', { ...VALID_STEPS.about, slug: 'not-yet' }, otherToken));
});
afterAll(async () => {
  await t.close();
  await fresh.dispose();
});

describe('GET /api/v2/storefront/{slug}/', { timeout: 30_000 }, () => {
  it('answers a launched store with its restaurant, hours from today on, terms and status, without a token', async () => {
    const response = await store();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.restaurant).toEqual({
      name: 'Blue Door Diner',
      about: 'Breakfast all day.',
      slug: 'blue-door',
      logo_url: null,
      currency: 'USD',
      time_zone: 'America/Chicago',
      country: 'United States',
      address: { street: '12 Market St', city: 'Springfield', state: 'IL', zip_code: '62701', country: 'United States' },
      public_phone: '217 555 0101',
      contact_email: 'hello@bluedoor.example',
    });
    expect(body.hours.open_247).toBe(false);
    expect(body.hours.days).toEqual(EVERY_DAY_9_TO_21.hours);
    expect(body.hours.special_days).toEqual([
      { date: '2026-12-25', closed: true, open_time: null, close_time: null, note: 'Christmas' },
      { date: '2026-12-31', closed: false, open_time: '12:00', close_time: '16:00', note: 'Short day' },
    ]);
    expect(body.status.open_now).toBe(true);
    // Written the US way (issue 40).
    expect(body.status.label).toContain('9:00 PM');
    expect(body.pickup).toEqual({ available: true, eta_from: 10, eta_to: 15 });
    expect(body.delivery).toEqual({ available: true, eta_from: 25, eta_to: 40, fee: 2.99, min_order: 12.5, free_over: 35 });
  });

  it('lists the available, priced menu: sizes offered, prices per size in size order, toppings only where allowed, the category model', async () => {
    const { categories } = (await store()).json();
    expect(categories.map((category: { name: string }) => category.name)).toEqual(['Pizza', 'Drinks']);
    const [pizza, drinks] = categories;
    expect(pizza).toEqual({
      id: ids.pizza,
      name: 'Pizza',
      description: 'Wood-fired.',
      image_url: 'https://images.example/pizza.jpg',
      // Medium is priced only by an unavailable dish: no dish on the store is offered in it.
      sizes: [
        { id: ids.small, name: 'Small', units: 10, measurement: 'Inches' },
        { id: ids.large, name: 'Large', units: 14, measurement: 'Inches' },
      ],
      items: [
        {
          id: ids.margherita,
          name: 'Margherita',
          description: 'Tomato, mozzarella.',
          image_url: null,
          price: null,
          prices: [
            { size_id: ids.small, price: 9.5 },
            { size_id: ids.large, price: 14 },
          ],
        },
      ],
      extra_groups: [
        {
          id: ids.crust,
          name: 'Crust',
          required: true,
          allow_multiple: false,
          selections: [expect.objectContaining({ name: 'Thin', price: 0 }), expect.objectContaining({ name: 'Stuffed', price: 2.5 })],
        },
      ],
      toppings: [{ id: ids.basil, name: 'Basil', image_url: null }],
      dressings: [],
      primary_option_sets: [
        {
          id: ids.base,
          name: 'Base',
          selections: [
            { id: expect.any(Number), name: 'Thin', image_url: null },
            { id: expect.any(Number), name: 'Sourdough', image_url: null },
          ],
        },
      ],
      allow_remove_toppings: false,
      allow_add_toppings: true,
      max_extra_toppings: 2,
    });
    // A category without them: none, and the specification's defaults.
    expect(drinks).toMatchObject({ primary_option_sets: [], allow_remove_toppings: true, allow_add_toppings: true, max_extra_toppings: 0 });
    expect(drinks.items).toEqual([{ id: ids.cola, name: 'Cola', description: '', image_url: null, price: 2.25, prices: [] }]);
    // Allowed, but none assigned.
    expect(drinks.toppings).toEqual([]);
  });

  it("never carries the owner's email or the restaurant phone, fax and mobile", async () => {
    const { body } = await store();
    for (const secret of [OWNER_EMAIL, CONTACTS.restaurant_phone, CONTACTS.fax_number, CONTACTS.mobile_phone]) expect(body).not.toContain(secret);
  });

  it('reads the store in the same number of statements whatever the size of its menu', async () => {
    const count = async () => {
      statements.length = 0;
      await ok(await store());
      return statements.length;
    };
    const api = menuClient(t);
    const more = await api.post('/categories/deep/', owner, {
      restaurant_id: restaurantId,
      name: 'Salads',
      detail: { priced_by: 'size', allow_dressings: true },
      sizes: [{ name: 'Half' }, { name: 'Full' }],
      dressings: [ids.ranch],
      extra_groups: [
        { name: 'Add', selections: [{ name: 'Egg', price: 1 }] },
        { name: 'Bread', selections: [{ name: 'Roll', price: 0.5 }] },
      ],
    });
    // Each change raises the version, so each count below is of a whole build of the answer.
    const before = await count();
    for (const name of ['Caesar', 'Greek', 'Garden']) {
      await api.post('/menu-items/', owner, {
        restaurant_id: restaurantId,
        category_id: more.body.category.id,
        name,
        prices: more.body.sizes.map((size: { id: number }) => ({ size_id: size.id, price: 7 })),
      });
    }
    expect(await count()).toBe(before);
    // Unchanged, the answer built is kept: none of the build's statements runs again (the
    // version lookup is a plain query, outside this log).
    expect(await count()).toBe(0);
    expect((await store()).json().categories.map((category: { name: string }) => category.name)).toEqual(['Pizza', 'Drinks', 'Salads']);
    await api.delete(`/categories/${more.body.category.id}/`, owner);
  });

  it('answers 404 for an unknown slug and for a store not launched yet', async () => {
    for (const slug of ['nobody', 'not-yet']) {
      const response = await store(slug);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Store not found.', code: 'not_found' });
    }
  });

  it('tags the answer, to be revalidated each time, and answers 304 with no body to a client holding it', async () => {
    const first = await store();
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await store('blue-door', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await store('blue-door', { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('changes its tag when the store closes, though nothing was edited', async () => {
    const open = await store();
    now = NIGHT;
    try {
      const closed = await store('blue-door', { 'if-none-match': String(open.headers.etag) });
      expect(closed.statusCode).toBe(200);
      expect(closed.json().status.open_now).toBe(false);
      expect(closed.json().version).toBe(open.json().version);
      expect(closed.headers.etag).not.toBe(open.headers.etag);
    } finally {
      now = MIDDAY;
    }
  });

  it("reads today's special day, not the weekday, for the status", async () => {
    await t.database.query(`insert into restaurant_special_days (restaurant_id, date, closed, note) values ($1, '2026-11-25', true, 'Inventory')`, [
      restaurantId,
    ]);
    try {
      const body = (await store()).json();
      expect(body.status.open_now).toBe(false);
      expect(body.hours.special_days[0]).toMatchObject({ date: '2026-11-25', closed: true, note: 'Inventory' });
    } finally {
      await t.database.query(`delete from restaurant_special_days where restaurant_id = $1 and date = '2026-11-25'`, [restaurantId]);
    }
  });

  it("past midnight on yesterday's overnight hours, names whose hours they are beside today's closed special day (issue 40)", async () => {
    // Tuesday 09:00–02:00, and Wednesday 25 November closed for a staff party; 01:00 on Wednesday in Chicago.
    await t.database.query(`update restaurant_opening_hours set close_time = '02:00' where restaurant_id = $1 and day_of_week = 2`, [restaurantId]);
    await t.database.query(`insert into restaurant_special_days (restaurant_id, date, closed, note) values ($1, '2026-11-25', true, 'Staff party')`, [
      restaurantId,
    ]);
    now = new Date('2026-11-25T07:00:00Z');
    try {
      const body = (await store()).json();
      expect(body.status).toMatchObject({ open_now: true, label: "Open until 2:00 AM (Tuesday's hours)" });
      const page = renderStorePage(body, { origin: PUBLIC_URL, scriptSrc: null, today: wallClock('America/Chicago', now) });
      // The header: the status, then today's note (the page escapes the apostrophe).
      expect(page).toContain('<p class="status open">Open until 2:00 AM (Tuesday&#x27;s hours)</p><p class="today-note">Closed today: Staff party</p>');
    } finally {
      now = MIDDAY;
      await t.database.query(`delete from restaurant_special_days where restaurant_id = $1 and date = '2026-11-25'`, [restaurantId]);
      await t.database.query(`update restaurant_opening_hours set close_time = '21:00' where restaurant_id = $1 and day_of_week = 2`, [restaurantId]);
    }
  });

  it('shows a back-office change on the very next request, under a new tag', async () => {
    const before = await store();
    const api = menuClient(t);
    expect((await api.patch(`/menu-items/${ids.cola}/`, owner, { price: 2.75 })).status).toBe(200);
    const after = await store('blue-door', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().version).toBeGreaterThan(before.json().version);
    expect(after.json().categories[1].items[0].price).toBe(2.75);
  });
});

describe('GET /api/v2/storefront/{slug}/delivery/?zip=', { timeout: 30_000 }, () => {
  it('delivers to a zip of its list (however it is typed), with its terms, and not to another', async () => {
    expect(await ok(await deliveryTo(' 62702 '))).toEqual({
      zip: '62702',
      delivers: true,
      fee: 2.99,
      min_order: 12.5,
      free_over: 35,
      eta_from: 25,
      eta_to: 40,
    });
    expect((await deliveryTo('10001')).json()).toMatchObject({ zip: '10001', delivers: false });
  });

  it('refuses a malformed zip with a sentence on the field, and an unknown store with 404', async () => {
    const malformed = await deliveryTo('62!01');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({ zip: expect.stringContaining('zip or postal code') });
    expect((await deliveryTo('62701', 'not-yet')).statusCode).toBe(404);
  });

  it('covering by distance, delivers near its own zip code and not far away', async () => {
    const onboarding = onboardingApi(t);
    await ok(
      await onboarding.put(
        restaurantId,
        'delivery',
        { ...VALID_STEPS.delivery, coverage_mode: 'distance', zip_codes: [], apply_delivery_fee: false },
        owner.token,
      ),
    );
    // 62702 is Springfield too; 60601 is downtown Chicago, about 300 km away.
    expect(await ok(await deliveryTo('62702'))).toMatchObject({ delivers: true, fee: 0 });
    expect(await ok(await deliveryTo('62701'))).toMatchObject({ delivers: true });
    expect(await ok(await deliveryTo('60601'))).toMatchObject({ delivers: false });
    // The store shows the new terms at once.
    expect((await store()).json().delivery.fee).toBe(0);
  });
});

describe('GET /sitemap.xml', { timeout: 30_000 }, () => {
  it('lists every launched store at the public address, escaped, and robots.txt names it', async () => {
    // A slug from before store URLs were checked, which XML must escape.
    await t.database.query(
      `with legacy as (insert into restaurants (name, slug) values ('Legacy', 'o''hara&co') returning id), owner as (insert into users (email) values ('legacy@example.com') returning id)
       insert into onboardings (restaurant_id, owner_id, launched_at) select legacy.id, owner.id, now() from legacy, owner`,
    );
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([`${PUBLIC_URL}/blue-door`, `${PUBLIC_URL}/o&apos;hara%26co`]);
    expect(response.body).toMatch(/<url><loc>https:\/\/order\.example\.com\/blue-door<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod><\/url>/);
    expect((await get('/robots.txt')).body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('reserved store URLs', { timeout: 30_000 }, () => {
  it("refuses one of the site's own addresses on the about step and keeps the store URL", async () => {
    const response = await onboardingApi(t).put(restaurantId, 'about', { ...VALID_STEPS.about, slug: 'login' }, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ slug: "“login” is one of this site's own addresses. Please choose another store URL." });
    expect((await store()).statusCode).toBe(200);
  });
});

describe('a store launched with only its location and name', { timeout: 30_000 }, () => {
  it("shows the steps' defaults: the default week, delivery and pickup on their default terms, no contacts", async () => {
    const onboarding = onboardingApi(t);
    const [row] = await t.database.query(`select id from restaurants where slug = 'not-yet'`);
    const token = await accessTokenFor(t, 'not-yet@example.com', { clock: () => now });
    await ok(await onboarding.launch(Number(row!.id), token));
    const body = await ok(await store('not-yet'));
    expect(body).toMatchObject({
      restaurant: { public_phone: '', contact_email: '', logo_url: null, time_zone: 'America/Chicago' },
      hours: { open_247: false, days: DEFAULT_WEEK, special_days: [] },
      pickup: { available: true, eta_from: 10, eta_to: 20 },
      delivery: { available: true, eta_from: 20, eta_to: 30, fee: 0, min_order: null, free_over: null },
      categories: [],
    });
    // Delivering by distance from its own zip until it says otherwise.
    expect(await ok(await deliveryTo('62701', 'not-yet'))).toMatchObject({ delivers: true });
  });
});

describe('storeEtag', () => {
  it('changes when a new day begins in the restaurant’s zone, even with the status unchanged, and not within a day', () => {
    const allDay = {
      version: 7,
      status: { open_now: true, label: 'Open 24 hours', next_change_at: null },
      restaurant: { time_zone: 'America/Chicago' },
      categories: [],
    };
    const tag = (instant: string) => storeEtag(allDay as unknown as Parameters<typeof storeEtag>[0], new Date(instant));
    // 23:30 and 00:30 in Chicago, then 01:30: two dates, one tag per date.
    expect(tag('2026-11-26T05:30:00Z')).not.toBe(tag('2026-11-26T06:30:00Z'));
    expect(tag('2026-11-26T06:30:00Z')).toBe(tag('2026-11-26T07:30:00Z'));
  });
});

describe('zipKey', () => {
  it('spells a zip or postcode one way whatever its case and spaces, and a ZIP+4 as its five digits (issue 40)', () => {
    for (const typed of ['sw1a 1aa', 'SW1A 1AA', 'sw1a1aa', ' Sw1A  1aA ']) expect(zipKey(typed), typed).toBe(zipKey('SW1A 1AA'));
    expect(zipKey('m5v3l9')).toBe(zipKey('M5V 3L9'));
    expect(zipKey('62701-1234')).toBe(zipKey('62701'));
    expect(zipKey('SW1A 1AB')).not.toBe(zipKey('SW1A 1AA'));
  });
});
