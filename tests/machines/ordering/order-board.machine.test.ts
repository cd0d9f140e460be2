import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { OwnerOrder } from '#contracts/ordering';
import { boardColumns } from '#src/machines/ordering/order-board.columns';
import {
  CANCEL_REASON_REQUIRED,
  orderBoardMachine,
  SOUND_REPEAT_MS,
  type Move,
  type OrderBoardEmitted,
  type OrderBoardEvent,
} from '#src/machines/ordering/order-board.machine';
import type { BoardInput, BoardLoad } from '#src/services/ordering/orders';
import { ApiError } from '#src/services/shared/api';
import { BOARD_NOW, BOARD_TODAY, ownerOrder } from '../../fixtures/ordering/owner-orders';
import { assertWalksCover } from '../../support/path-coverage';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as never;
const failure = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as never;

const placed = ownerOrder({ id: 1 });
const accepted = ownerOrder({ id: 1, status: 'accepted' });
const arriving = ownerOrder({ id: 2 });
const load: BoardLoad = { orders: [placed], today: BOARD_TODAY, complete: true };
const streamEvent = { event_id: 5, order_id: 2, restaurant_id: 42, number: 12, status: 'placed', at: arriving.placed_at } as const;
const conflict = new ApiError('This order was cancelled meanwhile.', { status: 409, code: 'conflict' });

describe('order board machine: path coverage', () => {
  // Three small walks instead of one large one (the regions multiply each other's snapshots):
  // no restaurant (with the screen-wide switches), the list and its stream, and the moves.
  it('reaches every state and transition', { timeout: 5_000 }, () => {
    const moves: OrderBoardEvent[] = [
      { type: 'order.move', orderId: 1, to: 'accepted', prep_minutes: 15 },
      // Not offered from placed: the guard keeps the board where it is.
      { type: 'order.move', orderId: 1, to: 'ready' },
      { type: 'cancel.open', orderId: 1 },
      { type: 'cancel.reason', reason: 'Out of dough' },
      { type: 'cancel.confirm' },
      { type: 'cancel.close' },
    ];
    const stream: OrderBoardEvent[] = [
      { type: 'board.retry' },
      { type: 'stream.order', event: streamEvent },
      { type: 'stream.reset' },
      { type: 'stream.connected' },
      { type: 'stream.lost' },
      // The same day, then the next one in the restaurant's zone.
      { type: 'clock.tick', now: BOARD_NOW.toISOString() },
      { type: 'clock.tick', now: new Date(BOARD_NOW.getTime() + 86_400_000).toISOString() },
    ];
    const input = { restaurantId: 42, sound: false };
    assertWalksCover(orderBoardMachine, [
      {
        input: { restaurantId: null, sound: false },
        events: [
          { type: 'sound.toggle', on: true },
          { type: 'ticket.print', orderId: 1 },
        ],
      },
      {
        input,
        events: [
          ...stream,
          done('loadBoard', load),
          failure('loadBoard', new Error('offline')),
          done('readOrder', arriving),
          // The order that rang, accepted elsewhere: the tone stops by itself.
          done('readOrder', ownerOrder({ id: 2, status: 'accepted' })),
          failure('readOrder', new Error('gone')),
          { type: 'alert.acknowledge' },
        ],
        skip: ['order.move', 'cancel.open', 'sound.toggle', 'ticket.print'],
        historyOnly: ['live'],
      },
      {
        input,
        events: [
          ...moves,
          done('loadBoard', load),
          done('moveOrder', accepted),
          failure('moveOrder', conflict),
          failure('moveOrder', new Error('offline')),
          done('readOrder', placed),
        ],
        skip: [
          'board.retry',
          'clock.tick',
          'stream.order',
          'stream.reset',
          'stream.connected',
          'stream.lost',
          'sound.toggle',
          'ticket.print',
          'alert.acknowledge',
          'xstate.error.actor.loadBoard',
          'xstate.error.actor.readOrder',
        ],
      },
    ]);
  });
});

/** The board's actors as a fake server gives them: answered at once, each move recorded. */
function boardActor(options: { refuse?: boolean; loaded?: BoardLoad; clock?: SimulatedClock } = {}) {
  const moves: Move[] = [];
  const reads: number[] = [];
  const loads: BoardInput[] = [];
  let sendEvent: ((event: OrderBoardEvent) => void) | undefined;
  const machine = orderBoardMachine.provide({
    actors: {
      loadBoard: fromPromise<BoardLoad, BoardInput>(async ({ input }) => {
        loads.push(input);
        return options.loaded ?? load;
      }),
      readOrder: fromPromise<OwnerOrder, { orderId: number }>(async ({ input }) => {
        reads.push(input.orderId);
        return ownerOrder({ id: input.orderId });
      }),
      moveOrder: fromPromise<OwnerOrder, Move>(async ({ input }) => {
        moves.push(input);
        if (options.refuse) throw conflict;
        return ownerOrder({ id: input.orderId, status: input.body.to });
      }),
      orderEvents: fromCallback<OrderBoardEvent, { restaurantId: number | null }>(({ sendBack }) => {
        sendEvent = sendBack;
      }),
    },
    actions: { rememberSound: () => undefined },
  });
  const actor = createActor(machine, { input: { restaurantId: 42, sound: true }, ...(options.clock ? { clock: options.clock } : {}) });
  const emitted: OrderBoardEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, moves, reads, loads, emitted, stream: (event: OrderBoardEvent) => sendEvent!(event) };
}

describe('order board machine', () => {
  it('places an order the stream names, announces it with a tone, and counts New in the title', { timeout: 5_000 }, async () => {
    const { actor, emitted, stream } = boardActor();
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    stream({ type: 'stream.order', event: streamEvent });
    await waitFor(actor, (snapshot) => snapshot.context.orders.length === 2);
    expect(boardColumns(actor.getSnapshot().context.orders, BOARD_TODAY).new.map((order) => order.id)).toEqual([1, 2]);
    expect(emitted).toEqual([
      { type: 'screen.title', count: 1 },
      { type: 'screen.announce', message: 'New order #12 from Ada' },
      { type: 'screen.sound' },
      { type: 'screen.title', count: 2 },
    ]);
  });

  it('cancels only with a reason, and sends it trimmed', { timeout: 5_000 }, async () => {
    const { actor, moves } = boardActor();
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'cancel.open', orderId: 1 });
    actor.send({ type: 'cancel.reason', reason: '   ' });
    actor.send({ type: 'cancel.confirm' });
    expect(actor.getSnapshot().context.cancel?.error).toBe(CANCEL_REASON_REQUIRED);
    expect(moves).toEqual([]);
    actor.send({ type: 'cancel.reason', reason: ' Out of dough ' });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (snapshot) => snapshot.context.orders[0]?.status === 'cancelled');
    expect(moves).toEqual([{ orderId: 1, body: { to: 'cancelled', reason: 'Out of dough' } }]);
  });

  it('keeps a refused move’s sentence on its card and reads that order again', { timeout: 5_000 }, async () => {
    const { actor, emitted, reads } = boardActor({ refuse: true });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'order.move', orderId: 1, to: 'accepted', prep_minutes: 10 });
    await waitFor(actor, (snapshot) => snapshot.context.refusal !== null);
    expect(actor.getSnapshot().context.refusal).toEqual({ orderId: 1, message: 'This order was cancelled meanwhile.' });
    expect(emitted).toContainEqual({ type: 'screen.focus', orderId: 1, column: 'new' });
    await waitFor(actor, () => reads.length === 1);
    expect(reads).toEqual([1]);
  });

  it('accepts a booked order for its time once the clock finds its prep window open; the focus follows it to the kitchen', { timeout: 5_000 }, async () => {
    // Booked for 14:00 in Chicago (20:00 UTC): its prep window opens at 13:00 (19:00 UTC).
    const booked = ownerOrder({ id: 4, scheduled_for: '2026-11-27T20:00:00.000Z' });
    const { actor, moves, emitted } = boardActor({ loaded: { orders: [booked], today: BOARD_TODAY, complete: true } });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'clock.tick', now: '2026-11-27T18:59:00.000Z' });
    actor.send({ type: 'order.move', orderId: 4, to: 'accepted' });
    expect(moves).toEqual([]);
    actor.send({ type: 'clock.tick', now: '2026-11-27T19:00:00.000Z' });
    actor.send({ type: 'order.move', orderId: 4, to: 'accepted' });
    await waitFor(actor, (snapshot) => snapshot.context.orders[0]?.status === 'accepted');
    expect(moves).toEqual([{ orderId: 4, body: { to: 'accepted' } }]);
    expect(emitted).toContainEqual({ type: 'screen.focus', orderId: 4, column: 'kitchen' });
  });

  it('takes "today" from a restaurant’s first order, so that order shows in Done today once completed', { timeout: 5_000 }, async () => {
    // Only the date is fixed (the restaurant's "today"); timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BOARD_NOW);
    onTestFinished(() => void vi.useRealTimers());
    const { actor, stream } = boardActor({ loaded: { orders: [], today: null, complete: true } });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    stream({ type: 'stream.order', event: streamEvent });
    await waitFor(actor, (snapshot) => snapshot.context.orders.length === 1);
    actor.send({ type: 'cancel.open', orderId: 2 });
    actor.send({ type: 'cancel.reason', reason: 'Closed early' });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (snapshot) => snapshot.context.orders[0]?.status === 'cancelled');
    const { orders, today } = actor.getSnapshot().context;
    expect(boardColumns(orders, today).done.map((order) => order.id)).toEqual([2]);
  });

  it('loads the new day once the restaurant’s midnight has passed, so yesterday’s done orders leave the board', { timeout: 5_000 }, async () => {
    // Half a minute before midnight in Chicago (the fixture's zone), on the board's "today".
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-28T05:59:30Z'));
    onTestFinished(() => void vi.useRealTimers());
    const { actor, loads } = boardActor();
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    expect(loads).toHaveLength(1);
    // A minute later it is 00:00:30 on the 28th there: the board loads again, for the new date.
    vi.advanceTimersByTime(60_000);
    await waitFor(actor, () => loads.length === 2);
    expect(loads[1]?.now.toISOString()).toBe('2026-11-28T06:00:30.000Z');
  });
});

describe('order board machine: alerts nobody misses (issue 45)', () => {
  const sounds = (emitted: OrderBoardEmitted[]) => emitted.filter((effect) => effect.type === 'screen.sound').length;

  async function ringingBoard() {
    const clock = new SimulatedClock();
    const board = boardActor({ clock });
    await waitFor(board.actor, (snapshot) => snapshot.hasTag('ready'));
    board.stream({ type: 'stream.order', event: streamEvent });
    await waitFor(board.actor, (snapshot) => snapshot.hasTag('ringing'));
    return { ...board, clock };
  }

  it('sounds again every repeat while a new order waits, and stops once it is accepted', { timeout: 5_000 }, async () => {
    const { actor, emitted, clock } = await ringingBoard();
    expect(sounds(emitted)).toBe(1);
    clock.increment(SOUND_REPEAT_MS);
    clock.increment(SOUND_REPEAT_MS);
    expect(sounds(emitted)).toBe(3);
    actor.send({ type: 'order.move', orderId: 2, to: 'accepted', prep_minutes: 15 });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('ringing'));
    clock.increment(SOUND_REPEAT_MS * 3);
    expect(sounds(emitted)).toBe(3);
  });

  it('stops on Acknowledge, and rings again for the next new order', { timeout: 5_000 }, async () => {
    const { actor, emitted, clock, stream } = await ringingBoard();
    actor.send({ type: 'alert.acknowledge' });
    expect(actor.getSnapshot().hasTag('ringing')).toBe(false);
    clock.increment(SOUND_REPEAT_MS * 2);
    expect(sounds(emitted)).toBe(1);
    stream({ type: 'stream.order', event: { ...streamEvent, event_id: 6, order_id: 3 } });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ringing'));
    clock.increment(SOUND_REPEAT_MS);
    expect(sounds(emitted)).toBe(3);
  });

  it('rings on screen but plays nothing with the sound turned off', { timeout: 5_000 }, async () => {
    const { actor, emitted, clock } = await ringingBoard();
    actor.send({ type: 'sound.toggle', on: false });
    clock.increment(SOUND_REPEAT_MS * 2);
    expect([actor.getSnapshot().hasTag('ringing'), sounds(emitted)]).toEqual([true, 1]);
  });
});
