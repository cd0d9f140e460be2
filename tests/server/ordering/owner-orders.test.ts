import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OwnerOrder } from '#contracts/ordering';
import type { Page } from '#contracts/shared/lists';
import type { Database } from '#server/db/database';
import { findOrCreateUserByEmail, grantStaff } from '#server/domain/accounts/users';
import { VALID_STEPS } from '#tests/fixtures/onboarding/requests';
import { insertOrder } from '#tests/fixtures/ordering/insert-order';
import { accessTokenFor, memoryMailer } from '../accounts/auth-helpers';
import { createTestApp, freshDatabase, type TestApp } from '../test-app';

type OrdersPage = Page<OwnerOrder>;

/**
 * The owner's side of orders (issue 30): the list, one order, and moving it along the lifecycle,
 * with the customer's status mails. Orders are stored with the fixture, as placement stores them.
 */
const PUBLIC_URL = 'https://order.example.com';
/** Wednesday 12:00 in Chicago. */
const NOW = new Date('2026-11-25T18:00:00Z');

let fresh: { database: Database; dispose: () => Promise<void> };
let t: TestApp;
const mailer = memoryMailer();
const owners = { blue: { token: '', restaurantId: 0 }, red: { token: '', restaurantId: 0 } };
let superadmin = '';

async function ownerOf(email: string, name: string, slug: string) {
  const token = await accessTokenFor(t, email);
  const started = await t.app.inject({ method: 'POST', url: '/api/v2/onboarding/start/', payload: {}, headers: { authorization: `Bearer ${token}` } });
  const restaurantId = (started.json() as { id: number }).id;
  // In Illinois: its mails write times the US way (issue 40).
  await t.app.inject({
    method: 'PUT',
    url: `/api/v2/onboarding/${restaurantId}/location/`,
    payload: VALID_STEPS.location,
    headers: { authorization: `Bearer ${token}` },
  });
  await fresh.database.query(`update restaurants set name = $2, slug = $3, time_zone = 'America/Chicago' where id = $1`, [restaurantId, name, slug]);
  return { token, restaurantId };
}

beforeAll(async () => {
  fresh = await freshDatabase();
  t = await createTestApp({ database: fresh.database, clock: () => NOW, mailer, config: { publicUrl: PUBLIC_URL } });
  owners.blue = await ownerOf('blue@example.com', 'Blue Door Diner', 'blue-door');
  owners.red = await ownerOf('red@example.com', 'Red Door', 'red-door');
  superadmin = await accessTokenFor(t, 'root@example.com');
  const { user } = await findOrCreateUserByEmail(fresh.database.db, { email: 'root@example.com' });
  await grantStaff(fresh.database.db, user.id, { superadmin: true });
});
afterAll(async () => {
  await t?.close();
  await fresh?.dispose();
});
beforeEach(async () => {
  await fresh.database.query('truncate orders, restaurant_order_counters restart identity cascade');
  mailer.sent.length = 0;
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { authorization: `Bearer ${token}` } });
const move = (id: number, body: object, token = owners.blue.token) =>
  t.app.inject({ method: 'POST', url: `/api/v2/orders/${id}/transition/`, payload: body, headers: { authorization: `Bearer ${token}` } });
const statusOf = async (id: number) => (await fresh.database.query('select status from orders where id = $1', [id]))[0]!.status;

describe('GET /api/v2/orders/', { timeout: 30_000 }, () => {
  it('lists the owner’s own orders newest first, paged, with the customer and the next moves', async () => {
    const first = await insertOrder(fresh.database, { restaurantId: owners.blue.restaurantId, placedAt: new Date('2026-11-25T17:00:00Z') });
    const second = await insertOrder(fresh.database, {
      restaurantId: owners.blue.restaurantId,
      placedAt: new Date('2026-11-25T17:30:00Z'),
      status: 'accepted',
    });
    await insertOrder(fresh.database, { restaurantId: owners.red.restaurantId });
    const page: OrdersPage = (await get('/orders/?page_size=1', owners.blue.token)).json();
    expect(page.count).toBe(2);
    expect(page.next).toBe('/api/v2/orders/?page_size=1&page=2');
    expect(page.results.map((order) => [order.id, order.status, order.next_statuses])).toEqual([[second.id, 'accepted', ['ready', 'cancelled']]]);
    expect(page.results[0]).toMatchObject({
      restaurant_id: owners.blue.restaurantId,
      restaurant: { name: 'Blue Door Diner', slug: 'blue-door', time_zone: 'America/Chicago' },
      customer: { name: 'Ada Lovelace', phone: '+1 312 555 0199', email: 'ada@example.com' },
      lines: [{ name: 'Margherita', quantity: 1, unit_price: 12.5, line_total: 12.5 }],
      total: 12.5,
    });
    const next: OrdersPage = (await get('/orders/?page_size=1&page=2', owners.blue.token)).json();
    expect(next.results.map((order) => order.id)).toEqual([first.id]);
  });

  it('filters by status and by the day in the restaurant’s time zone', async () => {
    const blue = owners.blue.restaurantId;
    // 23:30 on Tuesday and 00:30 on Wednesday in Chicago.
    const tuesday = await insertOrder(fresh.database, { restaurantId: blue, placedAt: new Date('2026-11-25T05:30:00Z') });
    const wednesday = await insertOrder(fresh.database, { restaurantId: blue, placedAt: new Date('2026-11-25T06:30:00Z'), status: 'ready' });
    const ids = async (query: string) => ((await get(`/orders/?${query}`, owners.blue.token)).json() as OrdersPage).results.map((order) => order.id);
    expect(await ids('day=2026-11-24')).toEqual([tuesday.id]);
    expect(await ids('day=2026-11-25')).toEqual([wednesday.id]);
    expect(await ids('status=ready')).toEqual([wednesday.id]);
    expect(await ids('status=placed&day=2026-11-25')).toEqual([]);
    // A day the calendar has not is the caller's mistake (400 naming it), not a 500 from the database.
    for (const day of ['2026-02-30', '2026-11-31', '2026-13-01']) {
      const refused = await get(`/orders/?day=${day}`, owners.blue.token);
      expect([refused.statusCode, Object.keys(refused.json().fields ?? {})]).toEqual([400, ['day']]);
    }
  });

  it('answers 404 for another restaurant named by an owner; a superadmin lists the restaurant named', async () => {
    const red = await insertOrder(fresh.database, { restaurantId: owners.red.restaurantId });
    const refused = await get(`/orders/?restaurant_id=${owners.red.restaurantId}`, owners.blue.token);
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'not_found']);
    const listed: OrdersPage = (await get(`/orders/?restaurant_id=${owners.red.restaurantId}`, superadmin)).json();
    expect(listed.results.map((order) => order.id)).toEqual([red.id]);
    const byDay = await get('/orders/?day=2026-11-25', superadmin);
    expect([byDay.statusCode, Object.keys(byDay.json().fields)]).toEqual([400, ['day']]);
  });
});

describe('the order history: GET /api/v2/orders/?search= (issue 40)', { timeout: 30_000 }, () => {
  const grace = { name: 'Grace Hopper', phone: '+1 (312) 555-0142', email: 'grace@example.com' };

  it('finds an order by its number, a piece of the name, or the phone whatever its punctuation; never another restaurant’s', async () => {
    const blue = owners.blue.restaurantId;
    const ada = await insertOrder(fresh.database, { restaurantId: blue, placedAt: new Date('2026-11-20T17:00:00Z'), status: 'completed' });
    const hopper = await insertOrder(fresh.database, { restaurantId: blue, placedAt: new Date('2026-11-21T17:00:00Z'), customer: grace, status: 'cancelled' });
    // Another restaurant's customer of the same name and phone, and its order of the same number.
    await insertOrder(fresh.database, { restaurantId: owners.red.restaurantId, customer: grace });
    await insertOrder(fresh.database, { restaurantId: owners.red.restaurantId, customer: grace });
    const found = async (search: string) =>
      ((await get(`/orders/?search=${encodeURIComponent(search)}`, owners.blue.token)).json() as OrdersPage).results.map((order) => order.id);
    expect(await found(`#${hopper.number}`)).toEqual([hopper.id]);
    expect(await found(String(ada.number))).toEqual([ada.id]);
    expect(await found('hopp')).toEqual([hopper.id]);
    expect(await found('312 5550142')).toEqual([hopper.id]);
    expect(await found('555-0199')).toEqual([ada.id]);
    expect(await found('nobody')).toEqual([]);
    const filtered = await get('/orders/?search=grace&status=cancelled&day=2026-11-21', owners.blue.token);
    expect((filtered.json() as OrdersPage).results.map((order) => order.id)).toEqual([hopper.id]);
  });

  it('bounds the page size and refuses a search longer than a name, with the fields named', async () => {
    const fields = async (query: string) => {
      const answer = await get(`/orders/?${query}`, owners.blue.token);
      return [answer.statusCode, Object.keys(answer.json().fields ?? {})];
    };
    expect(await fields('page_size=501')).toEqual([400, ['page_size']]);
    expect(await fields('page=0')).toEqual([400, ['page']]);
    expect(await fields(`search=${'x'.repeat(300)}`)).toEqual([400, ['search']]);
    expect((await get('/orders/?page_size=500&page=9', owners.blue.token)).json()).toMatchObject({ count: 0, results: [] });
  });
});

describe('GET /api/v2/orders/new-count/ (issue 40)', { timeout: 30_000 }, () => {
  it('counts the orders waiting to be accepted: the owner’s own only; another restaurant named is 404', async () => {
    await insertOrder(fresh.database, { restaurantId: owners.blue.restaurantId });
    await insertOrder(fresh.database, { restaurantId: owners.blue.restaurantId });
    await insertOrder(fresh.database, { restaurantId: owners.blue.restaurantId, status: 'accepted' });
    await insertOrder(fresh.database, { restaurantId: owners.red.restaurantId });
    expect((await get('/orders/new-count/', owners.blue.token)).json()).toMatchObject({ count: 2 });
    expect((await get('/orders/new-count/', owners.red.token)).json()).toMatchObject({ count: 1 });
    const foreign = await get(`/orders/new-count/?restaurant_id=${owners.red.restaurantId}`, owners.blue.token);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'not_found']);
    expect((await get(`/orders/new-count/?restaurant_id=${owners.red.restaurantId}`, superadmin)).json()).toMatchObject({ count: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/orders/new-count/' })).statusCode).toBe(401);
  });
});

describe('GET /api/v2/orders/{id}/', { timeout: 30_000 }, () => {
  it('answers the owner’s order and 404 for another restaurant’s', async () => {
    const blue = await insertOrder(fresh.database, { restaurantId: owners.blue.restaurantId, fulfilment: 'delivery' });
    const order: OwnerOrder = (await get(`/orders/${blue.id}/`, owners.blue.token)).json();
    expect(order).toMatchObject({
      id: blue.id,
      number: 1,
      status: 'placed',
      address: { street: '1 Main St', zip_code: '60606' },
      next_statuses: ['accepted', 'cancelled'],
    });
    const other = await get(`/orders/${blue.id}/`, owners.red.token);
    expect([other.statusCode, other.json().code]).toEqual([404, 'not_found']);
  });
});

describe('POST /api/v2/orders/{id}/transition/', { timeout: 30_000 }, () => {
  it('accepts with a prep time, then ready and completed for a pickup, mailing the customer the time and the news', async () => {
    const { id, token } = await insertOrder(fresh.database, { restaurantId: owners.blue.restaurantId });
    const missing = await move(id, { to: 'accepted' });
    expect([missing.statusCode, missing.json().fields]).toEqual([400, { prep_minutes: 'Choose how many minutes the order needs to be prepared.' }]);
    expect(await statusOf(id)).toBe('placed');

    const accepted = await move(id, { to: 'accepted', prep_minutes: 25 });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', estimated_at: '2026-11-25T18:25:00.000Z', next_statuses: ['ready', 'cancelled'] });
    expect((accepted.json() as OwnerOrder).timeline.map((entry) => [entry.status, entry.detail])).toEqual([
      ['placed', null],
      ['accepted', '25'],
    ]);
    expect((await move(id, { to: 'ready' })).json()).toMatchObject({ status: 'ready', next_statuses: ['completed'] });
    const completed = await move(id, { to: 'completed' });
    expect(completed.json()).toMatchObject({ status: 'completed', estimated_at: null, next_statuses: [] });

    await t.app.backgroundSettled();
    const link = `${PUBLIC_URL}/blue-door/orders/${token}`;
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['ada@example.com', 'Order #1 accepted'],
      ['ada@example.com', 'Order #1 is ready'],
    ]);
    expect(mailer.sent[0]!.text).toContain('Blue Door Diner accepted your order #1 and is preparing it. It should be ready at 12:25 PM.');
    expect(mailer.sent[1]!.text).toContain('Your order #1 is ready for pickup at Blue Door Diner.');
    for (const mail of mailer.sent) expect(mail.html).toContain(link);
  });

  it('accepts a booked order for its booked time, and only from its prep window (409 before, nothing changed)', async () => {
    const book = async (at: string) => {
      const order = await insertOrder(fresh.database, { restaurantId: owners.blue.restaurantId });
      await fresh.database.query('update orders set scheduled_for = $2 where id = $1', [order.id, at]);
      return order;
    };
    // Booked for 15:00 Chicago, three hours from now: the kitchen may start it from 14:00.
    const later = await book('2026-11-25T21:00:00Z');
    const early = await move(later.id, { to: 'accepted', prep_minutes: 10 });
    expect([early.statusCode, early.json()]).toEqual([
      409,
      { detail: 'Order #1 is booked for later: it can go to the kitchen from 60 minutes before its time.', code: 'not_due_yet' },
    ]);
    expect(await statusOf(later.id)).toBe('placed');

    // Booked for 12:30, half an hour from now: inside its window, accepted for 12:30 with no prep time.
    const soon = await book('2026-11-25T18:30:00Z');
    const accepted = await move(soon.id, { to: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', scheduled_for: '2026-11-25T18:30:00.000Z', estimated_at: '2026-11-25T18:30:00.000Z' });
    expect((accepted.json() as OwnerOrder).timeline.at(-1)).toMatchObject({ status: 'accepted', detail: null });
    const tracked = await t.app.inject({ method: 'GET', url: `/api/v2/orders/track/${soon.token}/` });
    expect(tracked.json()).toMatchObject({ estimated_at: '2026-11-25T18:30:00.000Z' });
    await t.app.backgroundSettled();
    expect(mailer.sent[0]!.text).toContain('It should be ready at Wed, Nov 25, 12:30 PM.');
  });

  it('takes a delivery out for delivery before completing it; a pickup never goes out (409 naming the status)', async () => {
    const delivery = await insertOrder(fresh.database, { restaurantId: owners.blue.restaurantId, fulfilment: 'delivery', status: 'ready' });
    expect((await move(delivery.id, { to: 'out_for_delivery' })).json()).toMatchObject({ status: 'out_for_delivery', next_statuses: ['completed'] });
    expect((await move(delivery.id, { to: 'completed' })).json()).toMatchObject({ status: 'completed' });

    const pickup = await insertOrder(fresh.database, { restaurantId: owners.blue.restaurantId, status: 'ready' });
    const refused = await move(pickup.id, { to: 'out_for_delivery' });
    expect([refused.statusCode, refused.json().code, refused.json().detail]).toEqual([
      409,
      'transition_not_allowed',
      'This order is ready; it cannot become out for delivery.',
    ]);
    const back = await move(pickup.id, { to: 'placed' });
    expect([back.statusCode, back.json().detail]).toEqual([409, 'This order is ready; it cannot become new.']);
    expect(await statusOf(pickup.id)).toBe('ready');
  });

  it('cancels only with a reason, which the customer is mailed; nothing leaves a cancelled order', async () => {
    const { id } = await insertOrder(fresh.database, { restaurantId: owners.blue.restaurantId, status: 'accepted' });
    const bare = await move(id, { to: 'cancelled', reason: '   ' });
    expect([bare.statusCode, Object.keys(bare.json().fields)]).toEqual([400, ['reason']]);
    const cancelled = await move(id, { to: 'cancelled', reason: 'We ran out of dough.' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'We ran out of dough.', next_statuses: [] });
    expect((await move(id, { to: 'accepted', prep_minutes: 10 })).statusCode).toBe(409);
    await t.app.backgroundSettled();
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.subject).toBe('Order #1 cancelled');
    expect(mailer.sent[0]!.text).toContain('Reason: We ran out of dough.');
  });

  it('answers 404 for another restaurant’s order and leaves it as it was', async () => {
    const red = await insertOrder(fresh.database, { restaurantId: owners.red.restaurantId });
    const refused = await move(red.id, { to: 'accepted', prep_minutes: 10 });
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'not_found']);
    expect(await statusOf(red.id)).toBe('placed');
  });

  it('judges two moves of one order sent at once one after the other: the second finds it moved', async () => {
    const { id } = await insertOrder(fresh.database, { restaurantId: owners.blue.restaurantId });
    const answers = await Promise.all([move(id, { to: 'accepted', prep_minutes: 10 }), move(id, { to: 'accepted', prep_minutes: 20 })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const events = await fresh.database.query('select status from order_events where order_id = $1 order by id', [id]);
    expect(events.map((row) => row.status)).toEqual(['placed', 'accepted']);
  });
});
