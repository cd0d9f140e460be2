import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { describe, expect, it } from 'vitest';
import { PlaceOrderBody, type PlacedOrder } from '#contracts/ordering';
import { orderSlots } from '#contracts/shared/order-slots';
import { assert } from 'superstruct';
import { checkoutFigures, checkoutMachine, formToKeep, type CheckoutInput, type KeptForm, type ZipAnswer } from '#src/machines/ordering/checkout.machine';
import { orderBody, scheduleOf } from '#src/machines/ordering/checkout-rules';
import type { Placement } from '#src/services/ordering/place-order';
import type { Quoting } from '#src/services/ordering/quote-order';
import { COLA, CLOSED_NOW, OPEN_NOW, storeData, TIPPING } from '#tests/fixtures/ordering/store-data';
import { quoteFor, UNKNOWN_COUPON } from '#tests/fixtures/ordering/order-quote';
import { assertWalksCover } from '../../support/path-coverage';
import { memoryDetails } from '../../support/details-memory';

const store = storeData();
const lines = [{ item_id: COLA, size_id: null, quantity: 8, extra_selection_ids: [] }];
const input = (overrides: Partial<CheckoutInput> = {}): CheckoutInput => ({
  store,
  lines,
  subtotal: 2000,
  now: () => OPEN_NOW,
  newKey: () => 'key-1',
  details: memoryDetails(),
  ...overrides,
});
const firstSlot = orderSlots(scheduleOf(store), OPEN_NOW, store.delivery.eta_from)[0]!.slots[0]!;
const check = (delivers: boolean) => ({ zip: '60606', delivers, fee: 3, min_order: 15, free_over: 40, eta_from: 30, eta_to: 45 });
const placedOrder = { id: 5, number: 12, token: 'tok_abcdefghijklmnopqrstuv' } as PlacedOrder;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
/** The server's quote of the test's order (8 Colas, tax 8.25 % added), as its engine prices it. */
const QUOTE = quoteFor({ fulfilment: 'pickup', lines, customer: { name: 'Ada', phone: '312 555 0199', email: 'ada@example.com' }, scheduled_for: null });
/** A pickup as soon as possible, its contact details filled in: the review is three Continues away. */
const KEPT: KeptForm = {
  fulfilment: 'pickup',
  address: { street: '', city: '', zip_code: '', notes: '' },
  when: 'asap',
  customer: { name: 'Ada', phone: '312 555 0199', email: 'ada@example.com' },
  note: '',
  remember: false,
};
const FILL = [
  { type: 'field.change', field: 'address.street', value: '1 Main St' },
  { type: 'field.change', field: 'address.city', value: 'Chicago' },
  { type: 'field.change', field: 'address.zip_code', value: '60606' },
  { type: 'field.change', field: 'customer.name', value: 'Ada' },
  { type: 'field.change', field: 'customer.phone', value: '312 555 0199' },
  { type: 'field.change', field: 'customer.email', value: 'ada@example.com' },
] as const;

/** Open on Thursdays 11:00–12:30 only: at OPEN_NOW (12:00) one slot is left, which keeps the walk's snapshots small. */
const tinyStore = storeData({
  hours: {
    open_247: false,
    special_days: [],
    days: store.hours.days.map((day) =>
      day.day_of_week === 4 ? { ...day, close_time: '12:30' } : { ...day, closed: true, open_time: null, close_time: null },
    ),
  },
});
const tinySlot = orderSlots(scheduleOf(tinyStore), OPEN_NOW, tinyStore.pickup.eta_from)[0]!.slots[0]!;

describe('checkout machine: path coverage', () => {
  it('reaches every state and transition, for pickup and for delivery, through every answer of the zip check and the placement', () => {
    const refusal = (fields: Record<string, string>): Placement => ({ kind: 'refused', message: 'Refused.', fields });
    const zipAnswers: ZipAnswer[] = [
      { kind: 'checked', check: check(true) },
      { kind: 'checked', check: check(false) },
      { kind: 'refused', message: 'Bad zip.' },
      { kind: 'failed' },
    ];
    const placements: Placement[] = [
      { kind: 'placed', order: placedOrder },
      refusal({ fulfilment: 'x' }),
      refusal({ 'address.zip_code': 'x' }),
      refusal({ scheduled_for: 'x' }),
      refusal({ 'customer.phone': 'x' }),
      refusal({}),
    ];
    const priceChanged: Placement[] = [
      { kind: 'price_changed', message: 'The total changed.', answer: { quote: QUOTE } },
      { kind: 'price_changed', message: 'The total changed.', answer: { detail: 'The total changed.' } },
    ];
    const quoteRefusing = (field: string): Quoting => ({ kind: 'quoted', quote: { ...QUOTE, refusals: [{ field, code: 'x', detail: 'x' }] } });
    // Every answer of the quote in a walk of its own; elsewhere the server has no quote route, as before issue 43.
    const quotings: Quoting[] = [
      { kind: 'quoted', quote: QUOTE },
      { kind: 'refused', message: 'Refused.', fields: {} },
      quoteRefusing('fulfilment'),
      quoteRefusing('address.zip_code'),
      quoteRefusing('scheduled_for'),
      quoteRefusing('customer.phone'),
      quoteRefusing('coupon_code'),
    ];
    const common = [
      { type: 'step.next' },
      { type: 'step.back' },
      { type: 'order.retry' },
      { type: 'time.choose', when: 'asap' },
      { type: 'time.choose', when: tinySlot },
      ...zipAnswers.map((answer) => done('checkZip', answer)),
      ...placements.map((answer) => done('placeOrder', answer)),
      done('quoteOrder', { kind: 'unavailable' }),
    ];
    // Each walk fills the fields of one step only when that step shows (`within` ends a walk elsewhere with them half filled).
    const filledAsShown = (snapshot: AnyMachineSnapshot) => {
      const address = Object.values(snapshot.context.address as Record<string, string>).filter(Boolean).length;
      const customer = Object.values(snapshot.context.customer as Record<string, string>).filter(Boolean).length;
      return (address === 0 || address === 3 || snapshot.hasTag('address')) && (customer === 0 || customer === 3 || snapshot.hasTag('contact'));
    };
    const fill = (from: number, to: number) => FILL.slice(from, to);
    const tiny = (overrides: Partial<CheckoutInput> = {}) => input({ store: tinyStore, ...overrides });
    // The review's tip and coupon, walked on their own below.
    const MONEY = ['tip.choose', 'tip.other', 'tip.type', 'tip.apply', 'coupon.type', 'coupon.apply', 'quote.retry', 'payment.choose'];
    const walks = [
      // Pickup, then delivery, each filled in as it goes, through every answer.
      { input: tiny(), events: [...common, ...fill(3, 6), { type: 'fulfilment.choose', fulfilment: 'pickup' }], within: filledAsShown, skip: MONEY },
      {
        input: tiny(),
        events: [...common, ...fill(0, 3), { type: 'fulfilment.choose', fulfilment: 'delivery' }],
        within: filledAsShown,
        skip: ['xstate.done.actor.placeOrder', ...MONEY],
      },
      // Nothing filled, closed now: every step's own refusal.
      { input: tiny({ now: () => CLOSED_NOW }), events: [...common, { type: 'fulfilment.choose', fulfilment: 'pickup' }], skip: ['field.change', ...MONEY] },
      // Below the minimum, delivery filled in: the review does not go on.
      {
        input: tiny({ subtotal: 500 }),
        events: [...common, ...FILL, { type: 'fulfilment.choose', fulfilment: 'delivery' }],
        within: filledAsShown,
        skip: MONEY,
      },
      // Remembering the contact details and forgetting them, on the contact step.
      {
        input: tiny(),
        events: [
          { type: 'fulfilment.choose', fulfilment: 'pickup' },
          { type: 'step.next' },
          { type: 'time.choose', when: 'asap' },
          { type: 'details.remember', remember: true },
          { type: 'details.forget' },
        ],
        skip: ['field.change', 'step.back', 'order.retry', ...MONEY],
      },
      // The review's tip, from a form kept filled in: offered and typed, a quote lost and tried again, the total changed.
      {
        input: tiny({ store: { ...tinyStore, money: TIPPING }, kept: KEPT }),
        events: [
          { type: 'step.next' },
          { type: 'step.back' },
          { type: 'tip.choose', tip: { percent: 15 } },
          { type: 'tip.choose', tip: null },
          { type: 'tip.other' },
          { type: 'tip.type', value: '4.50' },
          { type: 'tip.apply' },
          { type: 'quote.retry' },
          done('quoteOrder', quotings[0]),
          ...[placements[0], ...priceChanged].map((answer) => done('placeOrder', answer)),
        ],
        skip: ['field.change', 'time.choose', 'order.retry', 'coupon.type', 'coupon.apply'],
        // Before the review, only with the money untouched (stepping back from it ends the walk there).
        within: (snapshot: AnyMachineSnapshot) =>
          snapshot.hasTag('review') ||
          snapshot.hasTag('placing') ||
          (snapshot.context.tip === null && snapshot.context.couponText === '' && snapshot.context.tipText === ''),
      },
      // The coupon typed and applied.
      {
        input: tiny({ store: { ...tinyStore, money: TIPPING }, kept: KEPT }),
        events: [{ type: 'step.next' }, { type: 'coupon.type', value: 'SAVE10' }, { type: 'coupon.apply' }, done('quoteOrder', quotings[0])],
        skip: [
          'step.back',
          'field.change',
          'time.choose',
          'order.retry',
          'xstate.done.actor.placeOrder',
          ...MONEY.filter((type) => !type.startsWith('coupon')),
        ],
      },
      // A store that takes cards: the customer chooses in person, then card again (issue 44).
      {
        input: tiny({ store: { ...tinyStore, money: { ...TIPPING, payment_methods: ['card', 'in_person'] } }, kept: KEPT }),
        events: [
          { type: 'step.next' },
          { type: 'payment.choose', method: 'in_person' },
          { type: 'payment.choose', method: 'card' },
          done('quoteOrder', quotings[0]),
        ],
        skip: ['step.back', 'field.change', 'time.choose', 'order.retry', 'xstate.done.actor.placeOrder', ...MONEY.filter((type) => type !== 'payment.choose')],
      },
      // Every answer of the quote, each refusal sent to its step (where the walk ends), a failure tried again.
      {
        input: tiny({ kept: KEPT }),
        events: [{ type: 'step.next' }, { type: 'quote.retry' }, ...quotings.map((answer) => done('quoteOrder', answer))],
        skip: ['step.back', 'field.change', 'time.choose', 'order.retry', 'xstate.done.actor.placeOrder', ...MONEY.filter((type) => type !== 'quote.retry')],
        within: (snapshot: AnyMachineSnapshot) => Object.keys(snapshot.context.errors).length === 0,
      },
    ];
    const reports = assertWalksCover(checkoutMachine, walks);
    expect(reports.map((report) => report.snapshots).reduce((sum, count) => sum + count)).toBeLessThan(20_000);
  });
});

/**
 * The real machine, with the zip check, the quotes and the placement answered by the test, and
 * what they were sent. Without `quotes`, the server has no quote route (404): the cart's figures.
 */
function start(placements: (() => Promise<Placement>)[], overrides: Partial<CheckoutInput> = {}, quotes?: (body: PlaceOrderBody) => Promise<Quoting>) {
  const sent: { body: unknown; key: string }[] = [];
  const quoted: PlaceOrderBody[] = [];
  let keys = 0;
  const machine = checkoutMachine.provide({
    actors: {
      quoteOrder: fromPromise(async ({ input: call }) => {
        assert(call.body, PlaceOrderBody);
        quoted.push(call.body);
        return quotes ? quotes(call.body) : ({ kind: 'unavailable' } as const);
      }),
      checkZip: fromPromise<ZipAnswer, { slug: string; zip: string }>(async () => ({ kind: 'checked', check: check(true) })),
      placeOrder: fromPromise(async ({ input: call }) => {
        // The body the server validates: the contract's own check, as the server route runs it.
        assert(call.body, PlaceOrderBody);
        sent.push({ body: call.body, key: call.key });
        return placements[sent.length - 1]!();
      }),
    },
  });
  const actor = createActor(machine, { input: input({ newKey: () => `key-${++keys}`, ...overrides }) });
  const emitted: { type: string; [key: string]: unknown }[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const send = (...events: Parameters<typeof actor.send>[0][]) => events.forEach((event) => actor.send(event));
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, sent, quoted, emitted, send, settled };
}

const toReview = (send: (...events: never[]) => void) =>
  send(
    ...([
      { type: 'fulfilment.choose', fulfilment: 'pickup' },
      { type: 'step.next' },
      { type: 'time.choose', when: 'asap' },
      { type: 'step.next' },
      ...FILL.slice(3),
      { type: 'step.next' },
    ] as never[]),
  );

describe('checkout machine', () => {
  it('sends the same Idempotency-Key again when a placement gets no answer, and a new one for a new attempt', async () => {
    const lost = () => Promise.reject(new Error('offline'));
    const { actor, sent, send, settled, emitted } = start([
      lost,
      async () => ({ kind: 'refused', message: 'We are closed now.', fields: {} }),
      async () => ({ kind: 'placed', order: placedOrder }),
    ]);
    toReview(send);
    expect(actor.getSnapshot().hasTag('review')).toBe(true);
    await settled();
    send({ type: 'step.next' });
    await settled();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    send({ type: 'order.retry' });
    await settled();
    // Refused without fields: back on the review with the server's sentence; placing again is a new attempt.
    expect(actor.getSnapshot().hasTag('review')).toBe(true);
    expect(actor.getSnapshot().context.alert).toBe('We are closed now.');
    await settled();
    send({ type: 'step.next' });
    await settled();
    expect(sent.map((call) => call.key)).toEqual(['key-1', 'key-1', 'key-2']);
    expect(sent[0]!.body).toEqual({
      fulfilment: 'pickup',
      lines,
      customer: { name: 'Ada', phone: '312 555 0199', email: 'ada@example.com' },
      scheduled_for: null,
    });
    expect(emitted.find((event) => event.type === 'order.placed')).toEqual({ type: 'order.placed', order: placedOrder });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('returns to the step owning a refused field, with the server’s sentence on it and the focus sent there', async () => {
    const { actor, send, settled, emitted } = start([
      async () => ({ kind: 'refused', message: 'Some fields are not valid.', fields: { 'customer.phone': 'We cannot call this number.' } }),
    ]);
    toReview(send);
    await settled();
    send({ type: 'step.next' });
    await settled();
    expect(actor.getSnapshot().hasTag('contact')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ 'customer.phone': 'We cannot call this number.' });
    expect(emitted.at(-1)).toEqual({ type: 'step.shown', step: 'contact', field: 'customer.phone' });
  });

  it('checks the address with the contract and the zip with the store before the time step, and sends the address', async () => {
    const { actor, send, settled, sent } = start([async () => ({ kind: 'placed', order: placedOrder })]);
    send({ type: 'fulfilment.choose', fulfilment: 'delivery' }, { type: 'step.next' }, { type: 'step.next' });
    expect(actor.getSnapshot().context.errors).toEqual({
      'address.street': 'Please enter the street and number.',
      'address.city': 'Please enter the city.',
      'address.zip_code': 'Please enter a zip or postal code.',
    });
    send(...FILL.slice(0, 3), { type: 'step.next' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settled();
    expect(actor.getSnapshot().hasTag('time')).toBe(true);
    send({ type: 'time.choose', when: firstSlot }, { type: 'step.next' }, ...FILL.slice(3), { type: 'step.next' });
    await settled();
    send({ type: 'step.next' });
    await settled();
    expect(sent[0]!.body).toMatchObject({
      fulfilment: 'delivery',
      address: { street: '1 Main St', city: 'Chicago', zip_code: '60606' },
      scheduled_for: firstSlot,
    });
  });

  it('offers as soon as possible only while open, and makes placing a delivery below the minimum impossible', () => {
    const closed = start([], { now: () => CLOSED_NOW });
    closed.send({ type: 'fulfilment.choose', fulfilment: 'pickup' }, { type: 'step.next' }, { type: 'time.choose', when: 'asap' }, { type: 'step.next' });
    expect(closed.actor.getSnapshot().context.errors).toEqual({ scheduled_for: 'We are closed now: please choose a time.' });
    expect(closed.actor.getSnapshot().context.slots.length).toBeGreaterThan(0);

    const small = start([], { subtotal: 1000 });
    small.send({ type: 'fulfilment.choose', fulfilment: 'delivery' }, { type: 'step.next' }, ...FILL.slice(0, 3), { type: 'step.next' });
    return small
      .settled()
      .then(() => {
        small.send({ type: 'time.choose', when: 'asap' }, { type: 'step.next' }, ...FILL.slice(3), { type: 'step.next' });
        return small.settled();
      })
      .then(() => {
        small.send({ type: 'step.next' });
        expect(small.actor.getSnapshot().hasTag('review')).toBe(true);
        expect(small.sent).toEqual([]);
        // What the review shows: the order engine's figures and the sentence the server refuses with.
        expect(checkoutFigures(small.actor.getSnapshot().context)).toEqual({
          subtotal: 1000,
          fee: 300,
          total: 1300,
          minimum: 'Delivery needs a minimum order of $15.00: add $5.00 more to place it.',
        });
      });
  });

  it('starts from the form of a checkout closed before: the cart’s new lines, everything typed, a time no longer offered cleared, saying so', async () => {
    const first = start([]);
    first.send({ type: 'fulfilment.choose', fulfilment: 'delivery' }, { type: 'step.next' }, ...FILL.slice(0, 3));
    first.send({ type: 'field.change', field: 'address.notes', value: 'Ring twice' }, { type: 'step.next' });
    await first.settled();
    first.send({ type: 'time.choose', when: firstSlot }, { type: 'step.next' }, ...FILL.slice(3));
    first.send({ type: 'field.change', field: 'note', value: 'No onions' }, { type: 'details.remember', remember: true });
    // The customer closes the checkout here and adds a dish.
    const kept = formToKeep(first.actor.getSnapshot().context);
    const more = [...lines, { item_id: COLA, size_id: null, quantity: 1, extra_selection_ids: [] }];
    const memory = memoryDetails();
    const again = start([async () => ({ kind: 'placed', order: placedOrder })], { kept, lines: more, subtotal: 2250, details: memory });
    expect(again.actor.getSnapshot().context).toMatchObject({
      fulfilment: 'delivery',
      address: { street: '1 Main St', city: 'Chicago', zip_code: '60606', notes: 'Ring twice' },
      when: firstSlot,
      customer: { name: 'Ada', phone: '312 555 0199', email: 'ada@example.com' },
      note: 'No onions',
      remember: true,
    });
    again.send({ type: 'step.next' }, { type: 'step.next' });
    await again.settled();
    again.send({ type: 'step.next' }, { type: 'step.next' });
    expect(checkoutFigures(again.actor.getSnapshot().context)).toMatchObject({ subtotal: 2250, fee: 300, total: 2550 });
    await again.settled();
    again.send({ type: 'step.next' });
    await again.settled();
    expect(again.sent[0]!.body).toEqual({
      fulfilment: 'delivery',
      lines: more,
      customer: { name: 'Ada', phone: '312 555 0199', email: 'ada@example.com' },
      address: { street: '1 Main St', city: 'Chicago', zip_code: '60606', notes: 'Ring twice' },
      scheduled_for: firstSlot,
      note: 'No onions',
    });
    // Ticked: placed, the details and the delivery address are kept on this device.
    expect(memory.kept()).toEqual({
      customer: { name: 'Ada', phone: '312 555 0199', email: 'ada@example.com' },
      address: { street: '1 Main St', city: 'Chicago', zip_code: '60606', notes: 'Ring twice' },
    });

    // Reopened six hours later: that time is gone. The time step clears it and says so on its field, which takes the focus.
    const later = start([], { kept, now: () => new Date(OPEN_NOW.getTime() + 6 * 3_600_000) });
    later.send({ type: 'step.next' }, { type: 'step.next' });
    await later.settled();
    const { context } = later.actor.getSnapshot();
    expect(later.actor.getSnapshot().hasTag('time')).toBe(true);
    expect(context.when).toBeNull();
    expect(context.errors).toEqual({ scheduled_for: 'Thu 26 Nov, 12:30 is no longer offered. Please choose another time.' });
    expect(later.emitted.at(-1)).toEqual({ type: 'step.shown', step: 'time', field: 'scheduled_for' });
  });

  it('says the delivery minimum as soon as delivery is chosen, before any other step', () => {
    const small = start([], { subtotal: 1000 });
    small.send({ type: 'fulfilment.choose', fulfilment: 'delivery' });
    expect(small.actor.getSnapshot().hasTag('fulfilment')).toBe(true);
    expect(checkoutFigures(small.actor.getSnapshot().context).minimum).toBe('Delivery needs a minimum order of $15.00: add $5.00 more to place it.');
    small.send({ type: 'fulfilment.choose', fulfilment: 'pickup' });
    expect(checkoutFigures(small.actor.getSnapshot().context).minimum).toBeNull();
  });

  it('keeps the contact details on this device only when asked, fills them in next time, and forgets them on request', async () => {
    const memory = memoryDetails();
    const unticked = start([async () => ({ kind: 'placed', order: placedOrder })], { details: memory });
    toReview(unticked.send);
    await unticked.settled();
    unticked.send({ type: 'step.next' });
    await unticked.settled();
    expect(unticked.actor.getSnapshot().status).toBe('done');
    expect(memory.kept()).toBeNull();

    const ticked = start([async () => ({ kind: 'placed', order: placedOrder })], { details: memory });
    expect(ticked.actor.getSnapshot().context.remember).toBe(false);
    ticked.send({ type: 'fulfilment.choose', fulfilment: 'pickup' }, { type: 'step.next' }, { type: 'time.choose', when: 'asap' }, { type: 'step.next' });
    ticked.send(...FILL.slice(3), { type: 'details.remember', remember: true }, { type: 'step.next' });
    await ticked.settled();
    ticked.send({ type: 'step.next' });
    await ticked.settled();
    // A pickup keeps no address.
    expect(memory.kept()).toEqual({ customer: { name: 'Ada', phone: '312 555 0199', email: 'ada@example.com' }, address: null });

    // The next visit: filled in, the box ticked, and a way to forget them.
    const next = start([], { details: memory });
    expect(next.actor.getSnapshot().context).toMatchObject({
      customer: { name: 'Ada', phone: '312 555 0199', email: 'ada@example.com' },
      remember: true,
      remembered: true,
    });
    next.send({ type: 'fulfilment.choose', fulfilment: 'pickup' }, { type: 'step.next' }, { type: 'time.choose', when: 'asap' }, { type: 'step.next' });
    next.send({ type: 'details.forget' });
    expect(memory.kept()).toBeNull();
    expect(next.actor.getSnapshot().context).toMatchObject({ remember: false, remembered: false, notice: 'Your details are no longer kept on this device.' });
    expect(next.emitted.at(-1)).toEqual({ type: 'step.shown', step: 'contact', field: 'remember' });
  });
});

describe('checkout machine: the review’s money (issue 43)', () => {
  const money = { store: { ...store, money: TIPPING }, kept: KEPT };
  /** The server's engine answering every quote (tests/fixtures/ordering/order-quote.ts). */
  const engine = async (body: PlaceOrderBody): Promise<Quoting> => ({ kind: 'quoted', quote: quoteFor(body) });

  it('prices the review with the server’s quote, asks again for a tip and a coupon, and places with the total shown', async () => {
    const { actor, send, settled, sent, quoted } = start([async () => ({ kind: 'placed', order: placedOrder })], money, engine);
    send({ type: 'step.next' }, { type: 'step.next' }, { type: 'step.next' });
    expect(actor.getSnapshot().hasTag('quoting')).toBe(true);
    // No figures yet: Place order waits.
    send({ type: 'step.next' });
    await settled();
    expect(actor.getSnapshot().context.quote).toMatchObject({ subtotal: 20, tax: 1.65, total: 21.65 });
    send({ type: 'tip.choose', tip: { percent: 15 } });
    await settled();
    send({ type: 'coupon.type', value: ' save10 ' }, { type: 'coupon.apply' });
    await settled();
    // 10 % off $20.00, tax 8.25 % on $18.00 ($1.49), a 15 % tip on $20.00 ($3.00).
    expect(actor.getSnapshot().context.quote).toMatchObject({ discount: 2, tax: 1.49, tip: 3, total: 22.49, coupon_code: 'SAVE10' });
    expect(quoted.map((body) => [body.tip, body.coupon_code])).toEqual([
      [null, undefined],
      [{ percent: 15 }, undefined],
      [{ percent: 15 }, 'save10'],
    ]);
    send({ type: 'step.next' });
    await settled();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ tip: { percent: 15 }, coupon_code: 'save10', agreed_total: 22.49 });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('keeps a typed tip the contract refuses on its field, and sends one it takes as an amount', async () => {
    const { actor, send, settled, quoted, emitted } = start([], money, engine);
    send({ type: 'step.next' }, { type: 'step.next' }, { type: 'step.next' });
    await settled();
    send({ type: 'tip.other' }, { type: 'tip.type', value: '4.555' }, { type: 'tip.apply' });
    expect(actor.getSnapshot().context.errors).toEqual({ tip: 'Enter an amount from 0 to 1000000 with at most two decimals.' });
    expect(emitted.at(-1)).toEqual({ type: 'step.shown', step: 'review', field: 'tip.amount' });
    send({ type: 'tip.type', value: '$4.50' }, { type: 'tip.apply' });
    await settled();
    expect(quoted.at(-1)!.tip).toEqual({ amount: 4.5 });
    expect(actor.getSnapshot().context).toMatchObject({ errors: {}, quote: { tip: 4.5, total: 26.15 } });
  });

  it('shows a refused coupon on its field with the focus there, and does not send it again', async () => {
    const { actor, send, settled, sent, emitted } = start([async () => ({ kind: 'placed', order: placedOrder })], money, engine);
    send({ type: 'step.next' }, { type: 'step.next' }, { type: 'step.next' });
    await settled();
    send({ type: 'coupon.type', value: 'FREEPIZZA' }, { type: 'coupon.apply' });
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({
      errors: { coupon_code: UNKNOWN_COUPON },
      coupon: null,
      couponText: 'FREEPIZZA',
      quote: { discount: 0 },
    });
    expect(emitted.at(-1)).toEqual({ type: 'step.shown', step: 'review', field: 'coupon_code' });
    send({ type: 'step.next' });
    await settled();
    expect(sent[0]!.body).not.toHaveProperty('coupon_code');
  });

  it('comes back to the review with the new figures when the total changed, the focus on the sentence saying so', async () => {
    const raised = { ...quoteFor(orderBody(KEPT, lines)), total: 23.1 };
    const { actor, send, settled, sent, emitted } = start(
      [
        async () => ({ kind: 'price_changed', message: 'The total changed.', answer: { detail: 'The total changed.', code: 'price_changed', quote: raised } }),
        async () => ({ kind: 'price_changed', message: 'The total changed.', answer: { detail: 'The total changed.', code: 'price_changed' } }),
      ],
      money,
      engine,
    );
    send({ type: 'step.next' }, { type: 'step.next' }, { type: 'step.next' });
    await settled();
    send({ type: 'step.next' });
    await settled();
    expect(actor.getSnapshot().hasTag('priced')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ quote: { total: 23.1 }, changed: expect.stringContaining('The total changed') });
    expect(emitted.filter((event) => event.type === 'step.shown').at(-1)).toEqual({ type: 'step.shown', step: 'review', field: 'price-changed' });
    // Placed again: the new total, a new attempt. Its answer has no figures: the review asks for a quote again.
    send({ type: 'step.next' });
    await settled();
    expect(sent.map((call) => [call.key, (call.body as PlaceOrderBody).agreed_total])).toEqual([
      ['key-1', 21.65],
      ['key-2', 23.1],
    ]);
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ quote: { total: 21.65 }, changed: expect.stringContaining('The total changed') });
  });

  it('says when there is no quote, does not place without figures, and tries again; sends a refusal to its step', async () => {
    let answers = [() => Promise.reject(new Error('offline')), engine];
    const { actor, send, settled, sent } = start([], money, (body) => answers.shift()!(body));
    send({ type: 'step.next' }, { type: 'step.next' }, { type: 'step.next' });
    await settled();
    expect(actor.getSnapshot().hasTag('unpriced')).toBe(true);
    expect(actor.getSnapshot().context.alert).toBe('We could not work out your total just now. Please try again.');
    send({ type: 'step.next' });
    expect(sent).toEqual([]);
    send({ type: 'quote.retry' });
    await settled();
    expect(actor.getSnapshot().hasTag('priced')).toBe(true);
    expect(actor.getSnapshot().context.alert).toBeNull();

    answers = [
      async (body) => ({ kind: 'quoted', quote: { ...quoteFor(body), refusals: [{ field: 'scheduled_for', code: 'closed', detail: 'We are closed now.' }] } }),
    ];
    send({ type: 'tip.choose', tip: null });
    await settled();
    expect(actor.getSnapshot().hasTag('time')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      errors: { scheduled_for: 'We are closed now.' },
      alert: 'Please check the marked field before placing your order.',
    });
  });
});

describe('checkout machine: how the order is paid (issue 44)', () => {
  it('asks a store that takes cards for a card payment first, sends the choice, and says nothing of payment to a store that does not', async () => {
    const cards = start([async () => ({ kind: 'placed', order: placedOrder })], {
      store: { ...store, money: { ...TIPPING, payment_methods: ['card', 'in_person'] } },
    });
    toReview(cards.send);
    expect(cards.actor.getSnapshot().context.payment).toBe('card');
    cards.send({ type: 'payment.choose', method: 'in_person' });
    await cards.settled();
    cards.send({ type: 'step.next' });
    await cards.settled();
    expect((cards.sent[0]!.body as PlaceOrderBody).payment).toBe('in_person');
    const cardOnly = start([], { store: { ...store, money: { ...TIPPING, payment_methods: ['card'] } } });
    toReview(cardOnly.send);
    cardOnly.send({ type: 'payment.choose', method: 'in_person' });
    expect(cardOnly.actor.getSnapshot().context.payment).toBe('card');
    const inPerson = start([async () => ({ kind: 'placed', order: placedOrder })]);
    toReview(inPerson.send);
    await inPerson.settled();
    inPerson.send({ type: 'step.next' });
    await inPerson.settled();
    expect(inPerson.sent[0]!.body).not.toHaveProperty('payment');
  });
});
