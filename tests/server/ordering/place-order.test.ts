import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlacedOrder, PlaceOrderBody, TrackedOrder } from '#contracts/ordering';
import type { Storefront } from '#contracts/storefront';
import type { Database } from '#server/db/database';
import { memoryMailer } from '../accounts/auth-helpers';
import { injectedOwner } from '../owner-calls';
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
  foreign: number;
  redSize: number;
  redCrust: number;
};
let red: { call: OwnerCall; restaurantId: number };

beforeAll(async () => {
  fresh = await freshDatabase();
  t = await createTestApp({ database: fresh.database, clock: () => now, mailer, config: { publicUrl: PUBLIC_URL, orderLimitPerMinute: 100_000 } });
  const blue = await injectedOwner(t, 'blue@example.com');
  await seedStore(blue.call, blue.restaurantId, { slug: 'blue-door', categories: 2, itemsPerCategory: 1 });
  await blue.call('PUT', `/onboarding/${blue.restaurantId}/hours/`, EVERY_DAY_9_TO_21);
  red = await injectedOwner(t, 'red@example.com');
  await seedStore(red.call, red.restaurantId, { slug: 'red-door', categories: 1, itemsPerCategory: 1 });
  store = (await t.app.inject({ method: 'GET', url: '/api/v2/storefront/blue-door/' })).json();
  const [pizza, second] = store.categories as [Storefront['categories'][number], Storefront['categories'][number]];
  const crust = pizza.extra_groups[0]!.selections;
  const hidden = await blue.call('POST', '/menu-items/', { category_id: second.id, name: 'Sold out', price: 5, available: false });
  const unpriced = await blue.call('POST', '/menu-items/', { category_id: second.id, name: 'No price yet', price: null });
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
    foreign: redStore.categories[0]!.items[0]!.id,
    redSize: redStore.categories[0]!.sizes[0]!.id,
    redCrust: redStore.categories[0]!.extra_groups[0]!.selections[0]!.id,
  };
});
afterAll(async () => {
  await t?.close();
  await fresh?.dispose();
});
beforeEach(() => {
  now = MIDDAY;
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
const place = (body: unknown, options: { key?: string | null; slug?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/storefront/${options.slug ?? 'blue-door'}/orders/`,
    payload: body as object,
    headers: options.key === null ? {} : { 'idempotency-key': options.key ?? `key-${(keys += 1)}` },
  });

const countOrders = async () =>
  Number(
    (await fresh.database.query('select (select count(*) from orders) + (select count(*) from order_lines) + (select count(*) from order_events) as n'))[0]!.n,
  );

/** The answer's refusal, after checking that nothing was written. */
async function refused(body: unknown, options: { key?: string | null; slug?: string } = {}) {
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
    expect(JSON.stringify(order)).not.toMatch(/555|ada@/i);
    const [stored] = await fresh.database.query('select customer_email, note, total_cents from orders where id = $1', [order.id]);
    expect(stored).toEqual({ customer_email: 'ada@example.com', note: 'Ring twice', total_cents: 1700 });
  });

  it('mails the customer a confirmation with the number, the lines, the total and the tracking link', async () => {
    const order: PlacedOrder = (await place(pickup())).json();
    await t.app.backgroundSettled();
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail!.to).toBe('ada@example.com');
    expect(mail!.subject).toBe(`Your order #${order.number} at Blue Door Diner`);
    const link = `${PUBLIC_URL}/blue-door/orders/${order.token}`;
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain(link);
      expect(part).toContain('1 × Margherita (Large) with Stuffed: $17.00');
      expect(part).toContain('Total: $17.00, paid at pickup.');
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
    expect(mailer.sent).toHaveLength(1);
  });

  it('refuses an order without an Idempotency-Key (428) or with a malformed one (400)', async () => {
    expect(await refused(pickup(), { key: null })).toMatchObject({ status: 428, code: 'idempotency_key_required' });
    expect(await refused(pickup(), { key: 'two words' })).toMatchObject({ status: 400, code: 'invalid_idempotency_key' });
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

  it('refuses choices that break the menu’s rules: no size for a sized dish, a required group left empty, two of a single-choice group', async () => {
    const line = { item_id: menu.margherita, size_id: menu.small, quantity: 1 };
    const answer = await refused(
      pickup({
        lines: [
          { ...line, size_id: null, extra_selection_ids: [menu.thin] },
          { ...line, extra_selection_ids: [] },
          { ...line, extra_selection_ids: [menu.thin, menu.stuffed] },
          { item_id: menu.dish, size_id: menu.small, quantity: 1, extra_selection_ids: [] },
        ],
      }),
    );
    expect(answer).toMatchObject({ status: 400, code: 'invalid_choice' });
    expect(answer.fields).toEqual({
      'lines.0.size_id': 'Choose a size.',
      'lines.1.extra_selection_ids': 'Choose one Crust.',
      'lines.2.extra_selection_ids': 'Choose only one Crust.',
      'lines.3.size_id': 'This dish comes in one size: leave the size out.',
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
      fields: { lines: 'Delivery needs an order of at least $15.00; this one is $1.50.' },
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
    expect(tracked.body).not.toMatch(/555|ada@|Main St/i);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/v2/orders/track/${'x'.repeat(32)}/` });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'not_found']);
  });
});

describe('the order limit per client address', { timeout: 30_000 }, () => {
  it('answers 429 once an address placed ORDER_LIMIT_PER_MINUTE orders in a minute', async () => {
    const limited = await createTestApp({ database: fresh.database, clock: () => now, config: { orderLimitPerMinute: 2 } });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v2/storefront/blue-door/orders/',
          payload: pickup(),
          headers: { 'idempotency-key': `limit-${(keys += 1)}` },
        });
      expect([(await send()).statusCode, (await send()).statusCode]).toEqual([201, 201]);
      const third = await send();
      expect([third.statusCode, third.json().code]).toEqual([429, 'rate_limited']);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
