import { create } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { HoursStep, ONBOARDING_DEFAULTS, ONBOARDING_MESSAGES } from '#contracts/onboarding';
import { readStep, saveStep } from '#server/domain/onboarding/onboarding';
import { STEP_NAMES, VALID_STEPS } from '../../fixtures/onboarding/requests';
import { onboardingAppForFile } from './onboarding-helpers';

const { t, api, owner } = onboardingAppForFile('owner');

const clone = <T>(value: T): T => structuredClone(value) as T;
type Hours = { open_247: boolean; closed_within: boolean; hours: Record<string, unknown>[] };
const hoursWith = (day: number, patch: Record<string, unknown>, base: Hours = clone(VALID_STEPS.hours) as unknown as Hours): Hours => ({
  ...base,
  hours: base.hours.map((entry) => (entry.day_of_week === day ? { ...entry, ...patch } : entry)),
});

/** A refused PUT: 400 with the error shape and the expected message per field. */
async function expectRefused(id: number, token: string, step: string, body: unknown, fields: Record<string, string | RegExp>) {
  const response = await api.put(id, step, body, token);
  expect(response.statusCode, response.body).toBe(400);
  const answer = response.json();
  expect(answer).toMatchObject({ detail: expect.any(String), code: 'invalid' });
  for (const [field, message] of Object.entries(fields)) {
    if (typeof message === 'string') expect(answer.fields[field], field).toBe(message);
    else expect(answer.fields[field], field).toMatch(message);
  }
}

describe('GET /api/v2/onboarding/{id}/{step}/ before anything is saved', () => {
  it('answers the specification’s defaults for every step', async () => {
    const { token, id } = await owner();
    for (const step of STEP_NAMES) {
      const response = await api.get(id, step, token);
      expect(response.statusCode, step).toBe(200);
      expect(response.json(), step).toEqual(ONBOARDING_DEFAULTS[step]);
    }
    expect(ONBOARDING_DEFAULTS.delivery).toMatchObject({
      delivery_eta_from: 20,
      delivery_eta_to: 30,
      pickup_eta_from: 10,
      pickup_eta_to: 20,
      free_over_amount: 10,
      delivery_fee: 0,
      min_order_amount: 0,
      auto_request_driver: false,
      order_types: ['Online', 'Call in', 'In Person'],
    });
    const hours = (await api.get(id, 'hours', token)).json();
    expect(hours.hours[0]).toMatchObject({ day_of_week: 1, closed: true, open_time: null });
    expect(
      hours.hours
        .slice(1)
        .every((day: { open_time: string; close_time: string; closed: boolean }) => !day.closed && day.open_time === '08:00' && day.close_time === '20:00'),
    ).toBe(true);
  });
});

describe('PUT then GET of every step', () => {
  it('saves each step, answers it, reads it back and marks it in the status', async () => {
    const { token, id } = await owner();
    const expected = {
      ...VALID_STEPS,
      additional: { selections: { ...ONBOARDING_DEFAULTS.additional.selections, ...VALID_STEPS.additional.selections } },
    };
    for (const step of STEP_NAMES) {
      const saved = await api.put(id, step, VALID_STEPS[step], token);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json(), step).toEqual(expected[step]);
      expect((await api.get(id, step, token)).json(), step).toEqual(expected[step]);
    }
    expect((await api.status(id, token)).json()).toEqual({
      id,
      launched: false,
      progress: { location: true, about: true, delivery: true, hours: true, additional: true, contacts: true, launch: false },
    });
  });

  it('replaces a step on a second save instead of adding to it', async () => {
    const { token, id } = await owner();
    await api.put(id, 'additional', VALID_STEPS.additional, token);
    const again = await api.put(id, 'additional', { selections: { crowd: ['Groups'] } }, token);
    expect(again.json().selections).toEqual({ ...ONBOARDING_DEFAULTS.additional.selections, crowd: ['Groups'] });
    expect(await t.database.query('select group_name, label from restaurant_features where restaurant_id = $1', [id])).toEqual([
      { group_name: 'crowd', label: 'Groups' },
    ]);
  });

  it("refuses a missing list beside another field's refused value with 400, never 500 (Portman found both)", async () => {
    const { token, id } = await owner();
    const { zip_codes: _zips, ...withoutZips } = VALID_STEPS.delivery;
    await expectRefused(
      id,
      token,
      'delivery',
      { ...withoutZips, has_delivery: true, coverage_mode: 'zip', order_types: ['Drone'] },
      {
        zip_codes: 'This field is required.',
        order_types: /^Order types are chosen from/,
      },
    );
    const [monday, ...rest] = VALID_STEPS.hours.hours;
    await expectRefused(id, token, 'hours', { ...VALID_STEPS.hours, hours: [null, ...rest, { ...monday, day_of_week: 9 }] }, { 'hours.0': /./ });
  });

  it('refuses unknown fields, wrong types, a missing field and a body that is not an object', async () => {
    const { token, id } = await owner();
    for (const step of STEP_NAMES) {
      await expectRefused(id, token, step, { ...VALID_STEPS[step], surprise: 1 }, { surprise: 'Unknown field.' });
    }
    await expectRefused(
      id,
      token,
      'delivery',
      { ...VALID_STEPS.delivery, has_delivery: 'yes', delivery_fee: '2.99', zip_codes: '62701' },
      {
        has_delivery: 'Expected true or false.',
        delivery_fee: 'Expected a number.',
        zip_codes: 'Expected a list.',
      },
    );
    const { street: _street, ...withoutStreet } = VALID_STEPS.location;
    await expectRefused(id, token, 'location', withoutStreet, { street: 'This field is required.' });
    await expectRefused(id, token, 'hours', [VALID_STEPS.hours], { body: 'Expected a JSON object.' });
    const malformed = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/onboarding/${id}/contacts/`,
      payload: '{"restaurant_phone":',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'malformed_json' });
    expect((await api.status(id, token)).json().progress).toMatchObject({ location: false, delivery: false, hours: false, contacts: false });
  });
});

describe('odd shapes', () => {
  it('answers 400, never 500, to bodies of the wrong shape', async () => {
    const { token, id } = await owner();
    const odd: [string, unknown][] = [
      ['hours', { ...VALID_STEPS.hours, hours: null }],
      ['hours', { ...VALID_STEPS.hours, hours: [null, 1, 'x', [], {}, {}, {}] }],
      ['hours', { open_247: 'yes', closed_within: null, hours: VALID_STEPS.hours.hours }],
      ['hours', hoursWith(2, { open_time: 800, close_time: { h: 20 } })],
      ['additional', { selections: null }],
      ['additional', { selections: { crowd: 'Family' } }],
      ['additional', { selections: { crowd: [1, null] } }],
      ['delivery', { ...VALID_STEPS.delivery, zip_codes: [1, null], order_types: null }],
      ['delivery', { ...VALID_STEPS.delivery, delivery_fee: null, delivery_eta_from: '20' }],
      ['location', null],
      ['about', 'text'],
      ['contacts', 42],
    ];
    for (const [step, body] of odd) {
      const response = await api.put(id, step, body, token);
      expect(response.statusCode, `${step} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
  });
});

describe('location', () => {
  it('records the country and city once, case-insensitively, and links the restaurant to them', async () => {
    const first = await owner();
    const second = await owner();
    await api.put(first.id, 'location', { ...VALID_STEPS.location, country: 'Canada', city: 'Toronto', state: 'on', zip_code: 'M5V 2T6' }, first.token);
    const saved = await api.put(
      second.id,
      'location',
      { ...VALID_STEPS.location, country: 'Canada', city: ' toronto ', state: 'ON', zip_code: 'M5V 3L9' },
      second.token,
    );
    expect(saved.statusCode).toBe(200);
    // The second owner's "toronto" is the city the first one recorded.
    expect(saved.json()).toEqual({ country: 'Canada', street: '12 Market St', city: 'Toronto', state: 'ON', zip_code: 'M5V 3L9' });
    const rows = await t.database.query(
      `select c.name as city, c.state, k.name as country, l.restaurant_id from restaurant_locations l
       join cities c on c.id = l.city_id join countries k on k.id = c.country_id
       where l.restaurant_id = any($1) order by l.restaurant_id`,
      [[first.id, second.id]],
    );
    expect(rows).toEqual([
      { city: 'Toronto', state: 'ON', country: 'Canada', restaurant_id: first.id },
      { city: 'Toronto', state: 'ON', country: 'Canada', restaurant_id: second.id },
    ]);
    expect(await t.database.query(`select count(*)::int as n from cities where name = 'Toronto'`)).toEqual([{ n: 1 }]);
    expect(await t.database.query(`select count(*)::int as n from countries where name = 'Canada'`)).toEqual([{ n: 1 }]);
  });

  it('requires zip, city and state with the specification’s message and bounds their length', async () => {
    const { token, id } = await owner();
    await expectRefused(
      id,
      token,
      'location',
      { ...VALID_STEPS.location, zip_code: ' ', city: '', state: '' },
      {
        zip_code: ONBOARDING_MESSAGES.location,
        city: ONBOARDING_MESSAGES.location,
        state: ONBOARDING_MESSAGES.location,
      },
    );
    await expectRefused(
      id,
      token,
      'location',
      { ...VALID_STEPS.location, zip_code: '12345678901', state: 'ILL' },
      {
        zip_code: 'Zip code must be at most 10 characters.',
        state: 'State must be at most 2 characters.',
      },
    );
    await expectRefused(id, token, 'location', { ...VALID_STEPS.location, country: 'France' }, { country: /United States, Canada, United Kingdom/ });
    expect((await api.get(id, 'location', token)).json()).toEqual(ONBOARDING_DEFAULTS.location);
    expect(await t.database.query('select * from restaurant_locations where restaurant_id = $1', [id])).toEqual([]);
  });
});

describe('about', () => {
  it('sanitises the store URL, and answers 409 for one another restaurant uses, changing nothing', async () => {
    const first = await owner();
    const second = await owner();
    const saved = await api.put(first.id, 'about', { ...VALID_STEPS.about, slug: ' Corner Café-2! ' }, first.token);
    expect(saved.json().slug).toBe('cornercaf-2');
    await api.put(second.id, 'about', { ...VALID_STEPS.about, name: 'Second', slug: 'second' }, second.token);
    const taken = await api.put(second.id, 'about', { ...VALID_STEPS.about, name: 'Renamed', slug: 'CornerCaf-2' }, second.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'slug_taken',
      detail: 'The store URL “cornercaf-2” is already taken. Please choose another.',
      fields: { slug: 'The store URL “cornercaf-2” is already taken. Please choose another.' },
    });
    expect((await api.get(second.id, 'about', second.token)).json()).toMatchObject({ name: 'Second', slug: 'second' });
    // Saving one's own slug again is not a conflict.
    expect((await api.put(first.id, 'about', { ...VALID_STEPS.about, slug: 'cornercaf-2' }, first.token)).statusCode).toBe(200);
  });

  it('requires a name and a store URL with the specification’s messages', async () => {
    const { token, id } = await owner();
    await expectRefused(
      id,
      token,
      'about',
      { ...VALID_STEPS.about, name: '  ', slug: '!!!' },
      {
        name: ONBOARDING_MESSAGES.name,
        slug: ONBOARDING_MESSAGES.slug('localhost:3000'),
      },
    );
    await expectRefused(id, token, 'about', { ...VALID_STEPS.about, about: 'x'.repeat(2001) }, { about: 'Description must be at most 2000 characters.' });
  });

  it('accepts only the owner’s own uploads as the logo', async () => {
    const mine = await owner();
    const other = await owner();
    const [me] = await t.database.query('select owner_id from onboardings where restaurant_id = $1', [mine.id]);
    const [them] = await t.database.query('select owner_id from onboardings where restaurant_id = $1', [other.id]);
    await t.database.query(
      `insert into uploaded_images (path, owner_id, content_type, width, height, bytes) values
       ('mine.png', $1, 'image/png', 10, 10, 100), ('theirs.png', $2, 'image/png', 10, 10, 100)`,
      [me?.owner_id, them?.owner_id],
    );
    const own = await api.put(mine.id, 'about', { ...VALID_STEPS.about, slug: 'mine-logo', logo_url: '/uploads/mine.png' }, mine.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().logo_url).toBe('/uploads/mine.png');
    await expectRefused(
      mine.id,
      mine.token,
      'about',
      { ...VALID_STEPS.about, slug: 'mine-logo', logo_url: '/uploads/theirs.png' },
      {
        logo_url: 'The logo must be an image you uploaded here.',
      },
    );
    await expectRefused(
      mine.id,
      mine.token,
      'about',
      { ...VALID_STEPS.about, logo_url: 'https://elsewhere.example/logo.png' },
      {
        logo_url: /uploaded here/,
      },
    );
    expect((await api.get(mine.id, 'about', mine.token)).json().logo_url).toBe('/uploads/mine.png');
  });
});

describe('delivery', () => {
  it('keeps money exact in cents and tidies the zip pills', async () => {
    const { token, id } = await owner();
    const saved = await api.put(
      id,
      'delivery',
      { ...VALID_STEPS.delivery, delivery_fee: 0.1, min_order_amount: 19.99, zip_codes: [' 62701 ', '', '62701', '62703'] },
      token,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ delivery_fee: 0.1, min_order_amount: 19.99, free_over_amount: 35, zip_codes: ['62701', '62703'] });
    expect(
      await t.database.query('select delivery_fee_cents, min_order_cents, free_over_cents from restaurant_delivery where restaurant_id = $1', [id]),
    ).toEqual([{ delivery_fee_cents: 10, min_order_cents: 1999, free_over_cents: 3500 }]);
  });

  it('refuses negative or over-precise amounts, estimates out of order, unknown order types and empty zip coverage', async () => {
    const { token, id } = await owner();
    await expectRefused(
      id,
      token,
      'delivery',
      { ...VALID_STEPS.delivery, delivery_fee: -1, min_order_amount: 1.234, free_over_amount: 1e9 },
      {
        delivery_fee: /at least|from 0/,
        min_order_amount: /two decimals/,
        free_over_amount: /99999\.99/,
      },
    );
    await expectRefused(
      id,
      token,
      'delivery',
      { ...VALID_STEPS.delivery, delivery_eta_from: 50, delivery_eta_to: 40, pickup_eta_from: 30, pickup_eta_to: 20 },
      {
        delivery_eta_to: 'The delivery estimate “to” must not be below “from”.',
        pickup_eta_to: 'The pickup estimate “to” must not be below “from”.',
      },
    );
    await expectRefused(
      id,
      token,
      'delivery',
      { ...VALID_STEPS.delivery, delivery_eta_from: -5, pickup_eta_to: 12.5 },
      {
        delivery_eta_from: /whole number of minutes/,
        pickup_eta_to: 'Expected a whole number.',
      },
    );
    await expectRefused(
      id,
      token,
      'delivery',
      { ...VALID_STEPS.delivery, order_types: ['Online', 'Fax'], coverage_mode: 'everywhere' },
      {
        order_types: 'Order types are chosen from: Online, Call in, In Person.',
        coverage_mode: /distance/,
      },
    );
    await expectRefused(id, token, 'delivery', { ...VALID_STEPS.delivery, order_types: ['Online', 'Online'] }, { order_types: /only once/ });
    await expectRefused(id, token, 'delivery', { ...VALID_STEPS.delivery, zip_codes: [' '] }, { zip_codes: /at least one zip code/ });
    await expectRefused(id, token, 'delivery', { ...VALID_STEPS.delivery, zip_codes: ['12345678901'] }, { 'zip_codes.0': /at most 10/ });
    expect(await t.database.query('select * from restaurant_delivery where restaurant_id = $1', [id])).toEqual([]);
  });
});

describe('hours', () => {
  it('accepts overnight hours (closing after midnight) with a break across midnight, and reads them back', async () => {
    const { token, id } = await owner();
    const overnight = hoursWith(3, { open_time: '18:00', break_start: null, reopen_time: null, close_time: '02:00' });
    const saved = await api.put(id, 'hours', overnight, token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(overnight);
    expect(await t.database.query('select open_time, close_time from restaurant_opening_hours where restaurant_id = $1 and day_of_week = 3', [id])).toEqual([
      { open_time: '18:00:00', close_time: '02:00:00' },
    ]);
  });

  it('refuses a break outside the opening hours, overnight ones included', async () => {
    const { token, id } = await owner();
    const message = 'The break must start after opening and end (reopen) before closing.';
    await expectRefused(id, token, 'hours', hoursWith(2, { break_start: '07:00', reopen_time: '09:00' }), { 'hours.1.break_start': message });
    await expectRefused(id, token, 'hours', hoursWith(2, { break_start: '21:00', reopen_time: '23:00' }), { 'hours.1.break_start': message });
    await expectRefused(id, token, 'hours', hoursWith(2, { break_start: '15:00', reopen_time: '14:00' }), { 'hours.1.break_start': message });
    // Saturday is open 18:00 to 02:00: a break at 03:00 is after it closed.
    await expectRefused(id, token, 'hours', hoursWith(6, { break_start: '03:00', reopen_time: '04:00' }), { 'hours.5.break_start': message });
    await expectRefused(id, token, 'hours', hoursWith(2, { break_start: '14:00', reopen_time: null }), {
      'hours.1.reopen_time': /both the break and the reopening/,
    });
    await expectRefused(id, token, 'hours', hoursWith(2, { close_time: '08:00' }), { 'hours.1.close_time': /must differ/ });
    await expectRefused(id, token, 'hours', hoursWith(2, { open_time: null }), { 'hours.1.open_time': /opening time/ });
  });

  it('refuses times off the 15-minute grid, a day given twice and a week without every day', async () => {
    const { token, id } = await owner();
    const grid = /15-minute grid/;
    await expectRefused(id, token, 'hours', hoursWith(2, { open_time: '08:10', close_time: '24:00' }), {
      'hours.1.open_time': grid,
      'hours.1.close_time': grid,
    });
    await expectRefused(id, token, 'hours', hoursWith(2, { open_time: '8:00' }), { 'hours.1.open_time': grid });
    await expectRefused(id, token, 'hours', hoursWith(3, { day_of_week: 2 }), { hours: 'Give each day of the week (1 to 7) exactly once.' });
    const sixDays = { ...VALID_STEPS.hours, hours: VALID_STEPS.hours.hours.slice(0, 6) };
    await expectRefused(id, token, 'hours', sixDays, { hours: 'Give each day of the week (1 to 7) exactly once.' });
    await expectRefused(id, token, 'hours', hoursWith(2, { day_of_week: 8 }), { 'hours.1.day_of_week': /1 \(Monday\) to 7 \(Sunday\)/ });
    expect((await api.get(id, 'hours', token)).json()).toEqual(ONBOARDING_DEFAULTS.hours);
  });

  it('clears every time when open 24/7, breaks when “closed between” is off, and the times of a closed day', async () => {
    const { token, id } = await owner();
    const allDay = await api.put(id, 'hours', { ...VALID_STEPS.hours, open_247: true }, token);
    expect(allDay.json().closed_within).toBe(false);
    expect(
      allDay
        .json()
        .hours.every(
          (day: Record<string, unknown>) =>
            day.closed === false && day.open_time === null && day.break_start === null && day.reopen_time === null && day.close_time === null,
        ),
    ).toBe(true);
    const noBreaks = (await api.put(id, 'hours', { ...VALID_STEPS.hours, closed_within: false }, token)).json();
    expect(noBreaks.hours[1]).toEqual({ day_of_week: 2, closed: false, open_time: '08:00', break_start: null, reopen_time: null, close_time: '22:00' });
    const closed = (await api.put(id, 'hours', hoursWith(4, { closed: true }), token)).json();
    expect(closed.hours[3]).toEqual({ day_of_week: 4, closed: true, open_time: null, break_start: null, reopen_time: null, close_time: null });
  });

  it('keeps the previous hours whole when a later save is refused', async () => {
    const { token, id } = await owner();
    await api.put(id, 'hours', VALID_STEPS.hours, token);
    await expectRefused(id, token, 'hours', hoursWith(2, { open_time: '08:05' }), { 'hours.1.open_time': /grid/ });
    expect((await api.get(id, 'hours', token)).json()).toEqual(VALID_STEPS.hours);
    expect(await t.database.query('select count(*)::int as n from restaurant_opening_hours where restaurant_id = $1', [id])).toEqual([{ n: 7 }]);
  });
});

describe('hours: time zone and special days (issue 29)', () => {
  const specialDay = (date: string, note = '') => ({ date, closed: true, open_time: null, close_time: null, note });
  const zoneOf = async (id: number, token: string) => (await api.get(id, 'hours', token)).json().time_zone;

  it('reads the zone of the location until the owner saves one, then keeps the saved one', async () => {
    const { token, id } = await owner();
    await api.put(id, 'location', { ...VALID_STEPS.location, state: 'tx' }, token);
    expect(await zoneOf(id, token)).toBe('America/Chicago');
    await api.put(id, 'location', { ...VALID_STEPS.location, country: 'Canada', state: 'BC', zip_code: 'V6B 1A1' }, token);
    expect(await zoneOf(id, token)).toBe('America/Vancouver');
    // Sent in other capitals, kept as the zone list writes it.
    const saved = await api.put(id, 'hours', { ...VALID_STEPS.hours, time_zone: 'europe/london' }, token);
    expect(saved.json().time_zone).toBe('Europe/London');
    await api.put(id, 'location', { ...VALID_STEPS.location, state: 'AZ' }, token);
    expect(await zoneOf(id, token)).toBe('Europe/London');
    expect(await t.database.query('select time_zone from restaurants where id = $1', [id])).toEqual([{ time_zone: 'Europe/London' }]);
  });

  it("drops special days already past in the restaurant's zone and answers the rest from today on, in date order", async () => {
    const { token, id } = await owner();
    const [row] = (await t.database.query('select owner_id from onboardings where restaurant_id = $1', [id])) as { owner_id: number }[];
    const access = { restaurantId: id, userId: row!.owner_id };
    // 03:00 UTC on 10 March 2026 is still the evening of 9 March in Chicago: the 9th is today there.
    const evening = new Date('2026-03-10T03:00:00Z');
    const body = create(
      { ...VALID_STEPS.hours, special_days: ['2026-03-12', '2026-03-08', '2026-03-09', '2026-03-10'].map((date) => specialDay(date, `Note ${date}`)) },
      HoursStep,
    );
    const answer = await saveStep(t.database.db, access, 'hours', body, evening);
    expect(answer.special_days.map((day) => day.date)).toEqual(['2026-03-09', '2026-03-10', '2026-03-12']);
    expect(answer.special_days[0]).toEqual(specialDay('2026-03-09', 'Note 2026-03-09'));
    expect(await t.database.query('select count(*)::int as n from restaurant_special_days where restaurant_id = $1', [id])).toEqual([{ n: 3 }]);
    // Two days later, the days gone by are no longer answered.
    const later = await readStep(t.database.db, access, 'hours', new Date('2026-03-11T12:00:00Z'));
    expect(later.special_days.map((day) => day.date)).toEqual(['2026-03-12']);
    // Through the API (today's clock), dates long past are dropped, not stored.
    const saved = await api.put(id, 'hours', { ...VALID_STEPS.hours, special_days: [specialDay('2000-01-01'), ...VALID_STEPS.hours.special_days] }, token);
    expect(saved.json().special_days).toEqual(VALID_STEPS.hours.special_days);
    expect(await t.database.query('select date::text from restaurant_special_days where restaurant_id = $1 order by date', [id])).toEqual([
      { date: '2099-12-24' },
      { date: '2099-12-25' },
    ]);
  });

  it('keeps 60 special days from today on beside past ones; refuses 61, a date given twice and an unknown zone, changing nothing', async () => {
    const { token, id } = await owner();
    const many = Array.from({ length: 61 }, (_, index) => specialDay(new Date(Date.UTC(2099, 0, 1 + index)).toISOString().slice(0, 10)));
    const sixty = await api.put(id, 'hours', { ...VALID_STEPS.hours, special_days: [specialDay('2000-01-01'), ...many.slice(0, 60)] }, token);
    expect(sixty.statusCode, sixty.body).toBe(200);
    expect(sixty.json().special_days).toHaveLength(60);
    await api.put(id, 'hours', VALID_STEPS.hours, token);
    await expectRefused(
      id,
      token,
      'hours',
      { ...VALID_STEPS.hours, special_days: many },
      { special_days: 'At most 60 special days from today on. Remove one before adding another.' },
    );
    const twice = [specialDay('2099-05-01'), specialDay('2099-05-02'), specialDay('2099-05-01')];
    await expectRefused(id, token, 'hours', { ...VALID_STEPS.hours, special_days: twice }, { 'special_days.2.date': /2099-05-01 is already a special day/ });
    await expectRefused(id, token, 'hours', { ...VALID_STEPS.hours, time_zone: 'Mars/Olympus_Mons' }, { time_zone: /Choose a time zone/ });
    expect((await api.get(id, 'hours', token)).json()).toEqual(VALID_STEPS.hours);
    expect(await t.database.query('select count(*)::int as n from restaurant_special_days where restaurant_id = $1', [id])).toEqual([{ n: 2 }]);
  });
});

describe('additional and contacts', () => {
  it('refuses labels outside a group’s list, unknown groups and repeated labels', async () => {
    const { token, id } = await owner();
    await expectRefused(
      id,
      token,
      'additional',
      { selections: { offerings: ['Vegan', 'Sushi'], moods: ['Happy'] } },
      {
        'selections.offerings': /“Sushi” is not a choice of Offerings/,
        'selections.moods': 'Unknown field.',
      },
    );
    await expectRefused(id, token, 'additional', { selections: { crowd: ['Family', 'Family'] } }, { 'selections.crowd': /only once/ });
    // A label of another group is not a label of this one.
    await expectRefused(id, token, 'additional', { selections: { highlights: ['Vegan'] } }, { 'selections.highlights': /not a choice of Highlights/ });
    expect(await t.database.query('select * from restaurant_features where restaurant_id = $1', [id])).toEqual([]);
  });

  it('lower-cases the contact email and refuses what cannot be a phone number or an address', async () => {
    const { token, id } = await owner();
    const saved = await api.put(id, 'contacts', { ...VALID_STEPS.contacts, contact_email: ' Hello@BlueDoor.Example ' }, token);
    expect(saved.json().contact_email).toBe('hello@bluedoor.example');
    await expectRefused(
      id,
      token,
      'contacts',
      { ...VALID_STEPS.contacts, public_phone: 'call me', contact_email: 'nope' },
      {
        public_phone: /only digits/,
        contact_email: 'Please enter a valid email.',
      },
    );
  });
});

describe('tenancy and sign-in', () => {
  it('answers 404 to another owner for every step, read or write, and changes nothing', async () => {
    const victim = await owner();
    const stranger = await owner();
    await api.put(victim.id, 'contacts', VALID_STEPS.contacts, victim.token);
    for (const step of STEP_NAMES) {
      for (const response of [await api.get(victim.id, step, stranger.token), await api.put(victim.id, step, VALID_STEPS[step], stranger.token)]) {
        expect(response.statusCode, step).toBe(404);
        expect(response.json()).toEqual({ detail: 'Onboarding not found.', code: 'not_found' });
      }
    }
    expect((await api.status(victim.id, stranger.token)).statusCode).toBe(404);
    expect((await api.get(999_999, 'location', stranger.token)).statusCode).toBe(404);
    expect((await api.status(victim.id, victim.token)).json().progress).toMatchObject({ location: false, about: false, contacts: true });
    expect((await api.get(victim.id, 'contacts', victim.token)).json()).toEqual(VALID_STEPS.contacts);
  });

  it('answers 401 without a token and 400 for a malformed id', async () => {
    const { token } = await owner();
    expect((await api.get(1, 'location')).statusCode).toBe(401);
    expect((await api.put(1, 'location', VALID_STEPS.location)).statusCode).toBe(401);
    const bad = await api.get('abc' as unknown as number, 'hours', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid', fields: { id: expect.any(String) } });
  });
});
