/**
 * Checkout's money (issue 43): what the customer and the server see on the review's paths its
 * behaviour tests leave out (the tags the review's pricing is read from, the exact bodies quoted
 * and placed for each kind of store, tips not offered, a tip or coupon error cleared or kept, each
 * kind of refusal in a quote, the focus after a changed total). Written for the mutants Stryker
 * makes of the machine (npm run mutants:each -- checkout) that no earlier test noticed.
 */
import { assert } from 'superstruct';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { PlaceOrderBody, type PlacedOrder } from '#contracts/ordering';
import { checkoutMachine, type CheckoutInput, type KeptForm } from '#src/machines/ordering/checkout.machine';
import type { CheckoutStore } from '#src/machines/ordering/checkout-rules';
import type { Placement } from '#src/services/ordering/place-order';
import type { Quoting } from '#src/services/ordering/quote-order';
import { COLA, OPEN_NOW, storeData, TIPPING } from '#tests/fixtures/ordering/store-data';
import { quoteFor, UNKNOWN_COUPON } from '#tests/fixtures/ordering/order-quote';
import { requestsOf } from '../../support/contract-double';
import { memoryDetails } from '../../support/details-memory';
import { stateTags } from '../../support/state-tags';

const plain: CheckoutStore = storeData();
/** The store with tips as TIPPING offers them, but for `tips`. */
const withTips = (tips: Partial<typeof TIPPING.tips> = {}): CheckoutStore => ({ ...plain, money: { ...TIPPING, tips: { ...TIPPING.tips, ...tips } } });
const tipping = withTips();
const lines = [{ item_id: COLA, size_id: null, quantity: 8, extra_selection_ids: [] }];
const ADA = { name: 'Ada', phone: '312 555 0199', email: 'ada@example.com' };
/** A pickup as soon as possible, its contact details filled in: the review is three Continues away. */
const KEPT: KeptForm = {
  fulfilment: 'pickup',
  address: { street: '', city: '', zip_code: '', notes: '' },
  when: 'asap',
  customer: ADA,
  note: '',
  remember: false,
};
/** The form's own body, as every quote and placement of KEPT starts. */
const FORM_BODY = { fulfilment: 'pickup', lines, customer: ADA, scheduled_for: null };
const placedOrder = { id: 5, number: 12, token: 'tok_abcdefghijklmnopqrstuv' } as PlacedOrder;
const placed = async (): Promise<Placement> => ({ kind: 'placed', order: placedOrder });
const MOVED_BACK = 'Please check the marked field before placing your order.';
const TIP_ERROR = 'Enter an amount from 0 to 1000000 with at most two decimals.';

/** The server's engine answering every quote (tests/fixtures/ordering/order-quote.ts). */
const engine = async (body: PlaceOrderBody): Promise<Quoting> => ({ kind: 'quoted', quote: quoteFor(body) });
/** The engine's quote of the body with `refusals` of its own. */
const refusing =
  (...refusals: { field: string; code: string; detail: string }[]) =>
  async (body: PlaceOrderBody): Promise<Quoting> => ({ kind: 'quoted', quote: { ...quoteFor(body), refusals } });

/**
 * The real machine from KEPT at the review, the quotes answered by `quotes` (one answer each, the
 * last one again after), the placements by `placements`; with the slug and body of each call.
 */
async function atReview(
  store = tipping,
  quotes: ((body: PlaceOrderBody) => Promise<Quoting>)[] = [engine],
  placements: (() => Promise<Placement>)[] = [placed],
) {
  const quoted: { slug: string; body: PlaceOrderBody }[] = [];
  const sent: { slug: string; body: PlaceOrderBody }[] = [];
  const machine = checkoutMachine.provide({
    actors: {
      quoteOrder: fromPromise(async ({ input: call }) => {
        // The body the server validates: the contract's own check, as the server route runs it.
        assert(call.body, PlaceOrderBody);
        quoted.push(call);
        return quotes[Math.min(quoted.length, quotes.length) - 1]!(call.body);
      }),
      placeOrder: fromPromise(async ({ input: call }) => {
        assert(call.body, PlaceOrderBody);
        sent.push({ slug: call.slug, body: call.body });
        return placements[sent.length - 1]!();
      }),
    },
  });
  const input: CheckoutInput = { store, lines, subtotal: 2000, now: () => OPEN_NOW, newKey: () => 'key-1', details: memoryDetails(), kept: KEPT };
  const actor = createActor(machine, { input });
  const emitted: { type: string; [key: string]: unknown }[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const send = (...events: Parameters<typeof actor.send>[0][]) => events.forEach((event) => actor.send(event));
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  const snapshot = () => actor.getSnapshot();
  const shown = () => emitted.filter((event) => event.type === 'step.shown').at(-1);
  send({ type: 'step.next' }, { type: 'step.next' }, { type: 'step.next' });
  await settled();
  return { send, settled, snapshot, shown, emitted, quoted, sent };
}

describe('checkout: the review’s pricing as the view reads it', () => {
  it('tags the review while its total is worked out, once priced, and when there is none', () => {
    const tagsAt = stateTags(checkoutMachine, { store: tipping, lines, subtotal: 2000, now: () => OPEN_NOW, newKey: () => 'k', details: memoryDetails() });
    expect([tagsAt({ review: 'quoting' }), tagsAt({ review: 'priced' }), tagsAt({ review: 'unpriced' })]).toEqual([
      ['quoting', 'review'],
      ['priced', 'review'],
      ['review', 'unpriced'],
    ]);
  });

  it('asks the store’s quote route with a POST of the order body', async () => {
    const body: PlaceOrderBody = { ...(FORM_BODY as PlaceOrderBody), tip: { percent: 15 }, coupon_code: 'SAVE10' };
    expect(await requestsOf(checkoutMachine, 'quoteOrder', { slug: 'blue-door', body })).toEqual([
      { method: 'POST', path: '/api/v2/storefront/blue-door/quote/', body },
    ]);
  });
});

describe('checkout: the bodies quoted and placed', () => {
  it('quotes the form with no tip chosen yet, and no agreed total; places with the total shown', async () => {
    const review = await atReview();
    // The review opens with no tip chosen, the amount and coupon fields empty.
    expect(review.snapshot().context).toMatchObject({ tip: null, tipOther: false, tipText: '', couponText: '', coupon: null, quotes: true });
    expect(review.quoted).toEqual([{ slug: 'blue-door', body: { ...FORM_BODY, tip: null } }]);
    review.send({ type: 'tip.choose', tip: { percent: 15 } });
    await review.settled();
    // Asked again for the tip: still no agreed total, which only placing sends.
    expect(review.quoted.at(-1)).toEqual({ slug: 'blue-door', body: { ...FORM_BODY, tip: { percent: 15 } } });
    review.send({ type: 'tip.choose', tip: null });
    await review.settled();
    review.send({ type: 'step.next' });
    await review.settled();
    expect(review.sent).toEqual([{ slug: 'blue-door', body: { ...FORM_BODY, tip: null, agreed_total: 21.65 } }]);
  });

  it('does not move the focus when a quote comes back with nothing refused', async () => {
    const review = await atReview();
    const shownCount = () => review.emitted.filter((event) => event.type === 'step.shown').length;
    const before = shownCount();
    review.send({ type: 'tip.choose', tip: { percent: 10 } });
    await review.settled();
    expect(review.snapshot().hasTag('priced')).toBe(true);
    expect(shownCount()).toBe(before);
  });

  it('shows no figures once asking again failed, and none while asking again after a changed total without them', async () => {
    const review = await atReview(tipping, [engine, () => Promise.reject(new Error('offline'))]);
    review.send({ type: 'tip.choose', tip: { percent: 10 } });
    await review.settled();
    expect(review.snapshot().hasTag('unpriced')).toBe(true);
    expect(review.snapshot().context.quote).toBeNull();

    // The second quote answers only when the test says.
    let release = () => {};
    const pending = (body: PlaceOrderBody) =>
      new Promise<void>((resolve) => {
        release = resolve;
      }).then(() => engine(body));
    const changed = await atReview(
      tipping,
      [engine, pending],
      [async () => ({ kind: 'price_changed', message: 'The total changed.', answer: { detail: 'x' } })],
    );
    changed.send({ type: 'step.next' });
    await changed.settled();
    expect(changed.snapshot().hasTag('quoting')).toBe(true);
    expect(changed.snapshot().context.quote).toBeNull();
    release();
    await changed.settled();
    expect(changed.snapshot().context.quote).toMatchObject({ total: 21.65 });
  });

  it('sends no tip for a store that takes none, or one from before tips', async () => {
    const noTips = withTips({ enabled: false });
    for (const store of [noTips, plain]) {
      const review = await atReview(store);
      // Tips the store does not offer are not taken, whatever the page sends.
      review.send({ type: 'tip.choose', tip: { percent: 15 } }, { type: 'tip.other' });
      await review.settled();
      expect(review.snapshot().context).toMatchObject({ tip: null, tipOther: false });
      review.send({ type: 'step.next' });
      await review.settled();
      expect(review.quoted.map((call) => call.body)).toEqual([FORM_BODY]);
      expect(review.sent.map((call) => call.body)).toEqual([{ ...FORM_BODY, agreed_total: 21.65 }]);
    }
  });

  it('places without tip, coupon or agreed total where the server has no quote route, even at a store taking tips', async () => {
    const review = await atReview(tipping, [async () => ({ kind: 'unavailable' })]);
    expect(review.snapshot().hasTag('priced')).toBe(true);
    expect(review.snapshot().context).toMatchObject({ quote: null, quotes: false });
    review.send({ type: 'step.next' });
    await review.settled();
    expect(review.sent.map((call) => call.body)).toEqual([FORM_BODY]);
  });

  it('takes only the tips offered, and an amount typed only where the store allows one', async () => {
    const review = await atReview();
    review.send({ type: 'tip.choose', tip: { percent: 12 } });
    await review.settled();
    expect(review.quoted).toHaveLength(1);
    review.send({ type: 'tip.choose', tip: { percent: 20 } });
    await review.settled();
    expect(review.quoted.at(-1)!.body.tip).toEqual({ percent: 20 });

    const fixed = await atReview(withTips({ allow_custom: false }));
    fixed.send({ type: 'tip.other' });
    expect(fixed.snapshot().context.tipOther).toBe(false);
  });

  it('sends no coupon for a code of spaces only, and clears the coupon’s sentence when one is applied', async () => {
    const review = await atReview();
    review.send({ type: 'coupon.type', value: 'FREEPIZZA' }, { type: 'coupon.apply' });
    await review.settled();
    expect(review.snapshot().context.errors).toEqual({ coupon_code: UNKNOWN_COUPON });
    review.send({ type: 'coupon.type', value: '   ' });
    expect(review.snapshot().context.errors).toEqual({});
    review.send({ type: 'coupon.apply' });
    await review.settled();
    expect(review.quoted.at(-1)!.body).toEqual({ ...FORM_BODY, tip: null });
    expect(review.snapshot().context.errors).toEqual({});
  });
});

describe('checkout: a tip’s and a coupon’s sentences', () => {
  it('clears a typed tip’s sentence when the amount is typed again or a percent is chosen, and keeps the coupon’s', async () => {
    const review = await atReview();
    review.send({ type: 'coupon.type', value: 'FREEPIZZA' }, { type: 'coupon.apply' });
    await review.settled();
    review.send({ type: 'tip.other' }, { type: 'tip.type', value: 'lots' }, { type: 'tip.apply' });
    expect(review.snapshot().context).toMatchObject({ tipOther: true, errors: { coupon_code: UNKNOWN_COUPON, tip: TIP_ERROR } });
    review.send({ type: 'tip.type', value: '5' });
    expect(review.snapshot().context.errors).toEqual({ coupon_code: UNKNOWN_COUPON });
    review.send({ type: 'tip.apply' }, { type: 'tip.type', value: 'x' }, { type: 'tip.apply' });
    expect(review.snapshot().context.errors).toEqual({ coupon_code: UNKNOWN_COUPON, tip: TIP_ERROR });
    // A percent chosen: the amount field closes, its sentence goes, the coupon's stays.
    review.send({ type: 'tip.choose', tip: { percent: 10 } });
    expect(review.snapshot().context).toMatchObject({ tip: { percent: 10 }, tipOther: false, errors: { coupon_code: UNKNOWN_COUPON } });
    expect(review.snapshot().context.errors).not.toHaveProperty('tip');
  });

  it('takes a refused coupon’s sentence away while the same code is asked about again', async () => {
    const review = await atReview();
    review.send({ type: 'coupon.type', value: 'FREEPIZZA' }, { type: 'coupon.apply' });
    await review.settled();
    review.send({ type: 'coupon.apply' });
    expect(review.snapshot().hasTag('quoting')).toBe(true);
    expect(review.snapshot().context.errors).toEqual({});
    await review.settled();
    expect(review.snapshot().context.errors).toEqual({ coupon_code: UNKNOWN_COUPON });
  });

  it('keeps a typed tip’s sentence when a coupon is typed', async () => {
    const review = await atReview();
    review.send({ type: 'tip.other' }, { type: 'tip.type', value: 'lots' }, { type: 'tip.apply' }, { type: 'coupon.type', value: 'SAVE10' });
    expect(review.snapshot().context.errors).toEqual({ tip: TIP_ERROR });
    review.send({ type: 'coupon.apply' });
    expect(review.snapshot().context.errors).toEqual({ tip: TIP_ERROR });
  });
});

describe('checkout: a quote’s refusals', () => {
  it('keeps the review for a dish gone, saying each sentence, with the figures to place', async () => {
    const review = await atReview(tipping, [
      refusing(
        { field: 'lines.0.item_id', code: 'item_unavailable', detail: 'Cola is sold out.' },
        { field: 'lines.0.size_id', code: 'size_unavailable', detail: 'That size is gone.' },
      ),
    ]);
    expect(review.snapshot().hasTag('priced')).toBe(true);
    expect(review.snapshot().context.alert).toBe('Cola is sold out. That size is gone.');
    expect(review.shown()).toEqual({ type: 'step.shown', step: 'review', field: 'lines.0.item_id' });
  });

  it('says nothing in the alert for the delivery minimum, said under Place order already, nor for a refused coupon', async () => {
    const review = await atReview(tipping, [
      refusing(
        { field: 'lines', code: 'below_minimum', detail: 'Delivery needs a minimum order of $15.00: add $5.00 more to place it.' },
        { field: 'coupon_code', code: 'coupon_unknown', detail: UNKNOWN_COUPON },
      ),
    ]);
    expect(review.snapshot().hasTag('priced')).toBe(true);
    expect(review.snapshot().context.alert).toBeNull();
    expect(review.snapshot().context.errors.coupon_code).toBe(UNKNOWN_COUPON);
  });

  it('keeps a refused tip on the review, on its field, with nothing said in the alert', async () => {
    const review = await atReview(tipping, [refusing({ field: 'tip', code: 'tip_too_high', detail: 'That tip is more than we take.' })]);
    expect(review.snapshot().hasTag('priced')).toBe(true);
    expect(review.snapshot().context).toMatchObject({ errors: { tip: 'That tip is more than we take.' }, alert: null });
    expect(review.shown()).toEqual({ type: 'step.shown', step: 'review', field: 'tip' });
  });

  it('sends a refused field to its step, the first sentence for each field, with the alert saying why', async () => {
    const review = await atReview(tipping, [
      refusing(
        { field: 'customer.phone', code: 'phone', detail: 'We cannot call this number.' },
        { field: 'customer.phone', code: 'phone', detail: 'A second sentence.' },
      ),
    ]);
    expect(review.snapshot().hasTag('contact')).toBe(true);
    expect(review.snapshot().context).toMatchObject({ errors: { 'customer.phone': 'We cannot call this number.' }, alert: MOVED_BACK });
    expect(review.shown()).toEqual({ type: 'step.shown', step: 'contact', field: 'customer.phone' });
  });

  it('shows the server’s sentence when it refuses the body itself, without figures, or on the step of a field it names', async () => {
    const review = await atReview(tipping, [async () => ({ kind: 'refused', message: 'We are closed today.', fields: {} })]);
    expect(review.snapshot().hasTag('unpriced')).toBe(true);
    // The review is shown again with the sentence: the focus moves to it (the review's entry, then the refusal).
    expect(review.emitted.filter((event) => event.type === 'step.shown').slice(-2)).toEqual([
      { type: 'step.shown', step: 'review', field: null },
      { type: 'step.shown', step: 'review', field: null },
    ]);
    expect(review.snapshot().context).toMatchObject({ quote: null, alert: 'We are closed today.' });
    expect(review.shown()).toEqual({ type: 'step.shown', step: 'review', field: null });
    review.send({ type: 'step.next' });
    expect(review.sent).toEqual([]);

    const phone = await atReview(tipping, [
      async () => ({ kind: 'refused', message: 'Some fields are not valid.', fields: { 'customer.phone': 'Bad phone.' } }),
    ]);
    expect(phone.snapshot().hasTag('contact')).toBe(true);
    expect(phone.snapshot().context).toMatchObject({ errors: { 'customer.phone': 'Bad phone.' }, alert: 'Some fields are not valid.' });
  });
});

describe('checkout: a changed total', () => {
  const raised = { ...quoteFor({ ...(FORM_BODY as PlaceOrderBody), tip: null }), total: 23.1 };
  const changed = async (): Promise<Placement> => ({
    kind: 'price_changed',
    message: 'The total changed.',
    answer: { detail: 'The total changed.', code: 'price_changed', quote: raised },
  });

  it('forgets the changed total’s sentence on placing again, so the review shown after a lost placement focuses its heading', async () => {
    const review = await atReview(tipping, [engine], [changed, () => Promise.reject(new Error('offline'))]);
    review.send({ type: 'step.next' });
    await review.settled();
    expect(review.shown()).toEqual({ type: 'step.shown', step: 'review', field: 'price-changed' });
    review.send({ type: 'step.next' });
    await review.settled();
    expect(review.snapshot().hasTag('failed')).toBe(true);
    expect(review.snapshot().context.changed).toBeNull();
    review.send({ type: 'step.back' });
    expect(review.shown()).toEqual({ type: 'step.shown', step: 'review', field: null });
  });

  it('forgets the changed total’s sentence on Back', async () => {
    const review = await atReview(tipping, [engine], [changed]);
    review.send({ type: 'step.next' });
    await review.settled();
    review.send({ type: 'step.back' });
    expect(review.snapshot().hasTag('contact')).toBe(true);
    expect(review.snapshot().context).toMatchObject({ changed: null, alert: null });
    review.send({ type: 'step.next' });
    expect(review.shown()).toEqual({ type: 'step.shown', step: 'review', field: null });
  });
});
