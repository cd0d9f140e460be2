import { and, assign, emit, enqueueActions, fromCallback, fromPromise, not, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { OrderEvent, OwnerOrder, TransitionBody } from '../../../contracts/ordering';
import { allows } from '../../../contracts/ordering/order-lifecycle';
import { STATUS_WORDS } from '../../../contracts/ordering/order-words';
import { wallClock } from '../../../contracts/shared/opening-status';
import { ApiError } from '../../services/shared/api';
import { errorText } from '../../services/shared/error-text';
import { listenToOrderEvents, type OrderStreamMessage } from '../../services/ordering/order-events';
import { loadBoard, moveOrder, readOrder, type BoardInput, type BoardLoad } from '../../services/ordering/orders';
import { loadSoundPreference, saveSoundPreference } from '../../services/ordering/board-sound';
import { columnOf, newOrderCount, withOrder, type ColumnKey } from './order-board.columns';

/**
 * The owner's live order board (issue 30), four regions side by side once a restaurant is known:
 *
 *   board:  loading ──done──▶ ready ──stream.reset──▶ loading;  loading ──error──▶ failed ──board.retry──▶ loading
 *           ready ──clock.tick [the restaurant's date has turned]──▶ loading (the new day's Done column)
 *   stream: listening, for the screen's whole life (orderEvents reconnects by itself, so a reload
 *           of the list never loses its place in the stream)
 *   reads:  idle ──[an order is queued and the board is ready]──▶ reading ──▶ idle
 *           (an event only names an order: it is read again, one at a time, and placed or moved)
 *   moves:  idle ──order.move──▶ moving ──▶ idle;  idle ──cancel.open──▶ cancelling ──cancel.confirm [reason]──▶ moving
 *   alert:  quiet ──[a new order arrived and waits]──▶ ringing ──after `soundRepeat`──▶ ringing (the tone again)
 *           ringing ──alert.acknowledge, or [every order that rang accepted or cancelled]──▶ quiet (issue 45)
 *
 * Only the moves the lifecycle allows from the order's status, which the server also lists in
 * `next_statuses`, are taken. A refused move shows the server's sentence on its card and reads
 * that order again. What the screen does once (announce, tone, title, focus, print) is emitted;
 * after a move the focus goes to the order's card in the column the move put it in, so a phone
 * showing one column at a time follows it there (issue 40).
 *
 * `now` is the board's clock, renewed each minute: how long each card has waited, and whether a
 * booked order's prep window has opened (the lifecycle's rule, which the server applies too).
 */

export type Move = { orderId: number; body: TransitionBody };

export type OrderBoardInput = { restaurantId: number | null; sound?: boolean };

export type CardRefusal = { orderId: number; message: string };
export type CancelForm = { orderId: number; reason: string; error: string | null };

export type OrderBoardContext = {
  restaurantId: number | null;
  orders: OwnerOrder[];
  /** The restaurant's date the board was loaded on (its zone); null before its first order. */
  today: string | null;
  complete: boolean;
  loadError: string | null;
  /** Orders named by the stream, waiting to be read, oldest first. */
  queue: number[];
  live: boolean;
  /** The move out now (or confirmed in the cancel dialog), and its order. */
  move: Move | null;
  refusal: CardRefusal | null;
  cancel: CancelForm | null;
  sound: boolean;
  /** The order whose kitchen ticket is laid out for printing. */
  ticketId: number | null;
  /** The board's clock (ISO 8601), renewed each minute. */
  now: string;
  /** New orders that arrived while the board was open and nobody has acknowledged: the board rings for them. */
  ringing: number[];
};

export type OrderBoardEvent =
  | { type: 'board.retry' }
  | { type: 'order.move'; orderId: number; to: TransitionBody['to']; prep_minutes?: number }
  | { type: 'cancel.open'; orderId: number }
  | { type: 'cancel.reason'; reason: string }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.close' }
  | { type: 'sound.toggle'; on: boolean }
  | { type: 'ticket.print'; orderId: number }
  /** "Acknowledge": the kitchen has seen the new orders; the tone stops until the next one. */
  | { type: 'alert.acknowledge' }
  | { type: 'stream.order'; event: OrderEvent }
  | { type: 'stream.reset' }
  | { type: 'stream.connected' }
  | { type: 'stream.lost' }
  /** A minute has passed: `now` as ISO 8601. */
  | { type: 'clock.tick'; now: string };

export type OrderBoardEmitted =
  | { type: 'screen.announce'; message: string }
  | { type: 'screen.sound' }
  | { type: 'screen.title'; count: number }
  /** `column`: where the order's card is now, for a screen that shows one column at a time. */
  | { type: 'screen.focus'; orderId: number; column: ColumnKey | null }
  | { type: 'screen.print' };

/** The prep times Accept offers, in minutes (issue 30's chips). */
export const PREP_TIME_CHOICES = [10, 15, 20, 30, 45, 60] as const;

export const CANCEL_REASON_REQUIRED = 'Please say why the order is cancelled.';
const LOAD_FAILED = 'The orders could not be loaded.';
const MOVE_FAILED = 'The order could not be changed.';
/** How often the tone sounds again while a new order waits unacknowledged (issue 45: an alert that stops gets missed). */
export const SOUND_REPEAT_MS = 10_000;
/** How often a ready board checks whether the restaurant's date has turned. */
const CLOCK_TICK_MS = 60_000;

/** What the stream says, as the board's events. */
const STREAM_EVENTS: { [K in OrderStreamMessage['type']]: (message: Extract<OrderStreamMessage, { type: K }>) => OrderBoardEvent } = {
  order: (message) => ({ type: 'stream.order', event: message.event }),
  reset: () => ({ type: 'stream.reset' }),
  connected: () => ({ type: 'stream.connected' }),
  lost: () => ({ type: 'stream.lost' }),
};

const orderIn = (context: OrderBoardContext, orderId: number) => context.orders.find((order) => order.id === orderId);

/** Whether the order may make `body`'s move: the server lists it, and the lifecycle allows it. */
function moveAllowed(context: OrderBoardContext, orderId: number, body: TransitionBody): boolean {
  const order = orderIn(context, orderId);
  return (
    order !== undefined &&
    order.next_statuses.includes(body.to) &&
    allows(order.status, order.fulfilment, { ...body, scheduled_for: order.scheduled_for, at: context.now })
  );
}

/** Whether a booked order may go to the kitchen at `now` (its prep window has opened): the card's Accept waits until then. */
export const bookedOrderDue = (order: OwnerOrder, now: string): boolean =>
  allows(order.status, order.fulfilment, { to: 'accepted', scheduled_for: order.scheduled_for, at: now });

/** The focus effect for `orderId`'s card, in the column its order is in now. */
function focusOn(context: OrderBoardContext, order: OwnerOrder | undefined, orderId: number): OrderBoardEmitted {
  return { type: 'screen.focus', orderId, column: order ? columnOf(order, context.today) : null };
}

const moveBody = (event: Extract<OrderBoardEvent, { type: 'order.move' }>): TransitionBody =>
  event.prep_minutes === undefined ? { to: event.to } : { to: event.to, prep_minutes: event.prep_minutes };

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

export const orderBoardMachine = setup({
  types: {
    input: {} as OrderBoardInput,
    context: {} as OrderBoardContext,
    events: {} as OrderBoardEvent,
    emitted: {} as OrderBoardEmitted,
  },
  actors: {
    loadBoard: fromPromise<BoardLoad, BoardInput>(({ input }) => loadBoard(input)),
    readOrder: fromPromise<OwnerOrder, { orderId: number }>(({ input }) => readOrder(input)),
    moveOrder: fromPromise<OwnerOrder, Move>(({ input }) => moveOrder(input)),
    orderEvents: fromCallback<OrderBoardEvent, { restaurantId: number | null }>(({ sendBack, input }) => {
      const controller = new AbortController();
      void listenToOrderEvents({
        restaurantId: input.restaurantId,
        signal: controller.signal,
        onMessage: (message) => sendBack(STREAM_EVENTS[message.type](message as never)),
      });
      return () => controller.abort();
    }),
    clock: fromCallback<OrderBoardEvent>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'clock.tick', now: new Date().toISOString() }), CLOCK_TICK_MS);
      return () => clearInterval(timer);
    }),
  },
  actions: {
    rememberSound: (_, params: { on: boolean }) => saveSoundPreference(params.on),
    keepTime: assign({ now: ({ event }) => (event.type === 'clock.tick' ? event.now : new Date().toISOString()) }),
    emitTitle: emit(({ context }) => ({ type: 'screen.title', count: newOrderCount(context.orders) }) as const),
    /** An order read after an event: placed or moved; announced (and sounded) when it is new. */
    placeOrder: enqueueActions(({ context, enqueue }, params: { order: OwnerOrder }) => {
      const { order } = params;
      const isNew = orderIn(context, order.id) === undefined && order.status === 'placed';
      // A restaurant's first order brings its zone, and so the board's "today".
      enqueue.assign({ orders: withOrder(context.orders, order), today: context.today ?? wallClock(order.restaurant.time_zone, new Date()).date });
      if (isNew) {
        enqueue.emit({ type: 'screen.announce', message: `New order #${order.number} from ${order.customer.name}` });
        if (context.sound) enqueue.emit({ type: 'screen.sound' });
        enqueue.assign({ ringing: [...context.ringing, order.id] });
      }
    }),
  },
  delays: { soundRepeat: SOUND_REPEAT_MS },
  guards: {
    /** A new order that rang is still new (placed): accepting or cancelling it is an answer too. */
    unanswered: ({ context }) => context.ringing.some((id) => orderIn(context, id)?.status === 'placed'),
    hasRestaurant: ({ context }) => context.restaurantId !== null,
    canRead: and([({ context }) => context.queue.length > 0, stateIn('#orderBoard.open.board.ready')]),
    moveAllowed: ({ context, event }) => event.type === 'order.move' && moveAllowed(context, event.orderId, moveBody(event)),
    // Any reason stands for the one the dialog will ask for: only the order's status decides here.
    cancelAllowed: ({ context, event }) => event.type === 'cancel.open' && moveAllowed(context, event.orderId, { to: 'cancelled', reason: 'x' }),
    hasReason: ({ context }) => (context.cancel?.reason.trim() ?? '') !== '',
    /** Past the restaurant's midnight (in its zone, which its orders carry) "today" is yesterday. */
    dayTurned: ({ context, event }) => {
      const zone = context.orders[0]?.restaurant.time_zone;
      return event.type === 'clock.tick' && context.today !== null && zone !== undefined && wallClock(zone, new Date(event.now)).date !== context.today;
    },
  },
}).createMachine({
  id: 'orderBoard',
  context: ({ input }) => ({
    restaurantId: input.restaurantId,
    orders: [],
    today: null,
    complete: true,
    loadError: null,
    queue: [],
    live: false,
    move: null,
    refusal: null,
    cancel: null,
    sound: input.sound ?? loadSoundPreference(),
    ticketId: null,
    now: new Date().toISOString(),
    ringing: [],
  }),
  initial: 'start',
  on: {
    'sound.toggle': { actions: [assign({ sound: ({ event }) => event.on }), { type: 'rememberSound', params: ({ event }) => ({ on: event.on }) }] },
    'ticket.print': { actions: [assign({ ticketId: ({ event }) => event.orderId }), emit({ type: 'screen.print' })] },
  },
  states: {
    start: { always: [{ guard: 'hasRestaurant', target: 'open' }, { target: 'noRestaurant' }] },
    noRestaurant: { tags: ['noRestaurant'] },
    open: {
      type: 'parallel',
      states: {
        board: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['loading'],
              invoke: {
                id: 'loadBoard',
                src: 'loadBoard',
                input: ({ context }) => ({ restaurantId: context.restaurantId, now: new Date() }),
                onDone: {
                  target: 'ready',
                  actions: [
                    assign(({ event }) => ({
                      orders: event.output.orders,
                      today: event.output.today,
                      complete: event.output.complete,
                      loadError: null,
                    })),
                    'emitTitle',
                  ],
                },
                onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorText(event.error, LOAD_FAILED).message }) },
              },
            },
            failed: { tags: ['loadFailed'], on: { 'board.retry': 'loading' } },
            ready: {
              tags: ['ready'],
              // A board left open overnight loads the new day: yesterday's done orders leave it.
              invoke: { src: 'clock' },
              on: {
                'stream.reset': 'loading',
                'clock.tick': [{ guard: 'dayTurned', target: 'loading', actions: 'keepTime' }, { actions: 'keepTime' }],
              },
            },
          },
        },
        stream: {
          invoke: { id: 'orderEvents', src: 'orderEvents', input: ({ context }) => ({ restaurantId: context.restaurantId }) },
          on: {
            'stream.connected': { actions: assign({ live: true }) },
            'stream.lost': { actions: assign({ live: false }) },
            'stream.order': {
              actions: assign({
                queue: ({ context, event }) => (context.queue.includes(event.event.order_id) ? context.queue : [...context.queue, event.event.order_id]),
              }),
            },
          },
        },
        reads: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'canRead', target: 'reading' } },
            reading: {
              invoke: {
                id: 'readOrder',
                src: 'readOrder',
                input: ({ context }) => ({ orderId: context.queue[0]! }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'placeOrder', params: ({ event }) => ({ order: event.output }) },
                    assign({ queue: ({ context }) => context.queue.slice(1) }),
                    'emitTitle',
                  ],
                },
                // Gone or no longer this restaurant's: nothing to place; the board goes on.
                onError: { target: 'idle', actions: assign({ queue: ({ context }) => context.queue.slice(1) }) },
              },
            },
          },
        },
        alert: {
          initial: 'quiet',
          states: {
            quiet: { always: { guard: 'unanswered', target: 'ringing' } },
            ringing: {
              tags: ['ringing'],
              always: { guard: not('unanswered'), target: 'quiet', actions: assign({ ringing: [] }) },
              after: {
                // Re-entered, so the delay starts again: the tone every `soundRepeat` until answered.
                soundRepeat: {
                  target: 'ringing',
                  reenter: true,
                  actions: enqueueActions(({ context, enqueue }) => {
                    if (context.sound) enqueue.emit({ type: 'screen.sound' });
                  }),
                },
              },
              on: { 'alert.acknowledge': { target: 'quiet', actions: assign({ ringing: [] }) } },
            },
          },
        },
        moves: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'order.move': {
                  guard: 'moveAllowed',
                  target: 'moving',
                  actions: assign(({ event }) => ({ move: { orderId: event.orderId, body: moveBody(event) }, refusal: null })),
                },
                'cancel.open': {
                  guard: 'cancelAllowed',
                  target: 'cancelling',
                  actions: assign({ cancel: ({ event }) => ({ orderId: event.orderId, reason: '', error: null }) }),
                },
              },
            },
            cancelling: {
              tags: ['cancelling'],
              on: {
                'cancel.reason': {
                  actions: assign({ cancel: ({ context, event }) => context.cancel && { ...context.cancel, reason: event.reason, error: null } }),
                },
                'cancel.confirm': [
                  {
                    guard: 'hasReason',
                    target: 'moving',
                    actions: assign(({ context }) => ({
                      move: { orderId: context.cancel!.orderId, body: { to: 'cancelled', reason: context.cancel!.reason.trim() } },
                      refusal: null,
                    })),
                  },
                  { actions: assign({ cancel: ({ context }) => context.cancel && { ...context.cancel, error: CANCEL_REASON_REQUIRED } }) },
                ],
                'cancel.close': { target: 'idle', actions: assign({ cancel: null }) },
              },
            },
            moving: {
              tags: ['moving'],
              invoke: {
                id: 'moveOrder',
                src: 'moveOrder',
                input: ({ context }) => context.move!,
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => ({ orders: withOrder(context.orders, event.output), move: null, cancel: null })),
                    emit(({ event }) => ({ type: 'screen.announce', message: `Order #${event.output.number} ${STATUS_WORDS[event.output.status]}.` }) as const),
                    emit(({ context, event }) => focusOn(context, event.output, event.output.id)),
                    'emitTitle',
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    emit(({ context }) => focusOn(context, orderIn(context, context.move!.orderId), context.move!.orderId)),
                    assign(({ context, event }) => ({
                      refusal: { orderId: context.move!.orderId, message: errorText(event.error, MOVE_FAILED).message },
                      // Refused (409): the order changed meanwhile; read it again to show where it is now.
                      queue:
                        isConflict(event.error) && !context.queue.includes(context.move!.orderId) ? [...context.queue, context.move!.orderId] : context.queue,
                      move: null,
                      cancel: null,
                    })),
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

export type OrderBoardMachine = typeof orderBoardMachine;
export type OrderBoardActor = ActorRefFrom<OrderBoardMachine>;
type Snapshot = SnapshotFrom<OrderBoardMachine>;

export const selectOrders = (snapshot: Snapshot) => snapshot.context.orders;
export const selectToday = (snapshot: Snapshot) => snapshot.context.today;
export const selectMovingId = (snapshot: Snapshot) => snapshot.context.move?.orderId ?? null;
export const selectRefusal = (snapshot: Snapshot) => snapshot.context.refusal;
export const selectCancel = (snapshot: Snapshot) => snapshot.context.cancel;
export const selectLive = (snapshot: Snapshot) => snapshot.context.live;
export const selectSound = (snapshot: Snapshot) => snapshot.context.sound;
export const selectTicket = (snapshot: Snapshot) => snapshot.context.orders.find((order) => order.id === snapshot.context.ticketId) ?? null;
export const selectComplete = (snapshot: Snapshot) => snapshot.context.complete;
export const selectNow = (snapshot: Snapshot) => snapshot.context.now;
export const selectRinging = (snapshot: Snapshot) => snapshot.hasTag('ringing');
