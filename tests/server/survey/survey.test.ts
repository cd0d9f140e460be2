import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { FRUSTRATION_MAX, LONG_TEXT_MAX, SURVEY_OPTIONS, SurveyResponseCreate } from '#contracts/survey';
import { checkWith } from '#contracts/shared/validation';
import { surveyResponses } from '#server/db/schema';
import { accessTokenFor } from '../accounts/auth-helpers';
import { expectKeyReuseRefused, expectReplayedUnderOneKey } from '../shared/idempotency-checks';
import { clockedAppEachTest, createTestApp } from '../test-app';

const PATH = '/api/surveys/operator/';
const { t, clock } = clockedAppEachTest('2026-11-22T10:00:00Z');

const post = (payload: unknown, headers: Record<string, string> = {}, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: PATH, payload: payload as object, headers: { 'user-agent': 'Tests/1.0', ...headers } });
const storedRows = () => t.database.db.select().from(surveyResponses);

/** Every field answered, as the survey's eighth step sends it. */
const FULL: SurveyResponseCreate = {
  business_name: 'Pizza Loco',
  role: 'Other',
  role_other: 'Co-founder',
  restaurant_types: ['Fast Casual', 'Ghost Kitchen'],
  pos_system: 'Other',
  pos_other: 'A home-grown till',
  pos_satisfaction: 'Neutral',
  pos_painpoints: 'Menu changes take a day to reach the tablets.',
  ordering_devices: ['QR code menus', 'Kitchen display system (KDS)'],
  ordering_wishlist: 'Kiosks that speak Spanish.',
  delivery_apps: ['Uber Eats', 'DoorDash', 'Other'],
  delivery_other: 'Waitr',
  white_label: 'ChowNow',
  delivery_frustrations: ['Commissions', 'Cold food', 'No customer data'],
  delivery_interests: ['Lower commission online orders', 'Advanced loyalty program'],
  staff_tools_text: 'Paper schedules on the fridge.',
  staff_tools_used: ['Scheduling', 'Payroll'],
  ops_efficiency_text: 'Prep lists.',
  systems_used: ['Inventory management'],
  systems_feedback: 'Counts never match.',
  analytics_tracked: ['Food cost %', 'Labor cost %'],
  reports_needed: 'Profit per menu item.',
  wish_fix_one: 'Delivery fees.',
  wish_feature: 'One tablet for every app.',
  early_access: true,
  contact_email: 'owner@pizzaloco.com',
};

describe('POST /api/surveys/operator/', () => {
  it('stores every answer with the contact columns and the user agent, and answers 201 {id, created_at}', async () => {
    const response = await post({ ...FULL, business_name: '  Pizza Loco ', contact_email: ' Owner@PizzaLoco.com ' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(Number), created_at: clock.now.toISOString() });
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.id,
      answers: FULL,
      contactEmail: 'owner@pizzaloco.com',
      earlyAccess: true,
      userAgent: 'Tests/1.0',
    });
  });

  it('accepts an empty survey: no field is required', async () => {
    expect((await post({})).statusCode).toBe(201);
    expect(await storedRows()).toMatchObject([{ answers: {}, contactEmail: null, earlyAccess: false }]);
  });

  it('accepts every option of every list (checked on the contract: one request each would trip the rate limit)', () => {
    for (const [field, options] of Object.entries(SURVEY_OPTIONS)) {
      const multiple = !['role', 'pos_system', 'pos_satisfaction', 'white_label'].includes(field);
      for (const option of options) {
        expect(checkWith(SurveyResponseCreate, { [field]: multiple ? [option] : option }).ok, `${field}: ${option}`).toBe(true);
      }
    }
    expect(SURVEY_OPTIONS.pos_system.filter((option) => option !== 'Other')).toHaveLength(14);
    expect(SURVEY_OPTIONS.white_label.filter((option) => option !== 'Other')).toHaveLength(5);
    expect(SURVEY_OPTIONS.analytics_tracked).toHaveLength(6);
  });

  it.each([
    ['an unknown role', { role: 'King' }, 'role', /^“King” is not one of the choices \(“Owner”, /],
    ['an unknown POS product', { pos_system: 'Abacus' }, 'pos_system', /^“Abacus” is not one of the choices/],
    ['an unknown delivery app', { delivery_apps: ['DoorDash', 'Pigeon'] }, 'delivery_apps', /^“Pigeon” is not among the choices/],
    ['a repeated choice', { restaurant_types: ['Food Truck', 'Food Truck'] }, 'restaurant_types', /^Each choice may be given only once\.$/],
    ['“None” with a system', { systems_used: ['None', 'Loyalty program'] }, 'systems_used', /^“None” cannot be combined with other choices\.$/],
    ['“Not using 3rd parties” with an app', { delivery_apps: ['Uber Eats', 'Not using 3rd parties'] }, 'delivery_apps', /cannot be combined/],
    ['a number as business name', { business_name: 42 }, 'business_name', /^Expected text\.$/],
    ['a text as early access', { early_access: 'yes' }, 'early_access', /^Expected true or false\.$/],
    ['a single choice given as a list', { role: ['Owner'] }, 'role', /^Expected text\.$/],
    ['a list given as text', { ordering_devices: 'QR code menus' }, 'ordering_devices', /^Expected a list\.$/],
    ['an over-long business name', { business_name: 'x'.repeat(201) }, 'business_name', /^Business name must be at most 200 characters\.$/],
    ['an over-long pain point', { pos_painpoints: 'x'.repeat(LONG_TEXT_MAX + 1) }, 'pos_painpoints', /^POS pain points must be at most 2000 characters\.$/],
    ['four frustrations', { delivery_frustrations: ['a', 'b', 'c', 'd'] }, 'delivery_frustrations', /^Please list at most 3 frustrations\.$/],
    [
      'an over-long frustration',
      { delivery_frustrations: ['x'.repeat(FRUSTRATION_MAX + 1)] },
      'delivery_frustrations.0',
      /^Each frustration must be at most 500 characters\.$/,
    ],
    ['a malformed contact email', { contact_email: 'owner@' }, 'contact_email', /^Please enter a valid email\.$/],
    ['an unknown field', { favourite_colour: 'red' }, 'favourite_colour', /^Unknown field\.$/],
  ])('refuses %s with a sentence for that field and stores nothing', async (_label, payload, field, sentence) => {
    const response = await post({ business_name: 'Pizza Loco', ...payload });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ detail: 'Some fields are not valid.', code: 'invalid' });
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(body.fields[field]).toMatch(sentence);
    expect(await storedRows()).toHaveLength(0);
  });

  it('refuses a body that is not an object', async () => {
    const list = await t.app.inject({ method: 'POST', url: PATH, payload: '[]', headers: { 'content-type': 'application/json' } });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toMatchObject({ fields: { body: 'Expected a JSON object.' } });
    expect(await storedRows()).toHaveLength(0);
  });

  it('stores a retried submission once and answers the retry with the first answer', async () => {
    await expectReplayedUnderOneKey(post, FULL, 'survey-1');
    const racing = await Promise.all([post(FULL, { 'idempotency-key': 'race' }), post(FULL, { 'idempotency-key': 'race' })]);
    expect(racing[0]?.json().id).toBe(racing[1]?.json().id);
    expect(await storedRows()).toHaveLength(2);
  });

  it('refuses a key reused for different answers', async () => {
    await expectKeyReuseRefused(post, FULL, { ...FULL, wish_feature: 'Something else' }, 'same');
    expect(await storedRows()).toHaveLength(1);
  });

  it('limits submissions per client and says when to try again', async () => {
    const limited = await createTestApp({ config: { signupLimitPerMinute: 2 } });
    try {
      expect((await post({}, {}, limited.app)).statusCode).toBe(201);
      expect((await post({}, {}, limited.app)).statusCode).toBe(201);
      const refused = await post({}, {}, limited.app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited', detail: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds?\.$/) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await limited.database.db.select().from(surveyResponses)).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/surveys/operator/', () => {
  it('is refused without a token, before the query is even looked at', async () => {
    for (const url of [PATH, `${PATH}?page=0`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Please sign in.', code: 'not_authenticated' });
    }
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('refuses a signed-in owner with 403', async () => {
    const owner = await accessTokenFor(t, 'owner@example.com', { clock: () => clock.now });
    const response = await t.app.inject({ method: 'GET', url: PATH, headers: bearer(owner) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'forbidden' });
  });

  it('pages an administrator through the answers, newest first', async () => {
    for (let i = 1; i <= 5; i += 1) {
      await post({ business_name: `Restaurant ${i}`, early_access: i % 2 === 0 });
      clock.now = new Date(clock.now.getTime() + 60_000);
    }
    const admin = await accessTokenFor(t, 'staff@example.com', { staff: true, clock: () => clock.now });
    const get = (query: string) => t.app.inject({ method: 'GET', url: `${PATH}${query}`, headers: bearer(admin) });

    const first = (await get('?page_size=2')).json();
    expect(first).toMatchObject({ count: 5, next: `${PATH}?page_size=2&page=2`, previous: null });
    expect(first.results.map((row: { business_name: string }) => row.business_name)).toEqual(['Restaurant 5', 'Restaurant 4']);
    expect(first.results[0]).toEqual({
      id: expect.any(Number),
      created_at: '2026-11-22T10:04:00.000Z',
      user_agent: 'Tests/1.0',
      business_name: 'Restaurant 5',
      early_access: false,
    });

    const last = (await get('?page=3&page_size=2')).json();
    expect(last).toMatchObject({ count: 5, next: null, previous: `${PATH}?page_size=2&page=2` });
    expect(last.results.map((row: { business_name: string }) => row.business_name)).toEqual(['Restaurant 1']);

    const whole = (await get('')).json();
    expect(whole.results).toHaveLength(5);
    expect(whole.next).toBeNull();

    const beyond = (await get('?page=9&page_size=2')).json();
    expect(beyond).toMatchObject({ count: 5, results: [], next: null, previous: `${PATH}?page_size=2&page=3` });

    const tooBig = await get('?page_size=501');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ fields: { page_size: 'page_size must be a whole number from 1 to 500.' } });
  });
});
