import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARD_NOT_SET_UP, NO_WAY_TO_PAY } from '#contracts/ordering/payment-settings';
import { findOrCreateUserByEmail, grantStaff } from '#server/domain/accounts/users';
import type { OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { accessTokenFor } from '../accounts/auth-helpers';
import { injectedOwner } from '../owner-calls';
import { testAppForFile } from '../test-app';

/**
 * A restaurant's Taxes and Tips settings (issue 43) and its Payments (issue 44): what GET answers
 * before the owner saves (taxes from the location), what PUT keeps, what it refuses field by
 * field, and who may do either. One server for the file, on a platform without Stripe keys
 * (tests/server/storefront/store-money.test.ts has them); each test starts with nothing saved.
 */
const t = testAppForFile();
type Owner = { call: OwnerCall; restaurantId: number };
let texas: Owner;
let london: Owner;
let toronto: Owner;
let montreal: Owner;
let unplaced: Owner;
let pizza = 0;
let strangersCategory = 0;
let superadmin = '';

async function ownerIn(email: string, location: { country: string; city: string; state: string; zip_code: string } | null): Promise<Owner> {
  const owner = await injectedOwner(t, email);
  if (location) {
    const saved = await owner.call('PUT', `/onboarding/${owner.restaurantId}/location/`, { street: '1 Main Street', ...location });
    expect(saved.status).toBe(200);
  }
  return owner;
}

const categoryOf = async (owner: Owner, name: string) => ((await owner.call('POST', '/categories/', { name })).body as { id: number }).id;

beforeAll(async () => {
  texas = await ownerIn('texas@example.com', { country: 'United States', city: 'Austin', state: 'TX', zip_code: '78701' });
  london = await ownerIn('london@example.com', { country: 'United Kingdom', city: 'London', state: 'EN', zip_code: 'SW1A 1AA' });
  toronto = await ownerIn('toronto@example.com', { country: 'Canada', city: 'Toronto', state: 'ON', zip_code: 'M5V 2T6' });
  // Typed in lower case: the location step keeps it upper-cased.
  montreal = await ownerIn('montreal@example.com', { country: 'Canada', city: 'Montréal', state: 'qc', zip_code: 'H2Y 1C6' });
  unplaced = await ownerIn('unplaced@example.com', null);
  pizza = await categoryOf(texas, 'Pizza');
  strangersCategory = await categoryOf(london, 'Fish and chips');
  superadmin = await accessTokenFor(t, 'root@example.com');
  const { user } = await findOrCreateUserByEmail(t.database.db, { email: 'root@example.com' });
  await grantStaff(t.database.db, user.id, { superadmin: true });
});
beforeEach(async () => {
  for (const table of ['restaurant_tax_category_rates', 'restaurant_tax_settings', 'restaurant_tip_settings', 'restaurant_payment_settings'])
    await t.database.query(`delete from ${table}`);
});

const taxesUrl = (restaurantId: number) => `/restaurants/${restaurantId}/settings/taxes/`;
const tipsUrl = (restaurantId: number) => `/restaurants/${restaurantId}/settings/tips/`;
const paymentsUrl = (restaurantId: number) => `/restaurants/${restaurantId}/settings/payments/`;
const IN_PERSON_ONLY = { card_online: false, in_person: true, card_available: false };
const asSuperadmin = (method: 'GET' | 'PUT', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v2${url}`,
    headers: { authorization: `Bearer ${superadmin}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });

const TEXAS_TAXES = {
  prices_include_tax: false,
  default_rate: 8.25,
  delivery_fee_taxable: true,
  category_rates: [] as { category_id: number; rate: number }[],
};
const refusedOn = (fields: Record<string, string>) => ({ status: 400, body: { detail: 'Some fields are not valid.', code: 'invalid', fields } });

describe('taxes before the owner saves them: the location decides', { timeout: 30_000 }, () => {
  it('the US: no tax and prices without it, with needs_setup so the Store screen asks for a rate', async () => {
    expect(await texas.call('GET', taxesUrl(texas.restaurantId))).toEqual({
      status: 200,
      body: { prices_include_tax: false, default_rate: 0, delivery_fee_taxable: false, category_rates: [], needs_setup: true },
    });
  });

  it('the UK: 20 % VAT included in menu prices', async () => {
    expect((await london.call('GET', taxesUrl(london.restaurantId))).body).toEqual({
      prices_include_tax: true,
      default_rate: 20,
      delivery_fee_taxable: false,
      category_rates: [],
      needs_setup: false,
    });
  });

  it('Canada: the province’s combined rate added at checkout, whatever the case it was typed in', async () => {
    expect((await toronto.call('GET', taxesUrl(toronto.restaurantId))).body).toMatchObject({ prices_include_tax: false, default_rate: 13, needs_setup: false });
    expect((await montreal.call('GET', taxesUrl(montreal.restaurantId))).body).toMatchObject({
      prices_include_tax: false,
      default_rate: 14.975,
      needs_setup: false,
    });
  });

  it('no location yet: no tax, and needs_setup', async () => {
    expect((await unplaced.call('GET', taxesUrl(unplaced.restaurantId))).body).toMatchObject({ default_rate: 0, prices_include_tax: false, needs_setup: true });
  });
});

describe('saving taxes', { timeout: 30_000 }, () => {
  it('keeps 8.25 % with the fee taxed and a category rate, answers it, and reads it back without needs_setup', async () => {
    const body = { ...TEXAS_TAXES, category_rates: [{ category_id: pizza, rate: 6.25 }] };
    const saved = await texas.call('PUT', taxesUrl(texas.restaurantId), body);
    expect(saved).toEqual({ status: 200, body: { ...body, needs_setup: false } });
    expect(await texas.call('GET', taxesUrl(texas.restaurantId))).toEqual(saved);
  });

  it('replaces the whole settings: a category left out loses its rate', async () => {
    await texas.call('PUT', taxesUrl(texas.restaurantId), { ...TEXAS_TAXES, category_rates: [{ category_id: pizza, rate: 0 }] });
    await texas.call('PUT', taxesUrl(texas.restaurantId), { ...TEXAS_TAXES, default_rate: 6.5 });
    expect((await texas.call('GET', taxesUrl(texas.restaurantId))).body).toEqual({ ...TEXAS_TAXES, default_rate: 6.5, needs_setup: false });
  });

  it('raises the restaurant’s version, so the store page drawn from it is drawn again', async () => {
    const version = async () => (await t.database.query('select version from restaurants where id = $1', [texas.restaurantId]))[0]!.version as number;
    const before = await version();
    await texas.call('PUT', taxesUrl(texas.restaurantId), TEXAS_TAXES);
    expect(await version()).toBe(before + 1);
  });

  it.each([
    ['default_rate', { default_rate: 30.001 }, 'A tax rate is a percentage from 0 to 30 with at most 3 decimals, e.g. 8.25.'],
    ['default_rate', { default_rate: 8.2501 }, 'A tax rate is a percentage from 0 to 30 with at most 3 decimals, e.g. 8.25.'],
    ['default_rate', { default_rate: -1 }, 'A tax rate is a percentage from 0 to 30 with at most 3 decimals, e.g. 8.25.'],
    ['default_rate', { default_rate: '8.25' }, 'Expected a number.'],
    ['prices_include_tax', { prices_include_tax: 'yes' }, 'Expected true or false.'],
    ['delivery_fee_taxable', { delivery_fee_taxable: null }, 'Expected true or false.'],
    ['category_rates', { category_rates: null }, 'Expected a list.'],
    [
      'category_rates.0.rate',
      { category_rates: [{ category_id: 1, rate: 31 }] },
      'A tax rate is a percentage from 0 to 30 with at most 3 decimals, e.g. 8.25.',
    ],
    [
      'category_rates.1.category_id',
      {
        category_rates: [
          { category_id: 1, rate: 5 },
          { category_id: 1, rate: 6 },
        ],
      },
      'This category already has a rate above.',
    ],
    [
      'category_rates',
      { category_rates: Array.from({ length: 201 }, (_, index) => ({ category_id: index + 1, rate: 5 })) },
      'At most 200 categories can have a rate of their own.',
    ],
    ['needs_setup', { needs_setup: false }, 'Unknown field.'],
  ])('refuses %s (%#), and keeps nothing', async (field, change, sentence) => {
    expect(await texas.call('PUT', taxesUrl(texas.restaurantId), { ...TEXAS_TAXES, ...change })).toEqual(refusedOn({ [field]: sentence }));
    expect((await texas.call('GET', taxesUrl(texas.restaurantId))).body).toMatchObject({ default_rate: 0, needs_setup: true });
  });

  it('refuses another restaurant’s category on its own field, and keeps nothing', async () => {
    const answer = await texas.call('PUT', taxesUrl(texas.restaurantId), {
      ...TEXAS_TAXES,
      category_rates: [
        { category_id: pizza, rate: 5 },
        { category_id: strangersCategory, rate: 5 },
      ],
    });
    expect(answer).toEqual(refusedOn({ 'category_rates.1.category_id': `Category ${strangersCategory} is not one of this restaurant's categories.` }));
    expect((await texas.call('GET', taxesUrl(texas.restaurantId))).body).toMatchObject({ default_rate: 0, category_rates: [], needs_setup: true });
  });
});

describe('tips', { timeout: 30_000 }, () => {
  it('answers the defaults until saved: off, 10, 15 and 20 %, a custom amount allowed', async () => {
    expect(await texas.call('GET', tipsUrl(texas.restaurantId))).toEqual({ status: 200, body: { enabled: false, choices: [10, 15, 20], allow_custom: true } });
  });

  it('keeps up to four choices with one decimal, and reads them back', async () => {
    const body = { enabled: true, choices: [12.5, 15, 18, 0], allow_custom: false };
    expect(await texas.call('PUT', tipsUrl(texas.restaurantId), body)).toEqual({ status: 200, body });
    expect((await texas.call('GET', tipsUrl(texas.restaurantId))).body).toEqual(body);
  });

  it.each([
    ['choices', { choices: [5, 10, 15, 20, 25] }, 'Offer at most 4 tip choices.'],
    ['choices', { choices: [15, 15] }, 'Each tip choice must be different.'],
    ['choices.0', { choices: [51] }, 'A tip is a percentage from 0 to 50 with at most one decimal, e.g. 12.5.'],
    ['choices.1', { choices: [10, 12.25] }, 'A tip is a percentage from 0 to 50 with at most one decimal, e.g. 12.5.'],
    ['choices.0', { choices: ['15'] }, 'Expected a number.'],
    ['enabled', { enabled: 'on' }, 'Expected true or false.'],
    ['allow_custom', { allow_custom: undefined }, 'This field is required.'],
  ])('refuses %s: %j, and keeps nothing', async (field, change, sentence) => {
    const body = { enabled: true, choices: [10, 20], allow_custom: true, ...change };
    expect(await texas.call('PUT', tipsUrl(texas.restaurantId), body)).toEqual(refusedOn({ [field]: sentence }));
    expect((await texas.call('GET', tipsUrl(texas.restaurantId))).body).toEqual({ enabled: false, choices: [10, 15, 20], allow_custom: true });
  });
});

describe('payments on a platform without Stripe keys', { timeout: 30_000 }, () => {
  it('answers in person only until saved, and says cards are not available', async () => {
    expect(await texas.call('GET', paymentsUrl(texas.restaurantId))).toEqual({ status: 200, body: IN_PERSON_ONLY });
  });

  it('keeps what is saved and reads it back, raising the restaurant’s version', async () => {
    const version = async () => (await t.database.query('select version from restaurants where id = $1', [texas.restaurantId]))[0]!.version as number;
    const before = await version();
    expect(await texas.call('PUT', paymentsUrl(texas.restaurantId), { card_online: false, in_person: true })).toEqual({ status: 200, body: IN_PERSON_ONLY });
    expect(await texas.call('GET', paymentsUrl(texas.restaurantId))).toEqual({ status: 200, body: IN_PERSON_ONLY });
    expect(await version()).toBe(before + 1);
  });

  it.each([
    ['in_person', { card_online: false, in_person: false }, NO_WAY_TO_PAY],
    ['card_online', { card_online: true, in_person: true }, CARD_NOT_SET_UP],
    ['card_online', { card_online: true, in_person: false }, CARD_NOT_SET_UP],
    ['in_person', { card_online: false }, 'This field is required.'],
    ['card_available', { card_online: false, in_person: true, card_available: true }, 'Unknown field.'],
  ])('refuses %s: %j, and keeps nothing', async (field, body, sentence) => {
    expect(await texas.call('PUT', paymentsUrl(texas.restaurantId), body)).toEqual(refusedOn({ [field]: sentence }));
    expect(await t.database.query('select * from restaurant_payment_settings')).toEqual([]);
  });
});

describe('who may read and change a restaurant’s taxes, tips and payments', { timeout: 30_000 }, () => {
  it.each([
    ['taxes', taxesUrl, TEXAS_TAXES],
    ['tips', tipsUrl, { enabled: true, choices: [10], allow_custom: false }],
    ['payments', paymentsUrl, { card_online: false, in_person: true }],
  ])('%s: another owner gets 404 and changes nothing', async (_section, url, body) => {
    const before = (await texas.call('GET', url(texas.restaurantId))).body;
    for (const method of ['GET', 'PUT'] as const) {
      expect(await london.call(method, url(texas.restaurantId), method === 'PUT' ? body : undefined)).toEqual({
        status: 404,
        body: { detail: 'Restaurant not found.', code: 'not_found' },
      });
    }
    expect((await texas.call('GET', url(texas.restaurantId))).body).toEqual(before);
  });

  it('an administrator reads and changes any restaurant’s; an unknown restaurant is 404', async () => {
    expect((await asSuperadmin('PUT', taxesUrl(london.restaurantId), { ...TEXAS_TAXES, default_rate: 5 })).statusCode).toBe(200);
    expect((await london.call('GET', taxesUrl(london.restaurantId))).body).toMatchObject({ default_rate: 5 });
    expect((await asSuperadmin('GET', tipsUrl(london.restaurantId))).json()).toEqual({ enabled: false, choices: [10, 15, 20], allow_custom: true });
    expect((await asSuperadmin('PUT', paymentsUrl(london.restaurantId), { card_online: false, in_person: true })).json()).toEqual(IN_PERSON_ONLY);
    expect((await asSuperadmin('GET', paymentsUrl(2_000_000))).statusCode).toBe(404);
    expect((await asSuperadmin('GET', taxesUrl(2_000_000))).statusCode).toBe(404);
  });

  it('asks a caller without a token to sign in', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/v2${taxesUrl(texas.restaurantId)}` });
    expect(answer.statusCode).toBe(401);
  });
});
