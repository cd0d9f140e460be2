import { assign, emit, fromPromise, setup } from 'xstate';
import { isFinal } from '../../../contracts/ordering/order-lifecycle';
import type { TrackedOrder } from '../../../contracts/ordering';
import { checkPayment, retryPayment, trackOrder, type Tracking } from '../../services/ordering/track-order';

/**
 * The tracking page (issue 30): reads the order by its token, then again every `refresh` while
 * the page is visible, until it is completed or cancelled. A hidden tab asks nothing; shown again,
 * it reads at once. Each change of status is emitted (`order.changed`) for the page's polite live
 * region; a failed read keeps what is shown and tries again at the next refresh. A card order not
 * yet paid (issue 44) offers "Try again": a new payment page for the same order (`payment.open`).
 */
type Context = { token: string; order: TrackedOrder | null; paymentError: string | null };
type Events = { type: 'page.hidden' } | { type: 'page.visible' } | { type: 'payment.retry' };
/** `previous` is null on the first read: the page shows it, there is no change to announce. */
type Emitted = { type: 'order.changed'; order: TrackedOrder; previous: TrackedOrder['status'] | null } | { type: 'payment.open'; url: string };

const outputOf = (event: unknown) => (event as { output?: Tracking }).output;

export const trackingMachine = setup({
  types: { context: {} as Context, input: {} as { token: string }, events: {} as Events, emitted: {} as Emitted },
  actors: {
    // An order waiting for its card payment (issue 44) is read after the server asked the payment
    // provider: the customer back from paying sees "Payment received" without waiting for Stripe's webhook.
    trackOrder: fromPromise<Tracking, { token: string }>(async ({ input }) => {
      const answer = await trackOrder(input.token);
      return answer.kind === 'found' && answer.order.status === 'awaiting_payment' ? checkPayment(input.token) : answer;
    }),
    retryPayment: fromPromise<string, { token: string }>(({ input }) => retryPayment(input.token)),
  },
  // Every 15 s: a customer waiting for "ready" learns it within a quarter of a minute, and a page
  // left open costs the server four small reads a minute.
  delays: { refresh: 15_000 },
  guards: {
    awaitingPayment: ({ context }) => context.order?.status === 'awaiting_payment',
    missing: ({ event }) => outputOf(event)?.kind === 'missing',
    finished: ({ event }) => {
      const answer = outputOf(event);
      return answer?.kind === 'found' && isFinal(answer.order.status);
    },
    changed: ({ context, event }) => {
      const answer = outputOf(event);
      return answer?.kind === 'found' && answer.order.status !== context.order?.status;
    },
  },
  actions: {
    keepOrder: assign({ order: ({ event }) => (outputOf(event) as { order: TrackedOrder }).order }),
    // Before keepOrder: the status shown until now is the one that changed.
    announce: emit(({ context, event }) => ({
      type: 'order.changed' as const,
      order: (outputOf(event) as { order: TrackedOrder }).order,
      previous: context.order?.status ?? null,
    })),
  },
}).createMachine({
  id: 'tracking',
  context: ({ input }) => ({ token: input.token, order: null, paymentError: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'trackOrder',
        src: 'trackOrder',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: 'missing', target: 'notFound' },
          { guard: 'finished', target: 'finished', actions: ['announce', 'keepOrder'] },
          { guard: 'changed', target: 'watching', actions: ['announce', 'keepOrder'] },
          { target: 'watching', actions: 'keepOrder' },
        ],
        onError: 'failed',
      },
    },
    watching: {
      tags: ['shown'],
      initial: 'visible',
      on: { 'payment.retry': { guard: 'awaitingPayment', target: 'retrying' } },
      states: {
        visible: { after: { refresh: '#tracking.loading' }, on: { 'page.hidden': 'hidden' } },
        hidden: { on: { 'page.visible': '#tracking.loading' } },
      },
    },
    /** "Try again": a new payment page for the same order, which the page opens; a refusal is said and the page watches on. */
    retrying: {
      tags: ['shown', 'retrying'],
      entry: assign({ paymentError: null }),
      invoke: {
        id: 'retryPayment',
        src: 'retryPayment',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'watching', actions: emit(({ event }) => ({ type: 'payment.open' as const, url: event.output })) },
        onError: {
          target: 'loading',
          actions: assign({ paymentError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
        },
      },
    },
    /** No answer: what was shown stays, and the next refresh tries again. */
    failed: {
      tags: ['failed'],
      initial: 'visible',
      states: {
        visible: { after: { refresh: '#tracking.loading' }, on: { 'page.hidden': 'hidden' } },
        hidden: { on: { 'page.visible': '#tracking.loading' } },
      },
    },
    finished: { tags: ['shown', 'finished'], type: 'final' },
    notFound: { tags: ['notFound'], type: 'final' },
  },
});
