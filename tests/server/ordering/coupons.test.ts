import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Coupon } from '#contracts/ordering/coupons';
import { findOrCreateUserByEmail, grantStaff } from '#server/domain/accounts/users';
import type { OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { accessTokenFor } from '../accounts/auth-helpers';
import { injectedOwner } from '../owner-calls';
import { testAppForFile } from '../test-app';

/**
 * A restaurant's coupons (issue 43): create, list, read, change and delete, codes unique per
 * restaurant with case and spaces ignored, each field's refusal, and tenancy. One server for the
 * file; each test starts without coupons.
 */
const t = testAppForFile();
type Owner = { call: OwnerCall; restaurantId: number };
let blue: Owner;
let red: Owner;
let superadmin = '';

beforeAll(async () => {
  blue = await injectedOwner(t, 'blue@example.com');
  red = await injectedOwner(t, 'red@example.com');
  superadmin = await accessTokenFor(t, 'root@example.com');
  const { user } = await findOrCreateUserByEmail(t.database.db, { email: 'root@example.com' });
  await grantStaff(t.database.db, user.id, { superadmin: true });
});
beforeEach(async () => {
  await t.database.query('delete from orders');
  await t.database.query('delete from coupons');
});

const SUMMER = {
  code: 'SUMMER10',
  kind: 'percent',
  value: 10,
  min_subtotal: 20,
  starts_on: '2026-12-01',
  ends_on: '2026-12-31',
  max_uses: 5,
  max_uses_per_customer: 1,
  first_order_only: true,
  active: true,
} as const;

const create = async (owner: Owner, body: object) => {
  const answer = await owner.call('POST', '/coupons/', body);
  expect(answer.status).toBe(201);
  return answer.body as Coupon;
};
const refusedOn = (fields: Record<string, string>) => ({ status: 400, body: { detail: 'Some fields are not valid.', code: 'invalid', fields } });
const countOf = async (owner: Owner) => ((await owner.call('GET', '/coupons/')).body as { count: number }).count;
const asSuperadmin = (method: 'GET' | 'POST', url: string, body?: object) =>
  t.app.inject({ method, url: `/api/v2${url}`, headers: { authorization: `Bearer ${superadmin}` }, ...(body ? { payload: body } : {}) });
/** A DELETE's answer, which has no body when it succeeds (the owner's calls read every answer as JSON). */
const deleteAs = async (email: string, id: number) =>
  (await t.app.inject({ method: 'DELETE', url: `/api/v2/coupons/${id}/`, headers: { authorization: `Bearer ${await accessTokenFor(t, email)}` } })).statusCode;

/** An order of `coupon`, as placing one will store it; the order engine itself comes later in issue 43. */
let orderNumber = 0;
async function orderWith(owner: Owner, coupon: Coupon, discountCents: number, status = 'placed') {
  orderNumber += 1;
  await t.database.query(
    `insert into orders (restaurant_id, number, token, status, fulfilment, customer_name, customer_phone, customer_email,
       subtotal_cents, fee_cents, total_cents, currency, discount_cents, coupon_id, coupon_code)
     values ($1, $2, $3, $4, 'pickup', 'Ada', '+1 312 555 0199', 'ada@example.com', 3000, 0, $5, 'USD', $6, $7, $8)`,
    [owner.restaurantId, orderNumber, `token-${orderNumber}`, status, 3000 - discountCents, discountCents, coupon.id, coupon.code],
  );
}

describe('creating coupons', { timeout: 30_000 }, () => {
  it('keeps every field as sent and answers it with no uses and nothing given away', async () => {
    const answer = await blue.call('POST', '/coupons/', SUMMER);
    expect(answer).toEqual({
      status: 201,
      body: { id: expect.any(Number), restaurant_id: blue.restaurantId, ...SUMMER, uses: 0, given_away: 0 },
    });
    const id = (answer.body as Coupon).id;
    expect(await blue.call('GET', `/coupons/${id}/`)).toEqual({ status: 200, body: answer.body });
  });

  it('needs only a code, a kind and a value: no minimum, dates or limits, active; the code trimmed, money in cents', async () => {
    expect(await create(blue, { code: '  Welcome 5 ', kind: 'amount', value: 5.5 })).toMatchObject({
      code: 'Welcome 5',
      kind: 'amount',
      value: 5.5,
      min_subtotal: 0,
      starts_on: null,
      ends_on: null,
      max_uses: null,
      max_uses_per_customer: null,
      first_order_only: false,
      active: true,
    });
    expect((await t.database.query("select value, min_subtotal_cents from coupons where code = 'Welcome 5'"))[0]).toEqual({
      value: 550,
      min_subtotal_cents: 0,
    });
  });

  it('refuses a code the restaurant has already, with other capitals or spaces; another restaurant may have it', async () => {
    await create(blue, SUMMER);
    const sentence = 'Another coupon of this restaurant already has this code (capitals and spaces do not make a code different).';
    expect(await blue.call('POST', '/coupons/', { ...SUMMER, code: 'summer 10' })).toEqual({
      status: 409,
      body: { detail: sentence, code: 'duplicate', fields: { code: sentence } },
    });
    expect(await countOf(blue)).toBe(1);
    await create(red, { ...SUMMER, code: 'Summer 10' });
  });

  const PERCENT = 'A percent coupon takes off a whole percentage from 1 to 100.';
  const AMOUNT = 'An amount coupon takes off an amount from 0.01 to 99999.99 with at most two decimals.';
  const MONEY = 'Enter an amount from 0 to 99999.99 with at most two decimals.';
  const LIMIT = 'Leave it empty for no limit, or give a whole number from 1.';
  it.each([
    ['code', { code: '   ' }, 'Please enter a code.'],
    ['code', { code: 'X'.repeat(33) }, 'A code must be at most 32 characters.'],
    ['code', { code: 'SAVE10%' }, 'A code may hold letters, digits, spaces, hyphens and underscores only.'],
    ['kind', { kind: 'free' }, 'Expected one of `"percent","amount"`.'],
    ['value', { value: 0 }, PERCENT],
    ['value', { value: 101 }, PERCENT],
    ['value', { value: 12.5 }, PERCENT],
    ['value', { kind: 'amount', value: 0 }, AMOUNT],
    ['value', { kind: 'amount', value: 1.234 }, AMOUNT],
    ['value', { value: '10' }, 'Expected a number.'],
    ['min_subtotal', { min_subtotal: -1 }, MONEY],
    ['min_subtotal', { min_subtotal: 10.005 }, MONEY],
    ['starts_on', { starts_on: '2026-02-30' }, expect.any(String)],
    ['ends_on', { starts_on: '2026-12-10', ends_on: '2026-12-09' }, 'The last day cannot be before the first day.'],
    ['max_uses', { max_uses: 0 }, LIMIT],
    ['max_uses', { max_uses: 1.5 }, 'Expected a whole number.'],
    ['max_uses_per_customer', { max_uses_per_customer: 0 }, LIMIT],
    ['first_order_only', { first_order_only: 'yes' }, 'Expected true or false.'],
    ['active', { active: null }, 'Expected true or false.'],
    ['uses', { uses: 3 }, 'Unknown field.'],
  ])('refuses %s (%#) with a sentence on that field, and keeps nothing', async (field, change, sentence) => {
    expect(await blue.call('POST', '/coupons/', { ...SUMMER, ...change })).toEqual(refusedOn({ [field]: sentence }));
    expect(await countOf(blue)).toBe(0);
  });
});

describe('listing coupons', { timeout: 30_000 }, () => {
  it('pages the caller’s restaurant’s coupons, newest first, with their uses and what they gave away (cancelled orders aside)', async () => {
    const summer = await create(blue, SUMMER);
    const welcome = await create(blue, { code: 'WELCOME', kind: 'amount', value: 5 });
    await create(red, { code: 'RED', kind: 'amount', value: 5 });
    await orderWith(blue, summer, 300);
    await orderWith(blue, summer, 250);
    await orderWith(blue, summer, 999, 'cancelled');
    await t.database.query('update coupons set uses = 2 where id = $1', [summer.id]);

    const first = await blue.call('GET', '/coupons/?page_size=1');
    expect(first).toEqual({ status: 200, body: { count: 2, next: '/api/v2/coupons/?page_size=1&page=2', previous: null, results: [{ ...welcome }] } });
    const second = (await blue.call('GET', '/coupons/?page_size=1&page=2')).body as { results: Coupon[] };
    expect(second.results).toEqual([{ ...summer, uses: 2, given_away: 5.5 }]);
    expect(((await blue.call('GET', '/coupons/?search=summ')).body as { results: Coupon[] }).results.map((c) => c.code)).toEqual(['SUMMER10']);
    expect(((await blue.call('GET', '/coupons/?ordering=code')).body as { results: Coupon[] }).results.map((c) => c.code)).toEqual(['SUMMER10', 'WELCOME']);
  });

  it('lets an administrator list and create in a restaurant they name; an owner naming another restaurant gets 404', async () => {
    const created = await asSuperadmin('POST', '/coupons/', { ...SUMMER, restaurant_id: red.restaurantId });
    expect(created.statusCode).toBe(201);
    const listed = await asSuperadmin('GET', `/coupons/?restaurant_id=${red.restaurantId}`);
    expect(listed.json().results).toEqual([created.json()]);
    expect((await blue.call('GET', `/coupons/?restaurant_id=${red.restaurantId}`)).status).toBe(404);
    expect(await blue.call('POST', '/coupons/', { ...SUMMER, restaurant_id: red.restaurantId })).toEqual({
      status: 404,
      body: { detail: 'Restaurant not found.', code: 'not_found' },
    });
    expect(await countOf(red)).toBe(1);
  });
});

describe('changing and deleting a coupon', { timeout: 30_000 }, () => {
  it('changes the fields sent and keeps the others', async () => {
    const saved = await create(blue, SUMMER);
    const changed = await blue.call('PATCH', `/coupons/${saved.id}/`, { code: 'Summer 15', value: 15, max_uses: null, active: false });
    expect(changed).toEqual({ status: 200, body: { ...saved, code: 'Summer 15', value: 15, max_uses: null, active: false } });
    expect((await blue.call('GET', `/coupons/${saved.id}/`)).body).toEqual(changed.body);
  });

  it('reads a new kind with the saved value, and checks the coupon whole', async () => {
    const saved = await create(blue, SUMMER);
    expect((await blue.call('PATCH', `/coupons/${saved.id}/`, { kind: 'amount' })).body).toMatchObject({ kind: 'amount', value: 10 });
    expect(await blue.call('PATCH', `/coupons/${saved.id}/`, { kind: 'percent', value: 150 })).toEqual(
      refusedOn({ value: 'A percent coupon takes off a whole percentage from 1 to 100.' }),
    );
    expect(await blue.call('PATCH', `/coupons/${saved.id}/`, { ends_on: '2026-11-30' })).toEqual(
      refusedOn({ ends_on: 'The last day cannot be before the first day.' }),
    );
    expect((await blue.call('GET', `/coupons/${saved.id}/`)).body).toMatchObject({ kind: 'amount', value: 10, ends_on: '2026-12-31' });
  });

  it('refuses another coupon’s code, capitals and spaces aside, and takes its own with other capitals', async () => {
    const summer = await create(blue, SUMMER);
    const welcome = await create(blue, { code: 'WELCOME', kind: 'amount', value: 5 });
    expect((await blue.call('PATCH', `/coupons/${welcome.id}/`, { code: 'Summer 10' })).status).toBe(409);
    expect((await blue.call('GET', `/coupons/${welcome.id}/`)).body).toMatchObject({ code: 'WELCOME' });
    expect((await blue.call('PATCH', `/coupons/${summer.id}/`, { code: 'summer10' })).body).toMatchObject({ code: 'summer10' });
  });

  it('deletes it; its orders keep the code they were placed with', async () => {
    const saved = await create(blue, SUMMER);
    await orderWith(blue, saved, 300);
    expect(await deleteAs('blue@example.com', saved.id)).toBe(204);
    expect((await blue.call('GET', `/coupons/${saved.id}/`)).status).toBe(404);
    expect(await t.database.query('select coupon_id, coupon_code, discount_cents from orders')).toEqual([
      { coupon_id: null, coupon_code: 'SUMMER10', discount_cents: 300 },
    ]);
  });

  it('answers 404 to another restaurant’s owner for every call on it, and changes nothing', async () => {
    const saved = await create(blue, SUMMER);
    const notFound = { status: 404, body: { detail: 'Coupon not found.', code: 'not_found' } };
    expect(await red.call('GET', `/coupons/${saved.id}/`)).toEqual(notFound);
    expect(await red.call('PATCH', `/coupons/${saved.id}/`, { active: false })).toEqual(notFound);
    expect(await deleteAs('red@example.com', saved.id)).toBe(404);
    expect((await red.call('GET', '/coupons/')).body).toMatchObject({ count: 0, results: [] });
    expect((await blue.call('GET', `/coupons/${saved.id}/`)).body).toEqual(saved);
  });
});
