import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toCents } from '#contracts/shared/cents';
import type { OrderQuote, OrderRefusal, OwnerOrder, PlacedOrder, PlaceOrderBody, TrackedOrder } from '#contracts/ordering';
import type { Storefront } from '#contracts/storefront';
import { memoryMailer } from '../accounts/auth-helpers';
import { injectedOwner } from '../owner-calls';
import { createTestApp, testAppForFile } from '../test-app';
import { seedStore, type OwnerCall } from '#tests/fixtures/storefront/seed-store';

/**
 * An order's money on the server (issue 43): priced by the engine with the restaurant's taxes,
 * the customer's tip and coupon, stored and answered everywhere alike; every refusal on its field;
 * a coupon's uses counted in the order's transaction; the quote and `agreed_total`. One server
 * for the file: tex-door in Austin, Texas, lon-door in London (VAT inside the prices by default)
 * and red-door, another owner's; each test starts with no orders, coupons or money settings.
 * Run on PostgreSQL too: TEST_DATABASE_URL=postgres://… npx vitest run --project server <this file>.
 */
/** Wednesday 12:00 in Chicago, the stores' zone (open all day). */
const MIDDAY = new Date('2026-11-25T18:00:00Z');
const TODAY = '2026-11-25';
const mailer = memoryMailer();
const t = testAppForFile({ clock: () => MIDDAY, mailer, config: { orderLimitPerMinute: 100_000 } });
type Owner = { call: OwnerCall; restaurantId: number };
let tex: Owner;
let lon: Owner;
let red: Owner;
/** tex-door's menu: a large Margherita ($14.50) with stuffed crust (+$2.50), and Dish 2.1 ($1.50) of its second category. */
let menu: { margherita: number; large: number; stuffed: number; dish: number; dishCategory: number };
let london: { margherita: number; large: number; stuffed: number };

beforeAll(async () => {
  tex = await injectedOwner(t, 'tex@example.com');
  await seedStore(tex.call, tex.restaurantId, {
    slug: 'tex-door',
    itemsPerCategory: 1,
    location: { country: 'United States', street: '1 Congress Ave', city: 'Austin', state: 'TX', zip_code: '78701' },
  });
  lon = await injectedOwner(t, 'lon@example.com');
  await seedStore(lon.call, lon.restaurantId, {
    slug: 'lon-door',
    categories: 1,
    itemsPerCategory: 1,
    location: { country: 'United Kingdom', street: '1 Strand', city: 'London', state: 'EN', zip_code: 'WC2N 5HR' },
  });
  red = await injectedOwner(t, 'red@example.com');
  await seedStore(red.call, red.restaurantId, { slug: 'red-door', categories: 1, itemsPerCategory: 1 });
  const store: Storefront = (await t.app.inject({ method: 'GET', url: '/api/v2/storefront/tex-door/' })).json();
  const [pizza, second] = store.categories as [Storefront['categories'][number], Storefront['categories'][number]];
  menu = {
    margherita: pizza.items[0]!.id,
    large: pizza.sizes[1]!.id,
    stuffed: pizza.extra_groups[0]!.selections[1]!.id,
    dish: second.items[0]!.id,
    dishCategory: second.id,
  };
  const londonStore: Storefront = (await t.app.inject({ method: 'GET', url: '/api/v2/storefront/lon-door/' })).json();
  const londonPizza = londonStore.categories[0]!;
  london = { margherita: londonPizza.items[0]!.id, large: londonPizza.sizes[1]!.id, stuffed: londonPizza.extra_groups[0]!.selections[1]!.id };
});
beforeEach(async () => {
  await t.app.backgroundSettled();
  mailer.sent.length = 0;
  for (const table of ['orders', 'coupons', 'restaurant_tax_category_rates', 'restaurant_tax_settings', 'restaurant_tip_settings', 'idempotency_keys']) {
    await t.database.query(`delete from ${table}`);
  }
});

const CUSTOMER = { name: 'Ada Lovelace', phone: '+1 512 555 0199', email: 'Ada@Example.com' };

/** A pickup of a large Margherita with stuffed crust ($17.00) and two of Dish 2.1 ($3.00): $20.00, ASAP. */
function order(overrides: Partial<PlaceOrderBody> = {}): PlaceOrderBody {
  return {
    fulfilment: 'pickup',
    lines: [
      { item_id: menu.margherita, size_id: menu.large, quantity: 1, extra_selection_ids: [menu.stuffed] },
      { item_id: menu.dish, size_id: null, quantity: 2, extra_selection_ids: [] },
    ],
    customer: CUSTOMER,
    scheduled_for: null,
    ...overrides,
  };
}

let keys = 0;
const place = (body: unknown, options: { key?: string; slug?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/storefront/${options.slug ?? 'tex-door'}/orders/`,
    payload: body as object,
    headers: { 'idempotency-key': options.key ?? `key-${(keys += 1)}` },
  });
const quote = (body: unknown, slug = 'tex-door') => t.app.inject({ method: 'POST', url: `/api/v2/storefront/${slug}/quote/`, payload: body as object });

const stored = async () => Number((await t.database.query('select (select count(*) from orders) + (select count(*) from order_lines) as n'))[0]!.n);
const usesOf = async (id: number) => Number((await t.database.query(`select uses from coupons where id = ${id}`))[0]!.uses);

async function coupon(owner: Owner, body: object): Promise<number> {
  const made = await owner.call('POST', '/coupons/', { kind: 'percent', value: 10, ...body });
  expect(made.status).toBe(201);
  return (made.body as { id: number }).id;
}
const putTaxes = async (owner: Owner, body: object) =>
  expect((await owner.call('PUT', `/restaurants/${owner.restaurantId}/settings/taxes/`, body)).status).toBe(200);
const putTips = async (owner: Owner, body: object) =>
  expect((await owner.call('PUT', `/restaurants/${owner.restaurantId}/settings/tips/`, body)).status).toBe(200);
const TEXAS = { prices_include_tax: false, default_rate: 8.25, delivery_fee_taxable: false, category_rates: [] };
const TIPS_ON = { enabled: true, choices: [10, 15, 20], allow_custom: true };

/** The refusal of placing `body`, after checking that nothing was written. */
async function refused(body: unknown) {
  const before = await stored();
  const answer = await place(body);
  expect(await stored()).toBe(before);
  return { status: answer.statusCode, ...(answer.json() as OrderRefusal) };
}

describe('an order priced by the money engine', { timeout: 30_000 }, () => {
  it('prices a Texas order at 8.25 % with a 15 % tip and a 10 % coupon, and every view and the receipt agree to the cent', async () => {
    await putTaxes(tex, TEXAS);
    await putTips(tex, TIPS_ON);
    const id = await coupon(tex, { code: 'Summer 10' });
    const answer = await place(order({ tip: { percent: 15 }, coupon_code: 'summer10' }));
    expect(answer.statusCode).toBe(201);
    const placed: PlacedOrder = answer.json();
    // Discount 10 % of $20.00 = $2.00, spread $1.70 and $0.30; tax per line on what is left:
    // 1530 × 8.25 % = 126.2 → 126 and 270 × 8.25 % = 22.3 → 22; tip 15 % of $20.00 before the discount.
    // The code as the restaurant wrote it, whatever the customer typed: the review's quote named it so.
    const figures = { subtotal: 20, discount: 2, tax: 1.48, tip: 3, fee: 0, total: 22.48, prices_include_tax: false, coupon_code: 'Summer 10' };
    expect(placed).toMatchObject(figures);
    const tracked: TrackedOrder = (await t.app.inject({ method: 'GET', url: `/api/v2/orders/track/${placed.token}/` })).json();
    expect(tracked).toMatchObject(figures);
    const owned = (await tex.call('GET', `/orders/${placed.id}/`)).body as OwnerOrder;
    expect(owned).toMatchObject(figures);
    expect(await usesOf(id)).toBe(1);
    await t.app.backgroundSettled();
    const receipt = mailer.sent.find((mail) => mail.to === 'ada@example.com')!.text;
    for (const line of ['Subtotal: $20.00', 'Discount (Summer 10): −$2.00', 'Tax: $1.48', 'Tip: $3.00', 'Total: $22.48']) expect(receipt).toContain(line);
    const restaurantMail = mailer.sent.find((mail) => mail.subject.startsWith('New order'))!.text;
    expect(restaurantMail).toContain('Total: $22.48');
  });

  it('taxes a category at its own rate, and the delivery fee only when the settings say so', async () => {
    await putTaxes(tex, { ...TEXAS, delivery_fee_taxable: true, category_rates: [{ category_id: menu.dishCategory, rate: 0 }] });
    const placed: PlacedOrder = (await place(order({ fulfilment: 'delivery', address: { street: '1 Main St', city: 'Austin', zip_code: '60606' } }))).json();
    // 1700 × 8.25 % = 140.25 → 140; the dishes at 0 %; the $3.00 fee 24.75 → 25.
    expect(placed).toMatchObject({ subtotal: 20, tax: 1.65, fee: 3, total: 24.65 });
  });

  it('never raises a UK order whose prices include VAT: the VAT is split out of them', async () => {
    const store: Storefront = (await t.app.inject({ method: 'GET', url: '/api/v2/storefront/lon-door/' })).json();
    expect(store.money).toEqual({
      prices_include_tax: true,
      tips: { enabled: false, choices: [10, 15, 20], allow_custom: true },
      payment_methods: ['in_person'],
    });
    const body = order({ lines: [{ item_id: london.margherita, size_id: london.large, quantity: 1, extra_selection_ids: [london.stuffed] }] });
    const placed: PlacedOrder = (await place(body, { slug: 'lon-door' })).json();
    // £17.00 holds 1700 × 20 / 120 = 283.3 → 283p of VAT.
    expect(placed).toMatchObject({ currency: 'GBP', subtotal: 17, tax: 2.83, total: 17, prices_include_tax: true });
    await t.app.backgroundSettled();
    const receipt = mailer.sent.find((mail) => mail.to === 'ada@example.com')!.text;
    expect(receipt).toContain('Total: £17.00');
    expect(receipt).toContain('Includes VAT: £2.83');
  });

  it('places a body written from the specification alone as before: no tax set, no tip, no coupon, the total not checked', async () => {
    const placed: PlacedOrder = (await place(order())).json();
    expect(placed).toMatchObject({ subtotal: 20, discount: 0, tax: 0, tip: 0, total: 20, coupon_code: null, prices_include_tax: false });
  });
});

describe('tips', { timeout: 30_000 }, () => {
  it('refuses a tip on the field `tip` while the store takes none, and takes no tip at all', async () => {
    expect(await refused(order({ tip: { percent: 15 } }))).toMatchObject({
      status: 400,
      code: 'tips_off',
      fields: { tip: 'This store does not take tips.' },
    });
    expect((await place(order({ tip: null }))).statusCode).toBe(201);
  });

  it('takes only the offered percents when the store allows no custom tip', async () => {
    await putTips(tex, { enabled: true, choices: [10, 15, 20], allow_custom: false });
    const notOffered = { status: 400, code: 'tip_not_offered', fields: { tip: 'Choose one of the tips offered.' } };
    expect(await refused(order({ tip: { percent: 12 } }))).toMatchObject(notOffered);
    expect(await refused(order({ tip: { amount: 2 } }))).toMatchObject(notOffered);
    expect(((await place(order({ tip: { percent: 15 } }))).json() as PlacedOrder).tip).toBe(3);
  });

  it('takes a custom amount when allowed, untaxed and undiscounted', async () => {
    await putTaxes(tex, TEXAS);
    await putTips(tex, TIPS_ON);
    await coupon(tex, { code: 'HALF', value: 50 });
    const placed: PlacedOrder = (await place(order({ tip: { amount: 2.5 }, coupon_code: 'HALF' }))).json();
    // Half off $20.00; tax on $8.50 and $1.50: 70.1 → 70 and 12.4 → 12; the $2.50 tip as it is.
    expect(placed).toMatchObject({ discount: 10, tax: 0.82, tip: 2.5, total: 13.32 });
  });
});

describe('coupons', { timeout: 30_000 }, () => {
  const couponRefusal = (code: string, detail: string) => ({ status: 400, code, fields: { coupon_code: detail } });

  it('refuses a code the store does not have, or has switched off, or another restaurant’s, as unknown', async () => {
    await coupon(tex, { code: 'OFF', active: false });
    await coupon(red, { code: 'REDONLY' });
    const unknown = couponRefusal('coupon_unknown', 'This code is not valid at this store.');
    expect(await refused(order({ coupon_code: 'NOPE' }))).toMatchObject(unknown);
    expect(await refused(order({ coupon_code: 'off' }))).toMatchObject(unknown);
    expect(await refused(order({ coupon_code: 'REDONLY' }))).toMatchObject(unknown);
  });

  it('refuses a code before its first day and after its last, in the restaurant’s zone', async () => {
    await coupon(tex, { code: 'SOON', starts_on: '2026-11-26' });
    await coupon(tex, { code: 'GONE', ends_on: '2026-11-24' });
    await coupon(tex, { code: 'TODAY', starts_on: TODAY, ends_on: TODAY });
    expect(await refused(order({ coupon_code: 'SOON' }))).toMatchObject(couponRefusal('coupon_not_started', 'This code can be used from Thu, Nov 26, 2026.'));
    expect(await refused(order({ coupon_code: 'GONE' }))).toMatchObject(couponRefusal('coupon_expired', 'This code has expired.'));
    expect(((await place(order({ coupon_code: 'TODAY' }))).json() as PlacedOrder).discount).toBe(2);
  });

  it('refuses a code below its minimum in the engine’s sentence', async () => {
    await coupon(tex, { code: 'BIG', min_subtotal: 25 });
    expect(await refused(order({ coupon_code: 'BIG' }))).toMatchObject(couponRefusal('coupon_below_minimum', 'This code needs an order of $25.00 or more.'));
  });

  it('counts one use per order: a used-up code is refused, and an idempotent retry counts once', async () => {
    const id = await coupon(tex, { code: 'ONCE', max_uses: 1 });
    const first = await place(order({ coupon_code: 'ONCE' }), { key: 'retry-me' });
    const again = await place(order({ coupon_code: 'ONCE' }), { key: 'retry-me' });
    expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(again.json()).toEqual(first.json());
    expect(await usesOf(id)).toBe(1);
    expect(await refused(order({ coupon_code: 'ONCE', customer: { ...CUSTOMER, email: 'grace@example.com' } }))).toMatchObject(
      couponRefusal('coupon_used_up', 'This code has been used as many times as it can be.'),
    );
    expect(await usesOf(id)).toBe(1);
  });

  it('gives exactly max_uses discounted orders when 20 are placed at once on a coupon with max_uses 5', async () => {
    const id = await coupon(tex, { code: 'RACE', max_uses: 5 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => place(order({ coupon_code: 'RACE', customer: { ...CUSTOMER, email: `racer${n}@example.com` } }))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 400)).toHaveLength(15);
    expect(answers.filter((answer) => answer.statusCode === 400).every((answer) => answer.json().code === 'coupon_used_up')).toBe(true);
    expect(await usesOf(id)).toBe(5);
    const rows = await t.database.query(`select count(*) as n from orders where coupon_id = ${id} and discount_cents = 200`);
    expect(Number(rows[0]!.n)).toBe(5);
  });

  it('holds each customer, by email whatever its case, to max_uses_per_customer, even placing at once', async () => {
    await coupon(tex, { code: 'MINE', max_uses_per_customer: 1 });
    // Eight at once, so that without the lock two of them would read "not used yet" together.
    const emails = [
      'ada@example.com',
      'ADA@example.com',
      'Ada@Example.COM',
      'aDa@example.com',
      'adA@EXAMPLE.com',
      'ADA@EXAMPLE.COM',
      'Ada@example.com',
      'ada@Example.com',
    ];
    const answers = await Promise.all(emails.map((email) => place(order({ coupon_code: 'MINE', customer: { ...CUSTOMER, email } }))));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(await refused(order({ coupon_code: 'mine' }))).toMatchObject(
      couponRefusal('coupon_already_used', 'You have already used this code as many times as it allows.'),
    );
    expect((await place(order({ coupon_code: 'MINE', customer: { ...CUSTOMER, email: 'grace@example.com' } }))).statusCode).toBe(201);
  });

  it('keeps a first-order code to customers with no earlier order at the restaurant', async () => {
    await coupon(tex, { code: 'WELCOME', first_order_only: true });
    expect((await place(order())).statusCode).toBe(201);
    expect(await refused(order({ coupon_code: 'WELCOME' }))).toMatchObject(couponRefusal('coupon_first_order_only', 'This code is for a first order only.'));
    expect((await place(order({ coupon_code: 'WELCOME', customer: { ...CUSTOMER, email: 'new@example.com' } }))).statusCode).toBe(201);
  });
});

describe('the quote and the total agreed to', { timeout: 30_000 }, () => {
  it('quotes the figures placing then charges, line by line, storing nothing and counting no use', async () => {
    await putTaxes(tex, TEXAS);
    await putTips(tex, TIPS_ON);
    const id = await coupon(tex, { code: 'Summer 10', max_uses: 1 });
    const body = order({ tip: { percent: 15 }, coupon_code: 'summer10' });
    const answer = await quote(body);
    expect(answer.statusCode).toBe(200);
    const quoted: OrderQuote = answer.json();
    expect(await stored()).toBe(0);
    expect(await usesOf(id)).toBe(0);
    expect(quoted.refusals).toEqual([]);
    expect(quoted.coupon_code).toBe('Summer 10');
    expect(quoted.lines.map((line) => [line.line_total, line.discount, line.tax])).toEqual([
      [17, 1.7, 1.26],
      [3, 0.3, 0.22],
    ]);
    const placed: PlacedOrder = (await place({ ...body, agreed_total: quoted.total })).json();
    const figures = ({ subtotal, discount, tax, tip, fee, total, currency, prices_include_tax }: OrderQuote | PlacedOrder) => ({
      subtotal,
      discount,
      tax,
      tip,
      fee,
      total,
      currency,
      prices_include_tax,
    });
    expect(figures(placed)).toEqual(figures(quoted));
    expect(placed.lines).toEqual(quoted.lines.map(({ discount: _d, tax: _t, ...line }) => line));
  });

  it('lists every refusal placing would meet, each on its field', async () => {
    await coupon(tex, { code: 'BIG', min_subtotal: 25 });
    const body = order({
      lines: [{ item_id: 999_999, size_id: null, quantity: 1, extra_selection_ids: [] }, ...order().lines],
      tip: { percent: 10 },
      coupon_code: 'BIG',
      scheduled_for: '2026-11-25T18:07:00Z',
    });
    const quoted: OrderQuote = (await quote(body)).json();
    expect(quoted.refusals.map((refusal) => [refusal.field, refusal.code])).toEqual([
      ['lines.0.item_id', 'menu_changed'],
      ['scheduled_for', 'not_a_slot'],
      ['tip', 'tips_off'],
      ['coupon_code', 'coupon_below_minimum'],
    ]);
    // What can be priced still is: the two lines the menu has.
    expect(quoted).toMatchObject({ subtotal: 20, discount: 0, tip: 0, total: 20 });
    expect(await stored()).toBe(0);
  });

  it('answers 409 price_changed with the order as it is now when the total is not the one agreed to, and stores nothing', async () => {
    await putTaxes(tex, TEXAS);
    const { status, code, detail, quote: now } = await refused(order({ agreed_total: 20 }));
    expect({ status, code, detail }).toEqual({
      status: 409,
      code: 'price_changed',
      detail: 'The total changed to $21.65 since you reviewed your order. Please check it and place the order again.',
    });
    expect(now).toMatchObject({ subtotal: 20, tax: 1.65, total: 21.65, refusals: [] });
    expect((await place(order({ agreed_total: 21.65 }))).statusCode).toBe(201);
  });

  it('answers 404 for a store that is not launched or does not exist', async () => {
    expect((await quote(order(), 'no-such-door')).statusCode).toBe(404);
  });
});

/** Money with two decimals from whole cents. */
const moneyUpTo = (cents: number) => fc.integer({ min: 0, max: cents }).map((whole) => whole / 100);
/** A tax rate in percent with up to three decimals, 0–30. */
const rate = fc.integer({ min: 0, max: 30_000 }).map((thousandths) => thousandths / 1000);
const moneyCase = fc.record({
  taxes: fc.record({ prices_include_tax: fc.boolean(), default_rate: rate, dishRate: fc.option(rate, { nil: null }) }),
  coupon: fc.option(
    fc.oneof(
      fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }), min_subtotal: moneyUpTo(4_000) }),
      fc.record({ kind: fc.constant('amount' as const), value: moneyUpTo(5_000).filter((value) => value > 0), min_subtotal: moneyUpTo(4_000) }),
    ),
    { nil: null },
  ),
  tip: fc.option(
    fc.oneof(
      fc.constantFrom(10, 15, 20).map((percent) => ({ percent })),
      moneyUpTo(2_000).map((amount) => ({ amount })),
    ),
    { nil: null },
  ),
  margheritas: fc.integer({ min: 0, max: 4 }),
  dishes: fc.integer({ min: 0, max: 6 }),
});

describe('any cart, tax setting, coupon and tip (issue 43, item 8)', { timeout: 60_000 }, () => {
  it('quotes and places at the same figures, which add up: lines to totals, the total its formula, nothing negative, inclusive tax never added', async () => {
    await putTips(tex, TIPS_ON);
    await fc.assert(
      fc.asyncProperty(moneyCase, async ({ taxes, coupon: terms, tip, margheritas, dishes }) => {
        for (const table of ['orders', 'coupons', 'restaurant_tax_category_rates', 'idempotency_keys']) await t.database.query(`delete from ${table}`);
        const category_rates = taxes.dishRate === null ? [] : [{ category_id: menu.dishCategory, rate: taxes.dishRate }];
        await putTaxes(tex, { prices_include_tax: taxes.prices_include_tax, default_rate: taxes.default_rate, delivery_fee_taxable: false, category_rates });
        if (terms) await coupon(tex, { code: 'ANY', ...terms });
        const lines = [
          ...(margheritas > 0 ? [{ item_id: menu.margherita, size_id: menu.large, quantity: margheritas, extra_selection_ids: [menu.stuffed] }] : []),
          ...(dishes > 0 || margheritas === 0 ? [{ item_id: menu.dish, size_id: null, quantity: Math.max(dishes, 1), extra_selection_ids: [] }] : []),
        ];
        const body = order({ lines, tip, ...(terms ? { coupon_code: 'any' } : {}) });
        const quoted = (await quote(body)).json() as OrderQuote;
        const placed = await place({ ...body, agreed_total: quoted.total });
        if (quoted.refusals.length > 0) {
          // What the quote refuses, placing refuses on the same field.
          expect(placed.statusCode).toBe(400);
          expect(Object.keys((placed.json() as OrderRefusal).fields ?? {})).toContain(quoted.refusals[0]!.field);
          return;
        }
        expect(placed.statusCode).toBe(201);
        const order_ = placed.json() as PlacedOrder;
        const figures = ({ subtotal, discount, tax, tip: tipped, fee, total, prices_include_tax }: OrderQuote | PlacedOrder) => ({
          subtotal,
          discount,
          tax,
          tip: tipped,
          fee,
          total,
          prices_include_tax,
        });
        expect(figures(order_)).toEqual(figures(quoted));
        // In cents, as the engine counts: the lines' shares sum to the order's, the total is its formula.
        const c = {
          subtotal: toCents(quoted.subtotal),
          discount: toCents(quoted.discount),
          tax: toCents(quoted.tax),
          tip: toCents(quoted.tip),
          total: toCents(quoted.total),
        };
        expect(quoted.lines.reduce((sum, line) => sum + toCents(line.line_total), 0)).toBe(c.subtotal);
        expect(quoted.lines.reduce((sum, line) => sum + toCents(line.discount), 0)).toBe(c.discount);
        expect(quoted.lines.reduce((sum, line) => sum + toCents(line.tax), 0)).toBe(c.tax);
        expect(c.total).toBe(c.subtotal - c.discount + (taxes.prices_include_tax ? 0 : c.tax) + c.tip);
        for (const value of [...Object.values(c), ...quoted.lines.flatMap((line) => [line.discount, line.tax, line.line_total - line.discount])])
          expect(value).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 25, seed: 43 },
    );
  });
});

describe('the quote’s limit', { timeout: 30_000 }, () => {
  it('answers 429 past QUOTES_PER_ORDER (6) times ORDER_LIMIT_PER_MINUTE quotes a minute from one client on one store', async () => {
    const limited = await createTestApp({ clock: () => MIDDAY, config: { orderLimitPerMinute: 1 } });
    try {
      const ask = () => limited.app.inject({ method: 'POST', url: '/api/v2/storefront/some-door/quote/', payload: order() });
      const statuses: number[] = [];
      for (let n = 0; n < 7; n += 1) statuses.push((await ask()).statusCode);
      expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
