import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlacedOrder, PlaceOrderBody, TrackedOrder } from '#contracts/ordering';
import type { Storefront } from '#contracts/storefront';
import type { Database } from '#server/db/database';
import { memoryMailer } from '../accounts/auth-helpers';
import { injectedOwner } from '../owner-calls';
import { loadConfig } from '#server/config';
import { createTestApp, freshDatabase, type TestApp } from '../test-app';
import { seedStore, STEPS, type OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { EVERY_DAY_9_TO_21 } from '#tests/fixtures/storefront/hours';

/**
 * Placing an order on the store (issue 30, item 2): priced by the server from the menu, held to
 * the store's terms and hours, numbered per restaurant, idempotent, mailed. One database for the
 * file: blue-door (open 09:00 to 21:00 in Chicago, delivering to 60606 and 60607 for $3.00,
 * minimum $15.00, free over $40.00) and red-door, another owner's store.
 */
const PUBLIC_URL = 'https://order.example.com';
/** Wednesday 12:00 in Chicago: open. */
const MIDDAY = new Date('2026-11-25T18:00:00Z');
/** The same Wednesday at 22:00 in Chicago: closed until 09:00 tomorrow. */
const NIGHT = new Date('2026-11-26T04:00:00Z');
const NINE_IN_THE_MORNING = '2026-11-26T15:00:00.000Z';

let now = MIDDAY;
let fresh: { database: Database; dispose: () => Promise<void> };
let t: TestApp;
const mailer = memoryMailer();
let store: Storefront;
let menu: {
  margherita: number;
  small: number;
  large: number;
  thin: number;
  stuffed: number;
  dish: number;
  unavailable: number;
  unpriced: number;
  /** $500,000 a piece: 43 of them come to more than the 2^31 cents a money column holds. */
  costly: number;
  foreign: number;
  redSize: number;
  redCrust: number;
};
let red: { call: OwnerCall; restaurantId: number };
let blue: { call: OwnerCall; restaurantId: number };

beforeAll(async () => {
  fresh = await freshDatabase();
  t = await createTestApp({ database: fresh.database, clock: () => now, mailer, config: { publicUrl: PUBLIC_URL, orderLimitPerMinute: 100_000 } });
  blue = await injectedOwner(t, 'blue@example.com');
  await seedStore(blue.call, blue.restaurantId, { slug: 'blue-door', categories: 2, itemsPerCategory: 1 });
  await blue.call('PUT', `/onboarding/${blue.restaurantId}/hours/`, EVERY_DAY_9_TO_21);
  red = await injectedOwner(t, 'red@example.com');
  await seedStore(red.call, red.restaurantId, { slug: 'red-door', categories: 1, itemsPerCategory: 1 });
  store = (await t.app.inject({ method: 'GET', url: '/api/v2/storefront/blue-door/' })).json();
  const [pizza, second] = store.categories as [Storefront['categories'][number], Storefront['categories'][number]];
  const crust = pizza.extra_groups[0]!.selections;
  const hidden = await blue.call('POST', '/menu-items/', { category_id: second.id, name: 'Sold out', price: 5, available: false });
  const unpriced = await blue.call('POST', '/menu-items/', { category_id: second.id, name: 'No price yet', price: null });
  const costly = await blue.call('POST', '/menu-items/', { category_id: second.id, name: 'Gold leaf banquet', price: 500_000 });
  const redStore: Storefront = (await t.app.inject({ method: 'GET', url: '/api/v2/storefront/red-door/' })).json();
  menu = {
    margherita: pizza.items[0]!.id,
    small: pizza.sizes[0]!.id,
    large: pizza.sizes[1]!.id,
    thin: crust[0]!.id,
    stuffed: crust[1]!.id,
    dish: second.items[0]!.id,
    unavailable: (hidden.body as { id: number }).id,
    unpriced: (unpriced.body as { id: number }).id,
    costly: (costly.body as { id: number }).id,
    foreign: redStore.categories[0]!.items[0]!.id,
    redSize: redStore.categories[0]!.sizes[0]!.id,
    redCrust: redStore.categories[0]!.extra_groups[0]!.selections[0]!.id,
  };
});
afterAll(async () => {
  await t?.close();
  await fresh?.dispose();
});
beforeEach(async () => {
  now = MIDDAY;
  // The restaurant's new-order mail reads the database after the answer: a test's mail still on
  // its way would land in the next test's outbox (seen on PostgreSQL, where that read is slower).
  await t.app.backgroundSettled();
  mailer.sent.length = 0;
});

const CUSTOMER = { name: 'Ada Lovelace', phone: '+1 312 555 0199', email: 'Ada@Example.com' };
const ADDRESS = { street: '1 Main St', city: 'Chicago', zip_code: '60606' };

/** A pickup of one large Margherita with stuffed crust ($17.00), ASAP. */
function pickup(overrides: Partial<PlaceOrderBody> = {}): PlaceOrderBody {
  return {
    fulfilment: 'pickup',
    lines: [{ item_id: menu.margherita, size_id: menu.large, quantity: 1, extra_selection_ids: [menu.stuffed] }],
    customer: CUSTOMER,
    scheduled_for: null,
    ...overrides,
  };
}

let keys = 0;
/** `from`: the client's address (default: the loopback every inject comes from). */
type Sending = { key?: string | null; slug?: string; from?: string };
const place = (body: unknown, options: Sending = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/storefront/${options.slug ?? 'blue-door'}/orders/`,
    payload: body as object,
    headers: options.key === null ? {} : { 'idempotency-key': options.key ?? `key-${(keys += 1)}` },
    ...(options.from ? { remoteAddress: options.from } : {}),
  });

const countOrders = async () =>
  Number(
    (await fresh.database.query('select (select count(*) from orders) + (select count(*) from order_lines) + (select count(*) from order_events) as n'))[0]!.n,
  );

/** The answer's refusal, after checking that nothing was written. */
async function refused(body: unknown, options: Sending = {}) {
  const before = await countOrders();
  const answer = await place(body, options);
  expect(await countOrders()).toBe(before);
  return { status: answer.statusCode, ...(answer.json() as { code: string; detail: string; fields?: Record<string, string> }) };
}

describe('POST /api/v2/storefront/{slug}/orders/', { timeout: 30_000 }, () => {
  it('prices a pickup from the menu, numbers it, and answers 201 with its token and estimate', async () => {
    const answer = await place(pickup({ note: 'Ring twice' }));
    expect(answer.statusCode).toBe(201);
    const order: PlacedOrder = answer.json();
    expect(order).toMatchObject({
      status: 'placed',
      fulfilment: 'pickup',
      restaurant: { name: 'Blue Door Diner', slug: 'blue-door', time_zone: 'America/Chicago' },
      subtotal: 17,
      fee: 0,
      total: 17,
      currency: 'USD',
      placed_at: MIDDAY.toISOString(),
      scheduled_for: null,
      // As soon as possible: now plus the pickup's longest wait (20 minutes).
      estimated_at: '2026-11-25T18:20:00.000Z',
      timeline: [{ status: 'placed', at: MIDDAY.toISOString(), detail: null }],
      cancel_reason: null,
      payment: { method: 'in_person', state: 'none', paid: 0, refunded: 0 },
    });
    expect(order.lines).toEqual([
      {
        item_id: menu.margherita,
        size_id: menu.large,
        name: 'Margherita',
        size_name: 'Large',
        quantity: 1,
        unit_price: 14.5,
        extras: [{ id: menu.stuffed, name: 'Stuffed', price: 2.5 }],
        line_total: 17,
        note: '',
      },
    ]);
    // 24 random bytes: 192 bits in 32 characters of base64url.
    expect(order.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(JSON.stringify(order)).not.toMatch(/555 0199|ada@/i);
    const [stored] = await fresh.database.query('select customer_email, note, total_cents from orders where id = $1', [order.id]);
    expect(stored).toEqual({ customer_email: 'ada@example.com', note: 'Ring twice', total_cents: 1700 });
  });

  it('mails the customer a confirmation with the number, the lines, the total and the tracking link', async () => {
    const order: PlacedOrder = (await place(pickup())).json();
    await t.app.backgroundSettled();
    // The restaurant's own mail of the new order (issue 40) is tested in new-order-alerts.test.ts.
    const toCustomer = mailer.sent.filter((sent) => sent.to === 'ada@example.com');
    expect(toCustomer).toHaveLength(1);
    const [mail] = toCustomer;
    expect(mail!.subject).toBe(`Your order #${order.number} at Blue Door Diner`);
    const link = `${PUBLIC_URL}/blue-door/orders/${order.token}`;
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain(link);
      expect(part).toContain('1 × Margherita (Large) with Stuffed: $17.00');
      expect(part).toContain('Total: $17.00');
      expect(part).toContain('Pay at pickup: $17.00.');
    }
  });

  it('charges the delivery fee under the free-over amount and none from it on', async () => {
    const delivery = (quantity: number) =>
      pickup({
        fulfilment: 'delivery',
        address: ADDRESS,
        lines: [{ item_id: menu.margherita, size_id: menu.small, quantity, extra_selection_ids: [menu.thin] }],
      });
    const two: PlacedOrder = (await place(delivery(2))).json();
    expect([two.subtotal, two.fee, two.total, two.estimated_at]).toEqual([18, 3, 21, '2026-11-25T18:45:00.000Z']);
    const five: PlacedOrder = (await place(delivery(5))).json();
    expect([five.subtotal, five.fee, five.total]).toEqual([45, 0, 45]);
    const [address] = await fresh.database.query('select address_street, address_zip from orders where id = $1', [five.id]);
    expect(address).toEqual({ address_street: '1 Main St', address_zip: '60606' });
  });

  it('takes a scheduled order for one of the offered slots while closed', async () => {
    now = NIGHT;
    const answer = await place(pickup({ scheduled_for: NINE_IN_THE_MORNING }));
    expect(answer.statusCode).toBe(201);
    expect((answer.json() as PlacedOrder).estimated_at).toBe(NINE_IN_THE_MORNING);
  });

  it('answers the same order to the same key and body, and 409 to the key with another body', async () => {
    const first = await place(pickup(), { key: 'retry-me' });
    const again = await place(pickup(), { key: 'retry-me' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await refused(pickup({ note: 'another' }), { key: 'retry-me' });
    expect([other.status, other.code]).toEqual([409, 'idempotency_key_reused']);
    await t.app.backgroundSettled();
    // One order: one mail to the customer, one to the restaurant.
    expect(mailer.sent.map((sent) => sent.to).sort()).toEqual(['ada@example.com', 'hello@bluedoor.example']);
  });

  it('refuses an order without an Idempotency-Key (428) or with a malformed one (400)', async () => {
    expect(await refused(pickup(), { key: null })).toMatchObject({ status: 428, code: 'idempotency_key_required' });
    expect(await refused(pickup(), { key: 'two words' })).toMatchObject({ status: 400, code: 'invalid_idempotency_key' });
  });

  it('refuses an order above $1,000,000.00 in words (400), not with a 500, and stores nothing', async () => {
    const costly = (quantity: number) => pickup({ lines: [{ item_id: menu.costly, size_id: null, quantity, extra_selection_ids: [] }] });
    const detail = 'An order can come to at most $1,000,000.00; this one comes to $21,500,000.00. Please order less.';
    expect(await refused(costly(43))).toEqual({ status: 400, code: 'order_too_large', detail, fields: { lines: detail } });
    expect(await refused(costly(3))).toMatchObject({ status: 400, code: 'order_too_large' });
    expect((await place(costly(2))).statusCode).toBe(201);
  });

  it('refuses on the tip, saying how much it may be, when the food fits and the tip takes the order over the top', async () => {
    const costly = pickup({ lines: [{ item_id: menu.costly, size_id: null, quantity: 1, extra_selection_ids: [] }], tip: { amount: 600_000 } });
    const detail = 'The tip can be at most $500,000.00 on this order.';
    await blue.call('PUT', `/restaurants/${blue.restaurantId}/settings/tips/`, { enabled: true, choices: [15], allow_custom: true });
    expect(await refused(costly)).toEqual({ status: 400, code: 'order_too_large', detail, fields: { tip: detail } });
    await blue.call('PUT', `/restaurants/${blue.restaurantId}/settings/tips/`, { enabled: false, choices: [15], allow_custom: true });
  });

  it('refuses a scheduled time without its offset from UTC, or of a day the calendar has not (400, naming the field)', async () => {
    now = NIGHT;
    expect(await refused(pickup({ scheduled_for: '2026-11-26T09:00:00' }))).toMatchObject({
      status: 400,
      fields: { scheduled_for: 'Give the time with its offset from UTC (Z or +01:00, say): without one, nobody can tell which 08:00 is meant.' },
    });
    expect(await refused(pickup({ scheduled_for: '2026-02-30T15:00:00Z' }))).toMatchObject({
      status: 400,
      fields: { scheduled_for: 'Choose a time as an ISO 8601 instant, or none for as soon as possible.' },
    });
    // The same slot as 09:00 in Chicago, written with its offset: taken.
    expect((await place(pickup({ scheduled_for: '2026-11-26T09:00:00-06:00' }))).statusCode).toBe(201);
  });

  it('refuses a price in the body as an unknown field', async () => {
    const body = pickup();
    const priced = { ...body, lines: [{ ...body.lines[0], price: 0.01 }] };
    const answer = await refused(priced);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.fields ?? {})).toEqual(['lines.0.price']);
    expect(await refused({ ...body, total: 1 })).toMatchObject({ status: 400, fields: { total: expect.any(String) } });
  });

  it('answers 404 for an unknown store and for one not launched yet', async () => {
    expect(await refused(pickup(), { slug: 'no-such-door' })).toMatchObject({ status: 404, code: 'not_found' });
    const green = await injectedOwner(t, 'green@example.com');
    await fresh.database.query(`update restaurants set slug = 'green-door' where id = $1`, [green.restaurantId]);
    expect(await refused(pickup(), { slug: 'green-door' })).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses dishes the store does not offer, naming every line: another restaurant’s, an unavailable or unpriced one, a size or extra not offered', async () => {
    const answer = await refused(
      pickup({
        lines: [
          { item_id: menu.foreign, size_id: null, quantity: 1, extra_selection_ids: [] },
          { item_id: menu.unavailable, size_id: null, quantity: 1, extra_selection_ids: [] },
          { item_id: menu.margherita, size_id: menu.large, quantity: 1, extra_selection_ids: [menu.thin] },
          { item_id: menu.margherita, size_id: 999_999, quantity: 1, extra_selection_ids: [menu.thin] },
          { item_id: menu.dish, size_id: null, quantity: 1, extra_selection_ids: [menu.thin] },
          { item_id: menu.unpriced, size_id: null, quantity: 1, extra_selection_ids: [] },
        ],
      }),
    );
    expect(answer).toMatchObject({ status: 409, code: 'menu_changed' });
    expect(answer.fields).toEqual({
      'lines.0.item_id': 'This dish is not on the menu any more.',
      'lines.1.item_id': 'This dish is not on the menu any more.',
      'lines.3.size_id': 'This dish is not offered in this size any more. Choose one of its sizes.',
      'lines.4.extra_selection_ids': 'Some of these extras are not offered with this dish any more.',
      'lines.5.item_id': 'This dish is not on the menu any more.',
    });
  });

  it('refuses choices that break the menu’s rules: no size for a sized dish, a required group left empty, two of a single-choice group, one extra twice', async () => {
    const line = { item_id: menu.margherita, size_id: menu.small, quantity: 1 };
    const answer = await refused(
      pickup({
        lines: [
          { ...line, size_id: null, extra_selection_ids: [menu.thin] },
          { ...line, extra_selection_ids: [] },
          { ...line, extra_selection_ids: [menu.thin, menu.stuffed] },
          { item_id: menu.dish, size_id: menu.small, quantity: 1, extra_selection_ids: [] },
          { ...line, extra_selection_ids: [menu.thin, menu.thin] },
        ],
      }),
    );
    expect(answer).toMatchObject({ status: 400, code: 'invalid_choice' });
    expect(answer.fields).toEqual({
      'lines.0.size_id': 'Choose a size.',
      'lines.1.extra_selection_ids': 'Choose one: Crust.',
      'lines.2.extra_selection_ids': 'Choose only one: Crust.',
      'lines.3.size_id': 'This dish comes in one size: leave the size out.',
      'lines.4.extra_selection_ids': 'Each extra can be chosen once.',
    });
  });

  it('takes the category model’s choices as optional fields: a dish that offers none takes empty ones, and refuses a topping or dressing it does not offer', async () => {
    const line = { item_id: menu.margherita, size_id: menu.large, quantity: 1, extra_selection_ids: [menu.stuffed] };
    const none = { primary_selection_ids: [], removed_topping_ids: [], added_topping_ids: [], dressing_id: null };
    const placed = await place(pickup({ lines: [{ ...line, ...none }] }));
    expect([placed.statusCode, (placed.json() as PlacedOrder).total]).toEqual([201, 17]);
    const answer = await refused(
      pickup({
        lines: [
          { ...line, removed_topping_ids: [999_999] },
          { ...line, dressing_id: 999_999 },
        ],
      }),
    );
    expect(answer).toMatchObject({ status: 409, code: 'menu_changed' });
    expect(answer.fields).toEqual({
      'lines.0.removed_topping_ids': 'Some of these toppings are not offered with this dish any more.',
      'lines.1.dressing_id': 'This dressing is not offered with this dish any more.',
    });
  });

  it('refuses delivery without an address, to a zip it does not cover, or below the minimum; and an address for pickup', async () => {
    const delivery = (overrides: Partial<PlaceOrderBody>) => pickup({ fulfilment: 'delivery', ...overrides });
    expect(await refused(delivery({}))).toMatchObject({ status: 400, code: 'address_required', fields: { address: 'Please enter the delivery address.' } });
    expect(await refused(delivery({ address: { ...ADDRESS, zip_code: '10001' } }))).toMatchObject({
      status: 409,
      code: 'zip_not_covered',
      fields: { 'address.zip_code': 'Sorry, we do not deliver to 10001. You can pick the order up instead.' },
    });
    const small = [{ item_id: menu.dish, size_id: null, quantity: 1, extra_selection_ids: [] }];
    expect(await refused(delivery({ address: ADDRESS, lines: small }))).toMatchObject({
      status: 409,
      code: 'below_minimum',
      fields: { lines: 'Delivery needs a minimum order of $15.00: add $13.50 more to place it.' },
    });
    expect(await refused(pickup({ address: ADDRESS }))).toMatchObject({ status: 400, fields: { address: 'No address is needed for pickup.' } });
  });

  it('refuses pickup or delivery when the restaurant does not offer it', async () => {
    const offer = (has: { has_pickup: boolean; has_delivery: boolean }) =>
      red.call('PUT', `/onboarding/${red.restaurantId}/delivery/`, { ...STEPS.delivery, ...has });
    const redPizza = { item_id: menu.foreign, size_id: menu.redSize, quantity: 2, extra_selection_ids: [menu.redCrust] };
    try {
      await offer({ has_pickup: true, has_delivery: false });
      expect(await refused(pickup({ fulfilment: 'delivery', address: ADDRESS, lines: [redPizza] }), { slug: 'red-door' })).toMatchObject({
        status: 409,
        code: 'fulfilment_unavailable',
        fields: { fulfilment: 'This restaurant does not deliver.' },
      });
      await offer({ has_pickup: false, has_delivery: true });
      expect(await refused(pickup({ lines: [redPizza] }), { slug: 'red-door' })).toMatchObject({
        status: 409,
        fields: { fulfilment: 'This restaurant does not offer pickup.' },
      });
    } finally {
      await offer({ has_pickup: true, has_delivery: true });
    }
  });

  it('refuses an order for as soon as possible while closed (409), and a time that is not an offered slot', async () => {
    now = NIGHT;
    expect(await refused(pickup())).toMatchObject({
      status: 409,
      code: 'closed',
      fields: { scheduled_for: 'Closed · opens tomorrow at 9:00 AM. Please choose a time for later.' },
    });
    for (const scheduled of ['2026-11-26T15:05:00.000Z', '2026-11-26T03:30:00.000Z', '2026-11-27T03:30:00.000Z', '2026-12-05T15:00:00.000Z']) {
      expect(await refused(pickup({ scheduled_for: scheduled }))).toMatchObject({
        status: 409,
        code: 'not_a_slot',
        fields: { scheduled_for: expect.any(String) },
      });
    }
    now = MIDDAY;
    // Sooner than the pickup's shortest wait (10 minutes).
    expect(await refused(pickup({ scheduled_for: '2026-11-25T18:00:00.000Z' }))).toMatchObject({ status: 409, code: 'not_a_slot' });
  });

  it('prices any cart of the menu exactly: each line (unit + extras) × quantity, the total their sum plus the fee', async () => {
    const pizza = store.categories[0]!;
    const second = store.categories[1]!;
    const cents = (amount: number) => Math.round(amount * 100);
    const sizedLine = fc.record({
      item: fc.constantFrom(...pizza.items),
      size: fc.constantFrom(...pizza.sizes),
      crust: fc.constantFrom(...pizza.extra_groups[0]!.selections),
      quantity: fc.integer({ min: 1, max: 50 }),
    });
    const plainLine = fc.record({ item: fc.constantFrom(...second.items), quantity: fc.integer({ min: 1, max: 50 }) });
    const cart = fc.array(fc.oneof(sizedLine, plainLine), { minLength: 1, maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(cart, fc.boolean(), async (lines, delivering) => {
        const body = pickup({
          lines: lines.map((line) =>
            'size' in line
              ? { item_id: line.item.id, size_id: line.size.id, quantity: line.quantity, extra_selection_ids: [line.crust.id] }
              : { item_id: line.item.id, size_id: null, quantity: line.quantity, extra_selection_ids: [] },
          ),
          ...(delivering ? { fulfilment: 'delivery' as const, address: ADDRESS } : {}),
        });
        const expected = lines.map((line) =>
          'size' in line
            ? (cents(line.item.prices.find((price) => price.size_id === line.size.id)!.price) + cents(line.crust.price)) * line.quantity
            : cents(line.item.price!) * line.quantity,
        );
        const subtotal = expected.reduce((sum, line) => sum + line, 0);
        const answer = await place(body);
        if (delivering && subtotal < 1500) return expect(answer.statusCode).toBe(409);
        const order: PlacedOrder = answer.json();
        expect(order.lines.map((line) => cents(line.line_total))).toEqual(expected);
        const fee = delivering && subtotal < 4000 ? 300 : 0;
        expect([cents(order.subtotal), cents(order.fee), cents(order.total)]).toEqual([subtotal, fee, subtotal + fee]);
      }),
      { numRuns: 12, seed: 30 },
    );
  });

  it('stores 40 orders placed at once each once, numbered 1 to 40', async () => {
    // red-door has taken no order yet (every one tried above was refused).
    const body = pickup({ lines: [{ item_id: menu.foreign, size_id: menu.redSize, quantity: 1, extra_selection_ids: [menu.redCrust] }] });
    // Two of them are the same request sent twice (one key): still one order.
    const answers = await Promise.all(Array.from({ length: 41 }, (_, index) => place(body, { slug: 'red-door', key: `burst-${Math.min(index, 39)}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 41 }, () => 201));
    const numbers = answers.map((answer) => (answer.json() as PlacedOrder).number);
    expect([...new Set(numbers)].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    const stored = await fresh.database.query('select number from orders where restaurant_id = $1 order by number', [red.restaurantId]);
    expect(stored.map((row) => Number(row.number))).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
  });
});

describe('GET /api/v2/orders/track/{token}/', { timeout: 30_000 }, () => {
  it('shows the customer their order, never their phone or email; an unknown token is 404', async () => {
    const placed: PlacedOrder = (await place(pickup({ fulfilment: 'delivery', address: ADDRESS }))).json();
    const tracked = await t.app.inject({ method: 'GET', url: `/api/v2/orders/track/${placed.token}/` });
    expect(tracked.statusCode).toBe(200);
    const { id: _id, ...seen } = placed;
    expect(tracked.json()).toEqual(seen satisfies TrackedOrder);
    // The customer's phone, email and address never; nor the restaurant's private number.
    expect(tracked.body).not.toMatch(/555 0199|ada@|1 Main St|555 0100/i);
    // Where a pickup is collected, and the public phone (issue 40).
    expect((tracked.json() as TrackedOrder).restaurant).toMatchObject({ address: '233 S Wacker Dr, Chicago, IL 60606', phone: '(312) 555-0101' });
    const unknown = await t.app.inject({ method: 'GET', url: `/api/v2/orders/track/${'x'.repeat(32)}/` });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'not_found']);
  });
});

/** One large red-door pizza with its crust: an order red-door takes (blue-door's dishes are not on its menu). */
const redPickup = () => pickup({ lines: [{ item_id: menu.foreign, size_id: menu.redSize, quantity: 1, extra_selection_ids: [menu.redCrust] }] });

describe('whose order an Idempotency-Key answers (issue 40)', { timeout: 30_000 }, () => {
  it('gives another client sending the same key and body its own order, never the first one’s token', async () => {
    const first: PlacedOrder = (await place(pickup(), { key: 'order-1', from: '198.51.100.1' })).json();
    const other = await place(pickup(), { key: 'order-1', from: '203.0.113.50' });
    expect([other.statusCode, other.headers['idempotent-replayed']]).toEqual([201, undefined]);
    const theirs: PlacedOrder = other.json();
    expect([theirs.token, theirs.number]).not.toEqual([first.token, first.number]);
    expect(theirs.token).not.toBe(first.token);
    // The first client's retry is still answered its own order.
    const retried = await place(pickup(), { key: 'order-1', from: '198.51.100.1' });
    expect([retried.headers['idempotent-replayed'], (retried.json() as PlacedOrder).token]).toEqual(['true', first.token]);
  });

  it('keeps the store in the scope: the same client’s key on another store places that store’s order', async () => {
    const blue = await place(pickup(), { key: 'my-order', from: '198.51.100.2' });
    const red = await place(redPickup(), { key: 'my-order', from: '198.51.100.2', slug: 'red-door' });
    expect([blue.statusCode, red.statusCode]).toEqual([201, 201]);
    expect((red.json() as PlacedOrder).restaurant.slug).toBe('red-door');
    // The same body again on red-door is that store's replay, not blue-door's order.
    const again = await place(redPickup(), { key: 'my-order', from: '198.51.100.2', slug: 'red-door' });
    expect((again.json() as PlacedOrder).token).toBe((red.json() as PlacedOrder).token);
  });
});

/**
 * The order limit (2 a minute here) on a server behind one proxy (TRUST_PROXY=1): every request
 * comes from the proxy (loopback), which appends the address it saw to X-Forwarded-For.
 */
describe('the order limit per client address and store', { timeout: 30_000 }, () => {
  let limited: TestApp;
  beforeAll(async () => {
    const behindOneProxy = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    limited = await createTestApp({ database: fresh.database, clock: () => now, mailer, config: { orderLimitPerMinute: 2, trustProxy: behindOneProxy } });
  });
  afterAll(() => limited?.close());

  /** An order from `client` as the proxy passes it on, after whatever the client wrote in X-Forwarded-For itself. */
  const send = (client: string, options: { slug?: string; written?: string } = {}) =>
    limited.app.inject({
      method: 'POST',
      url: `/api/v2/storefront/${options.slug ?? 'blue-door'}/orders/`,
      payload: options.slug === 'red-door' ? redPickup() : pickup(),
      headers: {
        'idempotency-key': `limit-${(keys += 1)}`,
        'x-forwarded-for': options.written ? `${options.written}, ${client}` : client,
      },
    });

  it('answers 429 once an address placed ORDER_LIMIT_PER_MINUTE orders in a minute', async () => {
    expect([(await send('198.51.100.10')).statusCode, (await send('198.51.100.10')).statusCode]).toEqual([201, 201]);
    const third = await send('198.51.100.10');
    expect([third.statusCode, third.json().code]).toEqual([429, 'rate_limited']);
    expect(third.headers['retry-after']).toBeDefined();
    expect((await send('198.51.100.11')).statusCode).toBe(201);
  });

  it('is not bypassed by a client writing another address in X-Forwarded-For each time', async () => {
    const statuses = [];
    for (const written of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '1.2.3.4, 5.6.7.8']) statuses.push((await send('198.51.100.12', { written })).statusCode);
    expect(statuses).toEqual([201, 201, 429, 429]);
  });

  it('counts each store apart: an address that spent one store’s budget still orders on another', async () => {
    expect([(await send('198.51.100.13')).statusCode, (await send('198.51.100.13')).statusCode]).toEqual([201, 201]);
    expect((await send('198.51.100.13')).statusCode).toBe(429);
    expect((await send('198.51.100.13', { slug: 'red-door' })).statusCode).toBe(201);
  });
});

/** A server on the file's database logging at info into `lines`, whose mail server refuses every customer. */
describe('what the log keeps of an order (issue 40)', { timeout: 30_000 }, () => {
  const lines: string[] = [];
  let logged: TestApp;
  beforeAll(async () => {
    const refusing = { send: async (message: { to: string }) => Promise.reject(new Error(`550 5.1.1 <${message.to}>: Recipient address rejected`)) };
    logged = await createTestApp({
      database: fresh.database,
      clock: () => now,
      mailer: refusing,
      logDestination: { write: (line) => lines.push(line) },
      config: { logLevel: 'info' },
    });
  });
  afterAll(() => logged?.close());
  const send = (body: PlaceOrderBody) =>
    logged.app.inject({ method: 'POST', url: '/api/v2/storefront/blue-door/orders/', payload: body, headers: { 'idempotency-key': `log-${(keys += 1)}` } });
  // The phone by its own digits: a bare "555" also turned up in a log line's epoch milliseconds.
  // Whole words: a request id is hexadecimal, and "…-ada8-…" is no customer's name.
  const CUSTOMER_DETAILS = /\bAda\b|Lovelace|555[ -]?0199|ada@example\.com|1 Main St/i;

  it('logs a tracking address without its token', async () => {
    const { token }: PlacedOrder = (await send(pickup())).json();
    lines.length = 0;
    await logged.app.inject({ method: 'GET', url: `/api/v2/orders/track/${token}/` });
    await logged.app.inject({ method: 'GET', url: `/blue-door/orders/${token}` });
    const requests = lines.filter((line) => line.includes('incoming request')).join('\n');
    expect(requests).toContain('/api/v2/orders/track/[token]/');
    expect(requests).toContain('/blue-door/orders/[token]');
    expect(lines.join('\n')).not.toContain(token);
  });

  it('names no customer in the error logged for a failed order or a mail not sent', async () => {
    lines.length = 0;
    expect((await send(pickup())).statusCode).toBe(201);
    await logged.app.backgroundSettled();
    // Orders can no longer be stored: the statement's every value is in the database's error.
    await fresh.database.query('alter table orders add constraint refuse_orders check (false) not valid');
    try {
      const failed = await send(pickup({ fulfilment: 'delivery', address: { ...ADDRESS, notes: 'Ring twice' } }));
      expect(failed.statusCode).toBe(500);
    } finally {
      await fresh.database.query('alter table orders drop constraint refuse_orders');
    }
    const errors = lines.filter((line) => /"level":(40|50)/.test(line));
    expect(errors.map((line) => JSON.parse(line).msg)).toEqual(expect.arrayContaining(['order mail not sent', 'request failed']));
    expect(errors.join('\n')).toContain('insert into \\"orders\\"');
    expect(errors.join('\n')).not.toMatch(CUSTOMER_DETAILS);
  });
});

/**
 * Issue 40, item 19: the store's rules at their boundaries, end to end, on a London store of the
 * file's server (GBP, postcodes, Europe/London, open 09:00–21:00, Saturday 28 November a special
 * night 18:00–02:00). Its delivery terms are amounts a float's ×100 truncates (fee £2.30 is
 * 229.99…; minimum £8.20 is 819.99…; free over £19.99 is 1998.99…); its dishes sit a penny
 * either side of them. No public phone: the restaurant's private numbers must never stand in.
 */
describe('the rules at their boundaries, on a London store (issue 40)', { timeout: 30_000 }, () => {
  const PRIVATE = { restaurant_phone: '+44 20 7946 0000', mobile_phone: '+44 7700 900123' };
  const LONDON_ADDRESS = { street: '1 Parliament Sq', city: 'London', zip_code: 'SW1A 1AA' };
  const dishes = { penny: 0, side: 0, almost: 0, platter: 0, spoon: 0 };
  let lantern: { call: OwnerCall; restaurantId: number };

  beforeAll(async () => {
    lantern = await injectedOwner(t, 'lantern@example.com');
    await seedStore(lantern.call, lantern.restaurantId, { slug: 'lantern', name: 'The Lantern', categories: 2, itemsPerCategory: 1 });
    const steps = {
      location: { country: 'United Kingdom', street: '10 Downing St', city: 'London', state: 'LN', zip_code: 'SW1A 2AA' },
      delivery: { ...STEPS.delivery, zip_codes: ['SW1A 1AA'], delivery_fee: 2.3, min_order_amount: 8.2, free_over_amount: 19.99 },
      hours: {
        ...EVERY_DAY_9_TO_21,
        time_zone: 'Europe/London',
        special_days: [{ date: '2026-11-28', closed: false, open_time: '18:00', close_time: '02:00', note: 'Late night' }],
      },
      contacts: { ...PRIVATE, public_phone: '', fax_number: '', contact_email: 'hello@lantern.example' },
    };
    for (const [step, body] of Object.entries(steps)) {
      const saved = await lantern.call('PUT', `/onboarding/${lantern.restaurantId}/${step}/`, body);
      if (saved.status !== 200) throw new Error(`the ${step} step answered ${saved.status}: ${JSON.stringify(saved.body)}`);
    }
    const data: Storefront = (await t.app.inject({ method: 'GET', url: '/api/v2/storefront/lantern/' })).json();
    const category = data.categories[1]!.id;
    for (const [name, price] of [
      ['penny', 0.01],
      ['side', 8.19],
      ['almost', 19.98],
      ['platter', 19.99],
      ['spoon', 0.29],
    ] as const) {
      const made = await lantern.call('POST', '/menu-items/', { category_id: category, name, price });
      dishes[name] = (made.body as { id: number }).id;
    }
  });

  const line = (dish: keyof typeof dishes, quantity = 1) => ({ item_id: dishes[dish], size_id: null, quantity, extra_selection_ids: [] });
  const order = (lines: ReturnType<typeof line>[], overrides: Partial<PlaceOrderBody> = {}) =>
    pickup({ fulfilment: 'delivery', address: LONDON_ADDRESS, lines, ...overrides });
  const placed = async (body: PlaceOrderBody) => {
    const answer = await place(body, { slug: 'lantern' });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as PlacedOrder;
  };
  const storefront = async (): Promise<Storefront> => (await t.app.inject({ method: 'GET', url: '/api/v2/storefront/lantern/' })).json();

  it('keeps the delivery terms to the penny, rounded, not truncated', async () => {
    expect((await storefront()).delivery).toMatchObject({ fee: 2.3, min_order: 8.2, free_over: 19.99 });
  });

  it('delivers free from the free-over amount on (at £19.99), and charges the fee a penny below it', async () => {
    expect(await placed(order([line('almost')]))).toMatchObject({ subtotal: 19.98, fee: 2.3, total: 22.28 });
    expect(await placed(order([line('almost'), line('penny')]))).toMatchObject({ subtotal: 19.99, fee: 0, total: 19.99 });
  });

  it('takes a delivery of exactly the minimum (£8.20) and refuses one a penny below it, in pounds', async () => {
    expect(await refused(order([line('side')]), { slug: 'lantern' })).toMatchObject({
      status: 409,
      code: 'below_minimum',
      // £8.19 is a penny short of £8.20.
      fields: { lines: expect.stringMatching(/£8\.20.*£0\.01/) },
    });
    expect(await placed(order([line('side'), line('penny')]))).toMatchObject({ subtotal: 8.2, fee: 2.3, total: 10.5 });
  });

  it('prices £19.99 × 3 and £0.29 to the penny, and shows the order in pounds in its answer, its mail, its tracking and the store page', async () => {
    const answer = await placed(pickup({ lines: [line('platter', 3), line('spoon')] }));
    expect(answer).toMatchObject({ currency: 'GBP', subtotal: 60.26, total: 60.26 });
    expect(answer.lines.map((priced) => [priced.unit_price, priced.line_total])).toEqual([
      [19.99, 59.97],
      [0.29, 0.29],
    ]);
    const [stored] = await fresh.database.query('select subtotal_cents, total_cents, currency from orders where id = $1', [answer.id]);
    expect(stored).toEqual({ subtotal_cents: 6026, total_cents: 6026, currency: 'GBP' });
    await t.app.backgroundSettled();
    expect(mailer.sent.at(-1)!.text).toContain('£60.26');
    expect(mailer.sent.at(-1)!.text).not.toMatch(/\$\d/);
    const tracked = (await t.app.inject({ method: 'GET', url: `/api/v2/orders/track/${answer.token}/` })).json() as TrackedOrder;
    expect([tracked.currency, tracked.total]).toEqual(['GBP', 60.26]);
    const page = (await t.app.inject({ method: 'GET', url: '/lantern' })).body;
    expect([page.includes('£19.99'), /\$\d/.test(page)]).toEqual([true, false]);
  });

  it('compares postcodes as people type them: any case, with or without the space', async () => {
    for (const typed of ['sw1a 1aa', 'sw1a1aa', ' SW1A1AA ']) {
      const check = await t.app.inject({ method: 'GET', url: `/api/v2/storefront/lantern/delivery/?zip=${encodeURIComponent(typed)}` });
      expect(check.json(), typed).toMatchObject({ delivers: true, fee: 2.3, min_order: 8.2, free_over: 19.99 });
    }
    await placed(order([line('platter')], { address: { ...LONDON_ADDRESS, zip_code: 'sw1a1aa' } }));
    expect(await refused(order([line('platter')], { address: { ...LONDON_ADDRESS, zip_code: 'sw1a 1ab' } }), { slug: 'lantern' })).toMatchObject({
      code: 'zip_not_covered',
    });
  });

  it('takes a time up to the last quarter before closing on the seventh day, never the closing minute or the eighth day', async () => {
    // Wednesday 25 November, 18:00 in London: the last day offered is Tuesday 1 December.
    for (const slot of ['2026-11-25T20:45:00.000Z', '2026-12-01T20:45:00.000Z']) await placed(pickup({ lines: [line('platter')], scheduled_for: slot }));
    for (const slot of ['2026-11-25T21:00:00.000Z', '2026-12-02T09:00:00.000Z']) {
      expect(await refused(pickup({ lines: [line('platter')], scheduled_for: slot }), { slug: 'lantern' }), slot).toMatchObject({ code: 'not_a_slot' });
    }
  });

  it("stays open through a special day's night (18:00 to 02:00) into the next date, and not before it opens", async () => {
    now = new Date('2026-11-28T12:00:00Z');
    expect((await storefront()).status.open_now).toBe(false);
    // 01:00 on Sunday: Saturday's special night still runs, though Sunday opens at 09:00.
    now = new Date('2026-11-29T01:00:00Z');
    expect((await storefront()).status.open_now).toBe(true);
    await placed(pickup({ lines: [line('platter')] }));
    await placed(pickup({ lines: [line('platter')], scheduled_for: '2026-11-29T01:45:00.000Z' }));
    now = new Date('2026-11-29T02:00:00Z');
    expect((await storefront()).status.open_now).toBe(false);
  });

  it("never shows the restaurant's private phones for a missing public one: store data, store page, tracking", async () => {
    const data = await storefront();
    expect(data.restaurant.public_phone).toBe('');
    const page = await t.app.inject({ method: 'GET', url: '/lantern' });
    expect([page.statusCode, page.body.includes('The Lantern')]).toEqual([200, true]);
    const answer = await placed(pickup({ lines: [line('platter')] }));
    const tracked = await t.app.inject({ method: 'GET', url: `/api/v2/orders/track/${answer.token}/` });
    for (const shown of [JSON.stringify(data), page.body, tracked.body, JSON.stringify(answer)]) {
      for (const secret of Object.values(PRIVATE)) expect(shown).not.toContain(secret);
    }
  });
});
