/**
 * Checkout: what the customer and the server see on the paths its behaviour tests leave out (each
 * step's heading or first field in error taking the focus, each sentence of the zip check and of
 * a lost placement, Back from every step, refusals of each step's fields, the way and time a
 * checkout starts with, the body and request sent). Written for the mutants Stryker makes of the
 * machine (npm run mutants:each -- checkout) that no earlier test noticed.
 */
import { createActor, fromPromise } from 'xstate';
import type { Quoting } from '#src/services/ordering/quote-order';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type PlacedOrder, type PlaceOrderBody } from '#contracts/ordering';
import { orderSlots } from '#contracts/shared/order-slots';
import { checkoutFigures, checkoutMachine, type CheckoutInput, type KeptForm, type TextField, type ZipAnswer } from '#src/machines/ordering/checkout.machine';
import { scheduleOf } from '#src/machines/ordering/checkout-rules';
import type { Placement } from '#src/services/ordering/place-order';
import { COLA, OPEN_NOW, storeData } from '#tests/fixtures/ordering/store-data';
import { requestsOf } from '../../support/contract-double';
import { memoryDetails } from '../../support/details-memory';
import { stateTags } from '../../support/state-tags';

const store = storeData();
const pickupOnly = storeData({ delivery: { ...store.delivery, available: false } });
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
const placedOrder = { id: 5, number: 12, token: 'tok_abcdefghijklmnopqrstuv' } as PlacedOrder;
const check = (delivers: boolean, fee = 3) => ({ zip: '60606', delivers, fee, min_order: 15, free_over: 40, eta_from: 30, eta_to: 45 });
const refused = (fields: Record<string, string>): Placement => ({ kind: 'refused', message: 'Some fields are not valid.', fields });
const LOST = 'We could not reach the restaurant. Your order is not placed yet: please try again.';
const ZIP_FAILED = 'We could not check your zip just now. Please try again.';

type Answer<T> = () => Promise<T>;

/**
 * The real machine, the zip check and the placement answered in turn by the test, with what each
 * was sent. The review's quote (issue 43) answers as a server without the quote route does, so the
 * review shows the cart's own figures: these tests pin the steps, not the money.
 */
function start(answers: { zips?: Answer<ZipAnswer>[]; placements?: Answer<Placement>[] }, overrides: Partial<CheckoutInput> = {}) {
  const zipsAsked: { slug: string; zip: string }[] = [];
  const bodies: PlaceOrderBody[] = [];
  const machine = checkoutMachine.provide({
    actors: {
      checkZip: fromPromise<ZipAnswer, { slug: string; zip: string }>(({ input: asked }) => {
        zipsAsked.push(asked);
        return answers.zips![zipsAsked.length - 1]!();
      }),
      placeOrder: fromPromise(({ input: call }) => {
        bodies.push(call.body);
        return answers.placements![bodies.length - 1]!();
      }),
      quoteOrder: fromPromise<Quoting, { slug: string; body: PlaceOrderBody }>(async () => ({ kind: 'unavailable' })),
    },
  });
  const actor = createActor(machine, { input: input(overrides) });
  const emitted: { type: string; [key: string]: unknown }[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  type Sent = Parameters<typeof actor.send>[0];
  const send = (...events: Sent[]) => events.forEach((event) => actor.send(event));
  const type = (field: TextField, value: string) => send({ type: 'field.change', field, value });
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  const snapshot = () => actor.getSnapshot();
  const shown = () => emitted.filter((event) => event.type === 'step.shown').at(-1);
  return { actor, emitted, send, type, settled, snapshot, shown, zipsAsked, bodies };
}
type Checkout = ReturnType<typeof start>;

const fillContact = (checkout: Checkout) => {
  checkout.type('customer.name', 'Ada');
  checkout.type('customer.phone', '312 555 0199');
  checkout.type('customer.email', 'ada@example.com');
};
const fillAddress = (checkout: Checkout, zip = '60606') => {
  checkout.type('address.street', '1 Main St');
  checkout.type('address.city', 'Chicago');
  checkout.type('address.zip_code', zip);
};
describe('checkout: each step as it shows', () => {
  it('focuses each step’s heading, or its first field in error, with the step’s own sentences; Back goes step by step and closes', async () => {
    const checkout = start({ placements: [() => Promise.reject(new Error('offline'))] });
    const { send, snapshot, shown, emitted } = checkout;
    expect(shown()).toEqual({ type: 'step.shown', step: 'fulfilment', field: null });
    expect(snapshot().context).toMatchObject({ fulfilment: null, customer: { name: '', phone: '', email: '' }, remember: false, remembered: false });

    send({ type: 'step.next' });
    expect(snapshot().context.errors).toEqual({ fulfilment: 'Choose pickup or delivery.' });
    expect(shown()).toEqual({ type: 'step.shown', step: 'fulfilment', field: 'fulfilment' });

    send({ type: 'fulfilment.choose', fulfilment: 'pickup' }, { type: 'step.next' });
    // Nothing chosen yet is nothing to complain about: the time step opens without a sentence.
    expect(snapshot().context.errors).toEqual({});
    expect(shown()).toEqual({ type: 'step.shown', step: 'time', field: null });
    send({ type: 'step.next' });
    expect(snapshot().context.errors).toEqual({ scheduled_for: 'Choose as soon as possible or a time.' });
    expect(shown()).toEqual({ type: 'step.shown', step: 'time', field: 'scheduled_for' });
    send({ type: 'time.choose', when: '2026-11-26T03:00:00.000Z' }, { type: 'step.next' });
    expect(snapshot().context.errors).toEqual({ scheduled_for: 'That time is no longer available. Please choose another.' });

    send({ type: 'time.choose', when: 'asap' }, { type: 'step.next' });
    expect(shown()).toEqual({ type: 'step.shown', step: 'contact', field: null });
    checkout.type('customer.name', '   ');
    send({ type: 'step.next' });
    expect(snapshot().context.errors).toMatchObject({ 'customer.name': ORDER_MESSAGES.name });
    expect(Object.keys(snapshot().context.errors)).toEqual(['customer.name', 'customer.phone', 'customer.email']);
    expect(shown()).toEqual({ type: 'step.shown', step: 'contact', field: 'customer.name' });

    fillContact(checkout);
    send({ type: 'step.next' });
    expect(shown()).toEqual({ type: 'step.shown', step: 'review', field: null });
    // Place order once the review's quote is answered (issue 43).
    await checkout.settled();
    send({ type: 'step.next' });
    expect(shown()).toEqual({ type: 'step.shown', step: 'placing', field: null });
    expect(snapshot().hasTag('busy')).toBe(true);
    await checkout.settled();
    expect(snapshot().hasTag('failed')).toBe(true);
    expect(snapshot().context.alert).toBe(LOST);
    expect(shown()).toEqual({ type: 'step.shown', step: 'failed', field: null });

    const backTo = (tag: string) => {
      send({ type: 'step.back' });
      expect(snapshot().hasTag(tag)).toBe(true);
      expect(shown()).toEqual({ type: 'step.shown', step: tag, field: null });
    };
    backTo('review');
    expect(snapshot().context.alert).toBeNull();
    backTo('contact');
    backTo('time');
    backTo('fulfilment');
    send({ type: 'step.back' });
    expect(emitted.at(-1)).toEqual({ type: 'checkout.closed' });
    expect(snapshot().status).toBe('done');
  });

  it('tells the view which step is busy placing, and that the order is placed', () => {
    const tagsAt = stateTags(checkoutMachine, input());
    expect([tagsAt('placing'), tagsAt('placed')]).toEqual([['busy', 'placing'], ['placed']]);
  });
});

describe('checkout: the address and the zip check', () => {
  it('clears only the sentence of the field typed in, and checks the delivery notes’ length', () => {
    const checkout = start({});
    checkout.send({ type: 'fulfilment.choose', fulfilment: 'delivery' }, { type: 'step.next' });
    expect(checkout.shown()).toEqual({ type: 'step.shown', step: 'address', field: null });
    checkout.send({ type: 'step.next' });
    expect(checkout.shown()).toEqual({ type: 'step.shown', step: 'address', field: 'address.street' });
    checkout.type('address.street', '1 Main St');
    expect(Object.keys(checkout.snapshot().context.errors)).toEqual(['address.city', 'address.zip_code']);
    fillAddress(checkout);
    checkout.type('address.notes', 'x'.repeat(201));
    checkout.send({ type: 'step.next' });
    expect(checkout.snapshot().context.errors).toEqual({ 'address.notes': 'Delivery notes must be at most 200 characters.' });
    expect(checkout.zipsAsked).toEqual([]);
  });

  it('says what each answer of the zip check means, on the zip or above the form, and takes the terms of the one that delivers', async () => {
    const checkout = start({
      zips: [
        async () => ({ kind: 'failed' }),
        () => Promise.reject(new Error('offline')),
        async () => ({ kind: 'refused', message: 'Please enter a zip we know.' }),
        async () => ({ kind: 'checked', check: check(false) }),
        async () => ({ kind: 'checked', check: check(true, 4.5) }),
      ],
    });
    const { send, snapshot, shown, settled } = checkout;
    send({ type: 'fulfilment.choose', fulfilment: 'delivery' }, { type: 'step.next' });
    fillAddress(checkout, ' 60606 ');
    const shownCount = () => checkout.emitted.filter((event) => event.type === 'step.shown').length;
    // Each answer shows a step once more (the address again, or the time), so the focus moves.
    const answered = async () => {
      send({ type: 'step.next' });
      // While the zip is checked the address step stays on screen, busy, its alert gone.
      expect([snapshot().hasTag('address'), snapshot().hasTag('busy'), snapshot().context.alert]).toEqual([true, true, null]);
      const before = shownCount();
      await settled();
      expect(shownCount()).toBe(before + 1);
      return snapshot();
    };

    let now = await answered();
    expect([now.hasTag('address'), now.hasTag('busy'), now.context.alert]).toEqual([true, false, ZIP_FAILED]);
    expect(shown()).toEqual({ type: 'step.shown', step: 'address', field: null });
    now = await answered();
    expect([now.hasTag('address'), now.context.alert]).toEqual([true, ZIP_FAILED]);
    expect(shown()).toEqual({ type: 'step.shown', step: 'address', field: null });
    now = await answered();
    expect(now.context.errors).toEqual({ 'address.zip_code': 'Please enter a zip we know.' });
    expect(shown()).toEqual({ type: 'step.shown', step: 'address', field: 'address.zip_code' });
    now = await answered();
    expect(now.context.errors).toEqual({ 'address.zip_code': 'Sorry, we don\u2019t deliver to 60606 yet.' });
    expect(shown()).toEqual({ type: 'step.shown', step: 'address', field: 'address.zip_code' });
    now = await answered();
    expect(now.hasTag('time')).toBe(true);
    expect(now.context.errors).toEqual({});
    expect(checkoutFigures(now.context)).toMatchObject({ fee: 450, total: 2450 });
    expect(checkout.zipsAsked).toEqual(Array.from({ length: 5 }, () => ({ slug: 'blue-door', zip: '60606' })));
  });
});

describe('checkout: refusals and Back', () => {
  /** Delivery, as soon as possible, contact filled: placed once, refused with `fields`. */
  async function refusedWith(fields: Record<string, string>, fulfilment: 'pickup' | 'delivery' = 'delivery') {
    const checkout = start({
      zips: [async () => ({ kind: 'checked', check: check(true) }), async () => ({ kind: 'checked', check: check(true) })],
      placements: [async () => refused(fields)],
    });
    checkout.send({ type: 'fulfilment.choose', fulfilment }, { type: 'step.next' });
    if (fulfilment === 'delivery') {
      fillAddress(checkout);
      checkout.send({ type: 'step.next' });
      await checkout.settled();
    }
    checkout.send({ type: 'time.choose', when: 'asap' }, { type: 'step.next' });
    fillContact(checkout);
    // To the review, whose quote is answered before Place order (issue 43).
    checkout.send({ type: 'step.next' });
    await checkout.settled();
    checkout.send({ type: 'step.next' });
    await checkout.settled();
    expect(checkout.snapshot().context).toMatchObject({ errors: fields, alert: 'Some fields are not valid.' });
    return checkout;
  }
  const back = (checkout: Checkout, tag: string) => {
    checkout.send({ type: 'step.back' });
    expect(checkout.snapshot().hasTag(tag)).toBe(true);
    expect(checkout.snapshot().context.alert).toBeNull();
  };

  it('returns to the way of ordering, the address, the time or the contact step, the one owning the refused field', async () => {
    expect((await refusedWith({ fulfilment: 'Delivery is not offered now.' })).snapshot().hasTag('fulfilment')).toBe(true);
    const address = await refusedWith({ 'address.zip_code': 'We do not deliver there.' });
    expect(address.snapshot().hasTag('address')).toBe(true);
    expect(address.shown()).toEqual({ type: 'step.shown', step: 'address', field: 'address.zip_code' });
    back(address, 'fulfilment');
    const time = await refusedWith({ scheduled_for: 'Too soon.' });
    expect(time.shown()).toEqual({ type: 'step.shown', step: 'time', field: 'scheduled_for' });
    back(time, 'address');
    const pickupTime = await refusedWith({ scheduled_for: 'Too soon.' }, 'pickup');
    back(pickupTime, 'fulfilment');
    const note = await refusedWith({ note: 'At most 500 characters.' }, 'pickup');
    expect(note.shown()).toEqual({ type: 'step.shown', step: 'contact', field: 'note' });
    back(note, 'time');
  });

  it('keeps the review for a refused line, with the focus on it, and Back from there clears the sentence', async () => {
    const line = await refusedWith({ 'lines.0.item_id': 'This dish is not on the menu any more.' }, 'pickup');
    expect(line.snapshot().hasTag('review')).toBe(true);
    expect(line.shown()).toEqual({ type: 'step.shown', step: 'review', field: 'lines.0.item_id' });
    back(line, 'contact');
  });

  it('on a refusal naming two steps, focuses the earlier one’s field and keeps the later one’s sentence for its step', async () => {
    const checkout = await refusedWith({ 'customer.phone': 'We cannot call this number.', scheduled_for: 'Too soon.' }, 'pickup');
    expect(checkout.snapshot().hasTag('time')).toBe(true);
    expect(checkout.shown()).toEqual({ type: 'step.shown', step: 'time', field: 'scheduled_for' });
    checkout.send({ type: 'time.choose', when: 'asap' }, { type: 'step.next' });
    expect(checkout.snapshot().context.errors).toEqual({ 'customer.phone': 'We cannot call this number.' });
    expect(checkout.shown()).toEqual({ type: 'step.shown', step: 'contact', field: 'customer.phone' });
  });
});

describe('checkout: where it starts, and what it sends', () => {
  it('starts with pickup where it is the only way offered, and never takes delivery there, even from a kept form', () => {
    const kept: KeptForm = {
      fulfilment: 'delivery',
      address: { street: '', city: '', zip_code: '', notes: '' },
      when: 'asap',
      customer: { name: '', phone: '', email: '' },
      note: '',
      remember: false,
    };
    for (const checkout of [start({}, { store: pickupOnly }), start({}, { store: pickupOnly, kept })]) {
      expect(checkout.snapshot().context).toMatchObject({ fulfilment: 'pickup', when: null });
      checkout.send({ type: 'fulfilment.choose', fulfilment: 'delivery' });
      expect(checkout.snapshot().context.fulfilment).toBe('pickup');
    }
  });

  it('keeps the time chosen when the same way is chosen again, and drops it for the other way', () => {
    const checkout = start({});
    checkout.send({ type: 'fulfilment.choose', fulfilment: 'pickup' }, { type: 'step.next' }, { type: 'time.choose', when: 'asap' }, { type: 'step.back' });
    checkout.send({ type: 'fulfilment.choose', fulfilment: 'pickup' });
    expect(checkout.snapshot().context.when).toBe('asap');
    checkout.send({ type: 'fulfilment.choose', fulfilment: 'delivery' });
    expect(checkout.snapshot().context.when).toBeNull();
  });

  it('sends no delivery notes or note that are only spaces', async () => {
    const checkout = start({
      zips: [async () => ({ kind: 'checked', check: check(true) })],
      placements: [async () => ({ kind: 'placed', order: placedOrder })],
    });
    checkout.send({ type: 'fulfilment.choose', fulfilment: 'delivery' }, { type: 'step.next' });
    fillAddress(checkout);
    checkout.type('address.notes', '   ');
    checkout.send({ type: 'step.next' });
    await checkout.settled();
    checkout.send({ type: 'time.choose', when: 'asap' }, { type: 'step.next' });
    fillContact(checkout);
    checkout.type('note', '   ');
    // To the review, whose quote is answered before Place order (issue 43).
    checkout.send({ type: 'step.next' });
    await checkout.settled();
    checkout.send({ type: 'step.next' });
    await checkout.settled();
    expect(checkout.bodies).toEqual([
      {
        fulfilment: 'delivery',
        lines,
        customer: { name: 'Ada', phone: '312 555 0199', email: 'ada@example.com' },
        address: { street: '1 Main St', city: 'Chicago', zip_code: '60606' },
        scheduled_for: null,
      },
    ]);
    expect(checkout.snapshot().hasTag('placed')).toBe(true);
  });

  it('places the order with a POST to the store’s orders, the body as built', async () => {
    const firstSlot = orderSlots(scheduleOf(store), OPEN_NOW, store.pickup.eta_from)[0]!.slots[0]!;
    const body: PlaceOrderBody = {
      fulfilment: 'pickup',
      lines,
      customer: { name: 'Ada', phone: '312 555 0199', email: 'ada@example.com' },
      scheduled_for: firstSlot,
    };
    expect(await requestsOf(checkoutMachine, 'placeOrder', { slug: 'blue-door', body, key: 'key-1' })).toEqual([
      { method: 'POST', path: '/api/v2/storefront/blue-door/orders/', body },
    ]);
  });
});
