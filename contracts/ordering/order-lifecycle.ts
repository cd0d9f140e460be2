import { setup, transition } from 'xstate';
import type { PaymentMethod } from '../shared/payment-methods';

/**
 * An order's life, one statechart for both ends (issue 30): the server checks every
 * `POST /api/v2/orders/{id}/transition/` with it, and the order board offers only the moves it
 * allows. Pure: no actors, no effects, no React, no HTTP, so the server may run it on every request.
 *
 *   placed ──accept(prep_minutes)──▶ accepted ──▶ ready ──▶ completed                (pickup)
 *                                                    └──▶ out_for_delivery ──▶ completed (delivery)
 *   placed, accepted ──cancel(reason)──▶ cancelled
 *
 * A card order (issue 44) starts in `awaiting_payment`, which no board shows and no owner's move
 * leaves: the payment provider's confirmation places it, and an order not paid in 30 minutes
 * becomes `expired`. Those two moves are the server's (server/domain/payments/), not the board's.
 *
 *   awaiting_payment ──paid──▶ placed …        awaiting_payment ──expire──▶ expired
 *
 * An order booked for a time (issue 40) is accepted for that time, with no prep time, and only
 * from its prep window on (`PREP_WINDOW_MINUTES` before the booked time): before that it waits in
 * New, so "In the kitchen" holds only what the kitchen should be making now.
 */
/** The statuses of an order the restaurant has: the board's, the history's, the moves'. */
export const KITCHEN_STATUSES = ['placed', 'accepted', 'ready', 'out_for_delivery', 'completed', 'cancelled'] as const;
/** Every status, the card order's before the restaurant has it (awaiting payment, expired unpaid) included. */
export const ORDER_STATUSES = ['awaiting_payment', ...KITCHEN_STATUSES, 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type KitchenStatus = (typeof KITCHEN_STATUSES)[number];
/** Whether the restaurant has the order (it counts in its figures, its board and its customers). */
export const reachedKitchen = (status: OrderStatus): status is KitchenStatus => (KITCHEN_STATUSES as readonly string[]).includes(status);
export type Fulfilment = 'pickup' | 'delivery';
export { PAYMENT_METHODS, type PaymentMethod } from '../shared/payment-methods';

/**
 * A move the board asks for; the server reads the same shape from the transition body. A booked
 * order's accept also names the order's `scheduled_for` and the moment of the move (`at`, ISO).
 */
export type OrderMove = { to: OrderStatus; prep_minutes?: number; reason?: string; scheduled_for?: string | null; at?: string };

export const PREP_MINUTES_MIN = 1;
export const PREP_MINUTES_MAX = 240;
export const CANCEL_REASON_MAX = 200;
/** How long before its booked time an order may go to the kitchen: the longest prep time the board offers. */
export const PREP_WINDOW_MINUTES = 60;

/** When a booked order's prep window opens. */
export const prepWindowOpensAt = (scheduledFor: string): Date => new Date(Date.parse(scheduledFor) - PREP_WINDOW_MINUTES * 60_000);

/** Whether, at `at`, an order booked for `scheduledFor` may go to the kitchen. */
export const inPrepWindow = (scheduledFor: string, at: string): boolean => Date.parse(at) >= prepWindowOpensAt(scheduledFor).getTime();

type LifecycleEvent =
  | { type: 'accept'; prep_minutes?: number; scheduled_for?: string | null; at?: string }
  | { type: 'ready' }
  | { type: 'out_for_delivery' }
  | { type: 'complete' }
  | { type: 'cancel'; reason?: string }
  | { type: 'paid' }
  | { type: 'expire' };

const isBooked = (event: LifecycleEvent) => event.type === 'accept' && typeof event.scheduled_for === 'string';
const hasPrepMinutes = ({ event }: { event: LifecycleEvent }) =>
  event.type === 'accept' &&
  !isBooked(event) &&
  Number.isInteger(event.prep_minutes) &&
  event.prep_minutes! >= PREP_MINUTES_MIN &&
  event.prep_minutes! <= PREP_MINUTES_MAX;
/** A booked order goes to the kitchen for its booked time, from its prep window on. */
const bookedAndDue = ({ event }: { event: LifecycleEvent }) =>
  event.type === 'accept' && isBooked(event) && typeof event.at === 'string' && inPrepWindow(event.scheduled_for!, event.at);
const hasReason = ({ event }: { event: LifecycleEvent }) =>
  event.type === 'cancel' && typeof event.reason === 'string' && event.reason.trim().length > 0 && event.reason.length <= CANCEL_REASON_MAX;

export const orderLifecycle = setup({
  types: {
    context: {} as { fulfilment: Fulfilment; payment: PaymentMethod },
    input: {} as { fulfilment: Fulfilment; payment?: PaymentMethod },
    events: {} as LifecycleEvent,
  },
  guards: {
    hasPrepMinutes,
    bookedAndDue,
    hasReason,
    isDelivery: ({ context }) => context.fulfilment === 'delivery',
    isPickup: ({ context }) => context.fulfilment === 'pickup',
    paysByCard: ({ context }) => context.payment === 'card',
  },
}).createMachine({
  id: 'orderLifecycle',
  context: ({ input }) => ({ fulfilment: input.fulfilment, payment: input.payment ?? 'in_person' }),
  initial: 'entered',
  states: {
    // Where a new order starts: a card order waits for its payment, any other goes to the kitchen.
    entered: {
      always: [{ guard: 'paysByCard', target: 'awaiting_payment' }, { target: 'placed' }],
    },
    awaiting_payment: { on: { paid: 'placed', expire: 'expired' } },
    placed: {
      on: {
        accept: [
          { target: 'accepted', guard: 'hasPrepMinutes' },
          { target: 'accepted', guard: 'bookedAndDue' },
        ],
        cancel: { target: 'cancelled', guard: 'hasReason' },
      },
    },
    accepted: {
      on: {
        ready: 'ready',
        cancel: { target: 'cancelled', guard: 'hasReason' },
      },
    },
    ready: {
      on: {
        out_for_delivery: { target: 'out_for_delivery', guard: 'isDelivery' },
        complete: { target: 'completed', guard: 'isPickup' },
      },
    },
    out_for_delivery: { on: { complete: 'completed' } },
    completed: { type: 'final' },
    cancelled: { type: 'final' },
    expired: { type: 'final' },
  },
});

/**
 * The owner's event that asks for `move.to`; none moves an order back to placed, and the payment's
 * moves (paid, expire) are the server's alone.
 */
function eventFor(move: OrderMove): LifecycleEvent | null {
  switch (move.to) {
    case 'awaiting_payment':
    case 'placed':
    case 'expired':
      return null;
    case 'accepted':
      return { type: 'accept', prep_minutes: move.prep_minutes, scheduled_for: move.scheduled_for, at: move.at };
    case 'ready':
      return { type: 'ready' };
    case 'out_for_delivery':
      return { type: 'out_for_delivery' };
    case 'completed':
      return { type: 'complete' };
    case 'cancelled':
      return { type: 'cancel', reason: move.reason };
  }
}

function snapshotAt(status: OrderStatus, fulfilment: Fulfilment) {
  return orderLifecycle.resolveState({ value: status, context: { fulfilment, payment: 'in_person' } });
}

/** Whether the lifecycle allows `move` from `status`; the server's check and the board's. */
export function allows(status: OrderStatus, fulfilment: Fulfilment, move: OrderMove): boolean {
  const event = eventFor(move);
  if (!event) return false;
  const [next] = transition(orderLifecycle, snapshotAt(status, fulfilment), event);
  return next.value !== status && next.value === move.to;
}

/** Example moves the board offers (a prep time and a reason stand for the owner's choice). */
const SAMPLE: Record<OrderStatus, OrderMove> = {
  awaiting_payment: { to: 'awaiting_payment' },
  placed: { to: 'placed' },
  accepted: { to: 'accepted', prep_minutes: 15 },
  ready: { to: 'ready' },
  out_for_delivery: { to: 'out_for_delivery' },
  completed: { to: 'completed' },
  cancelled: { to: 'cancelled', reason: 'x' },
  expired: { to: 'expired' },
};

/** The statuses an order may move to from `status`, in lifecycle order. */
export function nextStatuses(status: OrderStatus, fulfilment: Fulfilment): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => allows(status, fulfilment, SAMPLE[to]));
}

/** True for the statuses nothing leaves. */
export const isFinal = (status: OrderStatus) => status === 'completed' || status === 'cancelled' || status === 'expired';

/** Whether the payment's move from `status` leads to `to` (the provider confirmed, or 30 minutes passed unpaid). */
export const paymentMoves = (status: OrderStatus, event: 'paid' | 'expire'): OrderStatus | null => {
  const [next] = transition(orderLifecycle, orderLifecycle.resolveState({ value: status, context: { fulfilment: 'pickup', payment: 'card' } }), {
    type: event,
  });
  return next.value === status ? null : (next.value as OrderStatus);
};
