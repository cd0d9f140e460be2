import { assign, emit, fromPromise, setup } from 'xstate';
import {
  OrderAddress,
  OrderCustomer,
  type Fulfilment,
  type OrderLineInput,
  type OrderQuote,
  type PlacedOrder,
  type PlaceOrderBody,
  type TipInput,
} from '../../../contracts/ordering';
import type { SlotDay } from '../../../contracts/shared/order-slots';
import { clockOf, formatDayTime, type Clock } from '../../../contracts/shared/clock-format';
import { orderFigures, termsOf, type DeliveryTermsData, type OrderFigures, type Terms } from '../../../contracts/ordering/order-terms';
import { ASAP_FULL, asapLabel, pausedSentence, type Availability, type StoreSlots } from '../../../contracts/ordering/availability';
import { placeOrder, type Placement } from '../../services/ordering/place-order';
import { readStoreSlots } from '../../services/ordering/store-slots';
import { changedQuote, quoteOrder, type Quoting } from '../../services/ordering/quote-order';
import type { DetailsMemory, RememberedDetails } from '../../services/ordering/contact-store';
import {
  contractErrors,
  firstStepOf,
  pauseNoteAt,
  offeredFulfilments,
  orderBody,
  paymentMethodsOf,
  timesFor,
  stepOf,
  type CheckoutStore,
  type FieldErrors,
  type OrderForm,
  type Step,
} from './checkout-rules';
import { refusalFields, typedTip } from './checkout-money';
import type { PaymentMethod } from '../../../contracts/shared/payment-methods';

/**
 * Checkout on the store page (issue 30), one state per step: fulfilment → address (delivery only,
 * its zip checked before going on) → time → contact → review → payment → placing → placed. Back
 * works at every step. `payment` passes straight through for now ("Pay at pickup" / "Pay on
 * delivery"); a payment provider becomes a step there. Each attempt to place gets one
 * `Idempotency-Key`, made on leaving the review and sent again by every retry of that attempt, so
 * a retry after a lost answer never places a second order. A refusal naming fields returns to the
 * earliest step owning one, with the server's sentence on it.
 *
 * Effects come in as named actors (`checkZip` is handed over by the store page's composition root,
 * since the delivery check belongs to the storefront area; `placeOrder`) and go out as emitted
 * events: `step.shown` (focus its heading, or the field in error), `checkout.closed`, `order.placed`.
 *
 * What the customer typed outlives one checkout (issue 42, item 5): the page hands the form of a
 * closed checkout (`formToKeep`) to the next one as `kept`, which starts from the cart's new lines
 * with it; a time no longer offered is cleared, saying so, when the time step shows. With "Remember
 * my details on this device" ticked, the contact details (and a delivery's address) are kept in
 * the browser through `details` when the order is placed, and fill the next visit's checkout.
 *
 * Money (issue 43): the review is priced by the server. Entering it, and after each change of the
 * tip or the coupon, it asks the quote service (`quoteOrder`) and shows the quote; a refusal in the
 * quote goes to its step's field as a placement's does (the coupon's and the tip's stay on the
 * review). Placing sends `agreed_total`, the total shown; 409 `price_changed` comes back to the
 * review with the new figures and a sentence that takes the focus. No quote (no answer, a server
 * failure): the review says so, offers to try again, and does not place. A server without the
 * quote route (404): the cart's own figures, and the order placed without tip, coupon or agreed total.
 */

/** The storefront's delivery check, as far as the checkout reads it. */
type DeliveryCheck = DeliveryTermsData & { delivers: boolean };
export type ZipAnswer = { kind: 'checked'; check: DeliveryCheck } | { kind: 'refused'; message: string } | { kind: 'failed' };

export type CheckoutInput = {
  store: CheckoutStore;
  lines: OrderLineInput[];
  /** The charged lines' subtotal, in cents. */
  subtotal: number;
  /** The page's clock: "open now" and the slots are read from it. */
  now: () => Date;
  /** A fresh idempotency key (crypto.randomUUID in the page). */
  newKey: () => string;
  /** The contact details kept on this device, if the customer asked for it. */
  details: DetailsMemory;
  /** The form of this page visit's last checkout, closed before it was placed. */
  kept?: KeptForm | null;
};

/** What a closed checkout hands the next one: the form and the "remember my details" choice. */
export type KeptForm = OrderForm & { remember: boolean };

type Context = CheckoutInput &
  OrderForm & {
    terms: Terms;
    /** As soon as possible can be asked for (open, not paused, a slot with room). */
    openNow: boolean;
    /** Issue 45: the kitchen's pause as the customer reads it, at the checkout's clock; null when taking orders. */
    pauseNote: string | null;
    /** When as soon as possible would be ready, or why it cannot be asked for, as the time step says it. */
    asapNote: string | null;
    slots: SlotDay[];
    /** The kitchen's pace and what each slot holds (issue 45), read on the time step; null before. */
    kitchen: StoreSlots | null;
    errors: FieldErrors;
    alert: string | null;
    key: string | null;
    order: PlacedOrder | null;
    /** "Remember my details on this device" is ticked. */
    remember: boolean;
    /** Details are kept on this device (so they can be forgotten). */
    remembered: boolean;
    /** What the contact step says about the kept details (after Forget). */
    notice: string | null;
    /** The tip sent (a percent offered, a typed amount, or none), and whether "Other amount" is chosen, with what is typed there. */
    tip: TipInput | null;
    tipOther: boolean;
    tipText: string;
    /** The coupon code as typed, and the one sent (applied and not refused by the last quote). */
    couponText: string;
    coupon: string | null;
    /** The server's last quote of this order; null before it comes, or when there is none. */
    quote: OrderQuote | null;
    /** False once the server answered that it has no quote route: the cart's figures are shown. */
    quotes: boolean;
    /** Why the review shows again after Place order: the total changed meanwhile. */
    changed: string | null;
    /** How the customer pays (issue 44): the store's first way (card where it takes cards) until they choose. */
    payment: PaymentMethod;
  };

export type TextField =
  | 'address.street'
  | 'address.city'
  | 'address.zip_code'
  | 'address.notes'
  | 'customer.name'
  | 'customer.phone'
  | 'customer.email'
  | 'note';

type Events =
  | { type: 'fulfilment.choose'; fulfilment: Fulfilment }
  | { type: 'field.change'; field: TextField; value: string }
  | { type: 'time.choose'; when: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'order.retry' }
  | { type: 'details.remember'; remember: boolean }
  | { type: 'details.forget' }
  | { type: 'tip.choose'; tip: { percent: number } | null }
  | { type: 'tip.other' }
  | { type: 'tip.type'; value: string }
  | { type: 'tip.apply' }
  | { type: 'coupon.type'; value: string }
  | { type: 'coupon.apply' }
  | { type: 'quote.retry' }
  | { type: 'payment.choose'; method: PaymentMethod };

type Emitted =
  | { type: 'step.shown'; step: Step | 'placing' | 'failed'; field: string | null }
  | { type: 'checkout.closed' }
  | { type: 'order.placed'; order: PlacedOrder };

const ZIP_FAILED = 'We could not check your zip just now. Please try again.';
const NO_DELIVERY = (zip: string) => `Sorry, we don\u2019t deliver to ${zip} yet.`;
const SLOT_GONE = (when: string) => `${when} is no longer offered. Please choose another time.`;
const FORGOTTEN = 'Your details are no longer kept on this device.';
const QUOTE_FAILED = 'We could not work out your total just now. Please try again.';
const MOVED_BACK = 'Please check the marked field before placing your order.';
const PRICE_CHANGED = 'The total changed since you reviewed it. Please check the new figures and place your order again.';
/** The review's own fields: a quote's refusal of them is shown there, on the field. */
const REVIEW_FIELDS = ['coupon_code', 'tip', 'payment'];
const BLANK_ADDRESS: OrderForm['address'] = { street: '', city: '', zip_code: '', notes: '' };

/** The output of an invoked actor's done event (the machine's event union does not name those events). */
const outputOf = <T>(event: unknown): T | undefined => (event as { output?: T }).output;

function setField(context: Context, field: TextField, value: string): Partial<Context> {
  const [group, name] = field.split('.') as [string, string | undefined];
  const errors = { ...context.errors };
  delete errors[field];
  if (group === 'note') return { note: value, errors };
  if (group === 'address') return { address: { ...context.address, [name!]: value }, errors };
  return { customer: { ...context.customer, [name!]: value }, errors };
}

const addressErrors = (context: Context) => contractErrors(OrderAddress, { ...context.address, notes: context.address.notes || undefined }, 'address');
const customerErrors = (context: Context) => contractErrors(OrderCustomer, context.customer, 'customer');

function timeError(context: Context): string | null {
  if (context.when === null) return 'Choose as soon as possible or a time.';
  if (context.when === 'asap') {
    if (context.openNow) return null;
    // Paused or fully booked: the time step's sentence says why; closed: as ever.
    return context.asapNote === null || context.asapNote === CLOSED_NOW ? 'We are closed now: please choose a time.' : context.asapNote;
  }
  return context.slots.some((day) => day.slots.includes(context.when!)) ? null : 'That time is no longer available. Please choose another.';
}

/**
 * The body the quote prices and the placement sends: the form with how it is paid where the store
 * takes cards, and (where the server quotes) the tip when the store takes tips, the applied
 * coupon, and `agreed_total`, the quote's total shown.
 */
function moneyBody(context: Context, agreed: boolean): PlaceOrderBody {
  const body = {
    ...orderBody(context, context.lines),
    // Said only to a store that takes cards: a body for any other is as the specification writes it.
    ...(paymentMethodsOf(context.store).includes('card') ? { payment: context.payment } : {}),
  };
  if (!context.quotes) return body;
  return {
    ...body,
    ...(context.store.money?.tips.enabled ? { tip: context.tip } : {}),
    ...(context.coupon !== null ? { coupon_code: context.coupon } : {}),
    ...(agreed && context.quote ? { agreed_total: context.quote.total } : {}),
  };
}

type Refusal = { message: string | null; fields: FieldErrors };
type Answer = Placement | Quoting;

/** What a placement or a quote refuses, keyed by field; null when it refuses nothing. */
function refusalOf(event: unknown): Refusal | null {
  const output = outputOf<Answer>(event);
  if (output?.kind === 'refused') return { message: output.message, fields: output.fields };
  if (output?.kind !== 'quoted' || output.quote.refusals.length === 0) return null;
  const fields = refusalFields(output.quote.refusals);
  // A refusal with no field to show it on (a dish gone) is said in the alert; the delivery minimum
  // is said under Place order already (the engine's same sentence), so not twice.
  const unplaced = output.quote.refusals
    .filter(({ field, code }) => code !== 'below_minimum' && stepOf(field) === null && !REVIEW_FIELDS.includes(field))
    .map(({ detail }) => detail);
  return { message: firstStepOf(fields) === 'review' ? unplaced.join(' ') || null : MOVED_BACK, fields };
}

/**
 * What the order comes to at this point of the checkout (subtotal, fee, total in cents, and the
 * minimum's sentence when it falls short): the order engine's figures, the ones the server charges.
 * The view shows them as they are.
 */
export const checkoutFigures = (context: Pick<Context, 'fulfilment' | 'subtotal' | 'terms' | 'store'>): OrderFigures =>
  orderFigures(context.fulfilment, context.subtotal, context.terms, context.store.currency);

/** The form a closed checkout leaves for the next one of the same page visit. */
export const formToKeep = ({ fulfilment, address, when, customer, note, remember }: Context): KeptForm => ({
  fulfilment,
  address,
  when,
  customer,
  note,
  remember,
});

/** The form a checkout starts with: this visit's last one, else the details kept on this device, else blank. */
function startingForm(input: CheckoutInput, remembered: RememberedDetails | null): KeptForm {
  if (input.kept) return input.kept;
  return {
    fulfilment: null,
    address: remembered?.address ?? BLANK_ADDRESS,
    when: null,
    customer: remembered?.customer ?? { name: '', phone: '', email: '' },
    note: '',
    remember: remembered !== null,
  };
}

const CLOSED_NOW = 'We are closed now, so please choose a time.';

/** The time step's sentence about as soon as possible: when it would be ready, or why not. */
function asapNoteOf(times: Availability, fulfilment: Fulfilment, clock: Clock, now: Date): string {
  if (times.asap) return asapLabel(times.asap, fulfilment, clock, now);
  if (times.asap_refusal === 'paused' && times.pause) return pausedSentence(times.pause, clock, now);
  return times.asap_refusal === 'full' ? ASAP_FULL : CLOSED_NOW;
}

/** Items in the cart (the sum of its quantities): what a slot's item limit counts. */
const itemsOf = (context: Pick<Context, 'lines'>) => context.lines.reduce((sum, line) => sum + line.quantity, 0);

/** The first field in error, in the order the step shows them. */
const firstField = (errors: FieldErrors, step: Step) => Object.keys(errors).find((field) => firstStepOf({ [field]: '' }) === step) ?? null;

export const checkoutMachine = setup({
  types: { context: {} as Context, input: {} as CheckoutInput, events: {} as Events, emitted: {} as Emitted },
  actors: {
    // Handed over by the page (src/store-page.tsx): the storefront area's delivery check.
    checkZip: fromPromise<ZipAnswer, { slug: string; zip: string }>(async () => ({ kind: 'failed' })),
    placeOrder: fromPromise<Placement, { slug: string; body: PlaceOrderBody; key: string }>(({ input }) => placeOrder(input.slug, input.body, input.key)),
    quoteOrder: fromPromise<Quoting, { slug: string; body: PlaceOrderBody }>(({ input }) => quoteOrder(input.slug, input.body)),
    readSlots: fromPromise<StoreSlots, { slug: string }>(({ input }) => readStoreSlots(input.slug)),
  },
  guards: {
    paymentOffered: ({ context, event }) => event.type === 'payment.choose' && paymentMethodsOf(context.store).includes(event.method),
    isDelivery: ({ context }) => context.fulfilment === 'delivery',
    hasFulfilment: ({ context }) => context.fulfilment !== null,
    offered: ({ context, event }) => event.type === 'fulfilment.choose' && offeredFulfilments(context.store).includes(event.fulfilment),
    addressValid: ({ context }) => Object.keys(addressErrors(context)).length === 0,
    delivers: ({ event }) => {
      const answer = outputOf<ZipAnswer>(event);
      return answer?.kind === 'checked' && answer.check.delivers;
    },
    zipRefused: ({ event }) => outputOf<ZipAnswer>(event)?.kind === 'refused',
    zipNotServed: ({ event }) => outputOf<ZipAnswer>(event)?.kind === 'checked',
    timeValid: ({ context }) => timeError(context) === null,
    customerValid: ({ context }) => Object.keys(customerErrors(context)).length === 0,
    meetsMinimum: ({ context }) => checkoutFigures(context).minimum === null,
    placed: ({ event }) => outputOf<Placement>(event)?.kind === 'placed',
    refusedAtFulfilment: ({ event }) => refusedAt(event, 'fulfilment'),
    refusedAtAddress: ({ event }) => refusedAt(event, 'address'),
    refusedAtTime: ({ event }) => refusedAt(event, 'time'),
    refusedAtContact: ({ event }) => refusedAt(event, 'contact'),
    quoteUnavailable: ({ event }) => outputOf<Quoting>(event)?.kind === 'unavailable',
    quoted: ({ event }) => outputOf<Quoting>(event)?.kind === 'quoted',
    quotedWithRefusals: ({ event }) => outputOf<Quoting>(event)?.kind === 'quoted' && refusalOf(event) !== null,
    priceChanged: ({ event }) => outputOf<Placement>(event)?.kind === 'price_changed',
    priceChangedWithQuote: ({ event }) => {
      const output = outputOf<Placement>(event);
      return output?.kind === 'price_changed' && changedQuote(output.answer) !== null;
    },
    tipOffered: ({ context, event }) =>
      event.type === 'tip.choose' &&
      context.store.money?.tips.enabled === true &&
      (event.tip === null || context.store.money.tips.choices.includes(event.tip.percent)),
    customTipAllowed: ({ context }) => context.store.money?.tips.enabled === true && context.store.money.tips.allow_custom,
    tipTyped: ({ context }) => 'tip' in typedTip(context.tipText),
  },
  actions: {
    chooseFulfilment: assign(({ context, event }) => {
      if (event.type !== 'fulfilment.choose') return {};
      // A time chosen for the other way of ordering may not be one of this one's slots.
      const when = event.fulfilment === context.fulfilment ? context.when : null;
      return {
        fulfilment: event.fulfilment,
        when,
        errors: {},
        alert: null,
        slots: timesFor(context.store, event.fulfilment, context.now(), context.kitchen, itemsOf(context)).days,
      };
    }),
    changeField: assign(({ context, event }) => (event.type === 'field.change' ? setField(context, event.field, event.value) : {})),
    chooseTime: assign(({ context, event }) => {
      if (event.type !== 'time.choose') return {};
      const errors = { ...context.errors };
      delete errors.scheduled_for;
      return { when: event.when, errors };
    }),
    // A time chosen earlier (in a checkout closed since) that is no longer offered is cleared, saying so on the field.
    readClock: assign(({ context }) => {
      const now = context.now();
      const times = context.fulfilment ? timesFor(context.store, context.fulfilment, now, context.kitchen, itemsOf(context)) : null;
      const slots = times?.days ?? [];
      const openNow = times?.asap != null;
      const asapNote = times ? asapNoteOf(times, context.fulfilment!, clockOf(context.store), now) : null;
      const pauseNote = pauseNoteAt(context.store, now);
      const { when } = context;
      if (when === null || slots.some((day) => day.slots.includes(when)) || (when === 'asap' && openNow)) return { openNow, asapNote, pauseNote, slots };
      if (when === 'asap') return { openNow, asapNote, pauseNote, slots, when: null };
      return {
        openNow,
        asapNote,
        pauseNote,
        slots,
        when: null,
        errors: { ...context.errors, scheduled_for: SLOT_GONE(formatDayTime(when, clockOf(context.store))) },
      };
    }),
    keepKitchen: assign(({ event }) => ({ kitchen: outputOf<StoreSlots>(event) ?? null })),
    setRemember: assign(({ event }) => (event.type === 'details.remember' ? { remember: event.remember, notice: null } : {})),
    forgetDetails: ({ context }) => context.details.forget(),
    markForgotten: assign({ remember: false, remembered: false, notice: FORGOTTEN }),
    // Placed: the box decides what this device keeps; unticked, nothing is (and what was kept goes).
    keepDetails: ({ context }) => {
      if (!context.remember) return context.details.forget();
      const { street, city, zip_code, notes } = context.address;
      context.details.save({ customer: context.customer, address: context.fulfilment === 'delivery' ? { street, city, zip_code, notes } : null });
    },
    fulfilmentError: assign({ errors: { fulfilment: 'Choose pickup or delivery.' } }),
    addressErrors: assign(({ context }) => ({ errors: addressErrors(context) })),
    timeError: assign(({ context }) => ({ errors: { scheduled_for: timeError(context)! } })),
    customerErrors: assign(({ context }) => ({ errors: customerErrors(context) })),
    keepTerms: assign(({ event }) => ({ terms: termsOf(outputOf<{ check: DeliveryCheck }>(event)!.check), errors: {}, alert: null })),
    zipRefusal: assign(({ event }) => ({ errors: { 'address.zip_code': outputOf<{ message: string }>(event)!.message } })),
    zipNotServed: assign(({ context }) => ({ errors: { 'address.zip_code': NO_DELIVERY(context.address.zip_code.trim()) } })),
    zipFailed: assign({ alert: ZIP_FAILED }),
    clearAlert: assign({ alert: null }),
    newAttempt: assign(({ context }) => ({ key: context.newKey(), alert: null, changed: null })),
    keepOrder: assign(({ event }) => ({ order: outputOf<{ order: PlacedOrder }>(event)!.order })),
    keepRefusal: assign(({ event }) => {
      const refusal = refusalOf(event)!;
      return { errors: refusal.fields, alert: refusal.message };
    }),
    chooseTip: assign(({ context, event }) => (event.type === 'tip.choose' ? { tip: event.tip, tipOther: false, errors: withoutError(context, 'tip') } : {})),
    chooseOtherTip: assign({ tipOther: true }),
    typeTip: assign(({ context, event }) => (event.type === 'tip.type' ? { tipText: event.value, errors: withoutError(context, 'tip') } : {})),
    applyTip: assign(({ context }) => ({ tip: (typedTip(context.tipText) as { tip: TipInput }).tip })),
    tipError: assign(({ context }) => ({ errors: { ...context.errors, tip: (typedTip(context.tipText) as { error: string }).error } })),
    typeCoupon: assign(({ context, event }) => (event.type === 'coupon.type' ? { couponText: event.value, errors: withoutError(context, 'coupon_code') } : {})),
    choosePayment: assign(({ event }) => (event.type === 'payment.choose' ? { payment: event.method } : {})),
    applyCoupon: assign(({ context }) => ({ coupon: context.couponText.trim() || null, errors: withoutError(context, 'coupon_code') })),
    // A coupon the quote did not apply is not sent again; its refusal stays on the field.
    keepQuote: assign(({ context, event }) => {
      const { quote } = outputOf<{ quote: OrderQuote }>(event)!;
      return { quote, coupon: quote.coupon_code === null ? null : context.coupon };
    }),
    noQuote: assign({ quote: null, quotes: false }),
    quoteFailed: assign({ quote: null, alert: QUOTE_FAILED }),
    keepChangedQuote: assign(({ event }) => ({ quote: changedQuote(outputOf<{ answer: unknown }>(event)!.answer), changed: PRICE_CHANGED })),
    markChanged: assign({ quote: null, changed: PRICE_CHANGED }),
    leaveReview: assign({ alert: null, changed: null }),
    keepFailure: assign({ alert: 'We could not reach the restaurant. Your order is not placed yet: please try again.' }),
    announcePlaced: emit(({ context }) => ({ type: 'order.placed' as const, order: context.order! })),
    announceClosed: emit({ type: 'checkout.closed' as const }),
    // The view moves the focus: to the step's first field in error, else to its heading.
    // A review shown again because the total changed focuses the sentence saying so.
    show: emit(({ context }, params: { step: Step | 'placing' | 'failed'; field?: string }) => ({
      type: 'step.shown' as const,
      step: params.step,
      field:
        params.field ??
        (params.step === 'placing' || params.step === 'failed'
          ? null
          : params.step === 'review' && context.changed !== null
            ? 'price-changed'
            : firstField(context.errors, params.step)),
    })),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => {
    const offered = offeredFulfilments(input.store);
    const remembered = input.details.read();
    const form = startingForm(input, remembered);
    // The way chosen before, if the store still offers it; the only way offered, else none yet.
    const fulfilment = form.fulfilment && offered.includes(form.fulfilment) ? form.fulfilment : offered.length === 1 ? offered[0]! : null;
    return {
      ...input,
      ...form,
      fulfilment,
      when: fulfilment === form.fulfilment ? form.when : null,
      remembered: remembered !== null,
      notice: null,
      terms: termsOf(input.store.delivery),
      openNow: false,
      pauseNote: pauseNoteAt(input.store, input.now()),
      asapNote: null,
      slots: [],
      kitchen: null,
      errors: {},
      alert: null,
      key: null,
      order: null,
      tip: null,
      tipOther: false,
      tipText: '',
      couponText: '',
      coupon: null,
      quote: null,
      quotes: true,
      changed: null,
      payment: paymentMethodsOf(input.store)[0]!,
    };
  },
  initial: 'fulfilment',
  states: {
    fulfilment: {
      tags: ['fulfilment'],
      entry: { type: 'show', params: { step: 'fulfilment' } },
      on: {
        'fulfilment.choose': { guard: 'offered', actions: 'chooseFulfilment' },
        'step.next': [
          { guard: 'isDelivery', target: 'address' },
          { guard: 'hasFulfilment', target: 'time' },
          { actions: ['fulfilmentError', { type: 'show', params: { step: 'fulfilment' } }] },
        ],
        'step.back': { target: 'closed', actions: 'announceClosed' },
      },
    },
    address: {
      entry: { type: 'show', params: { step: 'address' } },
      initial: 'editing',
      on: { 'step.back': { target: 'fulfilment', actions: 'clearAlert' } },
      states: {
        editing: {
          tags: ['address'],
          on: {
            'field.change': { actions: 'changeField' },
            'step.next': [
              { guard: 'addressValid', target: 'checkingZip', actions: 'clearAlert' },
              { actions: ['addressErrors', { type: 'show', params: { step: 'address' } }] },
            ],
          },
        },
        checkingZip: {
          tags: ['address', 'busy'],
          invoke: {
            id: 'checkZip',
            src: 'checkZip',
            input: ({ context }) => ({ slug: context.store.slug, zip: context.address.zip_code.trim() }),
            onDone: [
              { guard: 'delivers', target: '#checkout.time', actions: 'keepTerms' },
              { guard: 'zipRefused', target: 'editing', actions: ['zipRefusal', { type: 'show', params: { step: 'address' } }] },
              { guard: 'zipNotServed', target: 'editing', actions: ['zipNotServed', { type: 'show', params: { step: 'address' } }] },
              { target: 'editing', actions: ['zipFailed', { type: 'show', params: { step: 'address' } }] },
            ],
            onError: { target: 'editing', actions: ['zipFailed', { type: 'show', params: { step: 'address' } }] },
          },
        },
      },
    },
    time: {
      tags: ['time'],
      entry: ['readClock', { type: 'show', params: { step: 'time' } }],
      // The hours' slots show at once; the kitchen's pace then takes the full and paused ones away.
      // No answer: the hours' slots stay, and the server still refuses a full one with its sentence.
      invoke: {
        src: 'readSlots',
        input: ({ context }) => ({ slug: context.store.slug }),
        onDone: { actions: ['keepKitchen', 'readClock'] },
        onError: { actions: [] },
      },
      on: {
        'time.choose': { actions: 'chooseTime' },
        'step.next': [{ guard: 'timeValid', target: 'contact' }, { actions: ['timeError', { type: 'show', params: { step: 'time' } }] }],
        'step.back': [
          { guard: 'isDelivery', target: 'address', actions: 'clearAlert' },
          { target: 'fulfilment', actions: 'clearAlert' },
        ],
      },
    },
    contact: {
      tags: ['contact'],
      entry: { type: 'show', params: { step: 'contact' } },
      on: {
        'field.change': { actions: 'changeField' },
        'details.remember': { actions: 'setRemember' },
        'details.forget': { actions: ['forgetDetails', 'markForgotten', { type: 'show', params: { step: 'contact', field: 'remember' } }] },
        'step.next': [
          { guard: 'customerValid', target: 'review', actions: 'clearAlert' },
          { actions: ['customerErrors', { type: 'show', params: { step: 'contact' } }] },
        ],
        'step.back': { target: 'time', actions: 'clearAlert' },
      },
    },
    review: {
      tags: ['review'],
      entry: { type: 'show', params: { step: 'review' } },
      initial: 'quoting',
      on: {
        'step.back': { target: 'contact', actions: 'leaveReview' },
        // A new tip or coupon asks for a new quote (one under way is dropped for it).
        'tip.choose': { guard: 'tipOffered', target: '.quoting', actions: 'chooseTip' },
        'tip.other': { guard: 'customTipAllowed', actions: 'chooseOtherTip' },
        'tip.type': { actions: 'typeTip' },
        'tip.apply': [
          { guard: 'tipTyped', target: '.quoting', actions: 'applyTip' },
          { actions: ['tipError', { type: 'show', params: { step: 'review', field: 'tip.amount' } }] },
        ],
        'coupon.type': { actions: 'typeCoupon' },
        'coupon.apply': { target: '.quoting', actions: 'applyCoupon' },
        'payment.choose': { guard: 'paymentOffered', actions: 'choosePayment' },
      },
      states: {
        quoting: {
          tags: ['quoting'],
          invoke: {
            id: 'quoteOrder',
            src: 'quoteOrder',
            input: ({ context }) => ({ slug: context.store.slug, body: moneyBody(context, false) }),
            onDone: [
              { guard: 'quoteUnavailable', target: 'priced', actions: 'noQuote' },
              { guard: 'refusedAtFulfilment', target: '#checkout.fulfilment', actions: 'keepRefusal' },
              { guard: 'refusedAtAddress', target: '#checkout.address', actions: 'keepRefusal' },
              { guard: 'refusedAtTime', target: '#checkout.time', actions: 'keepRefusal' },
              { guard: 'refusedAtContact', target: '#checkout.contact', actions: 'keepRefusal' },
              // A coupon or tip refused: the figures without it, the sentence on its field, which takes the focus.
              { guard: 'quotedWithRefusals', target: 'priced', actions: ['keepQuote', 'keepRefusal', { type: 'show', params: { step: 'review' } }] },
              { guard: 'quoted', target: 'priced', actions: 'keepQuote' },
              { target: 'unpriced', actions: ['keepRefusal', { type: 'show', params: { step: 'review' } }] },
            ],
            onError: { target: 'unpriced', actions: 'quoteFailed' },
          },
        },
        priced: {
          tags: ['priced'],
          on: {
            // Below the minimum the Place order button says why and does nothing: the guard makes it impossible.
            'step.next': { guard: 'meetsMinimum', target: '#checkout.payment', actions: 'newAttempt' },
          },
        },
        /** No figures to agree to: Place order waits for a quote. */
        unpriced: {
          tags: ['unpriced'],
          on: { 'quote.retry': { target: 'quoting', actions: 'clearAlert' } },
        },
      },
    },
    /** Where a payment provider will take the money; until then the customer pays at pickup or on delivery. */
    payment: {
      tags: ['payment'],
      always: 'placing',
    },
    placing: {
      tags: ['placing', 'busy'],
      entry: { type: 'show', params: { step: 'placing' } },
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => ({
          slug: context.store.slug,
          body: moneyBody(context, true),
          key: context.key!,
        }),
        onDone: [
          { guard: 'placed', target: 'placed', actions: ['keepOrder', 'keepDetails', 'announcePlaced'] },
          { guard: 'priceChangedWithQuote', target: 'review.priced', actions: 'keepChangedQuote' },
          { guard: 'priceChanged', target: 'review', actions: 'markChanged' },
          { guard: 'refusedAtFulfilment', target: 'fulfilment', actions: 'keepRefusal' },
          { guard: 'refusedAtAddress', target: 'address', actions: 'keepRefusal' },
          { guard: 'refusedAtTime', target: 'time', actions: 'keepRefusal' },
          { guard: 'refusedAtContact', target: 'contact', actions: 'keepRefusal' },
          { target: 'review', actions: 'keepRefusal' },
        ],
        onError: { target: 'failed', actions: 'keepFailure' },
      },
    },
    /** No answer: the same attempt, with the same key, is sent again on Retry. */
    failed: {
      tags: ['failed'],
      entry: { type: 'show', params: { step: 'failed' } },
      on: {
        'order.retry': 'placing',
        'step.back': { target: 'review', actions: 'clearAlert' },
      },
    },
    placed: { tags: ['placed'], type: 'final' },
    closed: { type: 'final' },
  },
});

function refusedAt(event: unknown, step: Step): boolean {
  const refusal = refusalOf(event);
  return refusal !== null && Object.keys(refusal.fields).length > 0 && firstStepOf(refusal.fields) === step;
}

function withoutError(context: Context, field: string): FieldErrors {
  const errors = { ...context.errors };
  delete errors[field];
  return errors;
}
