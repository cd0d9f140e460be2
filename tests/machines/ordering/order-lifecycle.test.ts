import { describe, expect, it } from 'vitest';
import { allows, nextStatuses, orderLifecycle, ORDER_STATUSES, paymentMoves, PREP_MINUTES_MAX, prepWindowOpensAt } from '#contracts/ordering/order-lifecycle';
import { assertWalksCover } from '../../support/path-coverage';

/**
 * The order lifecycle (issue 30, item 4): the statechart the server checks every transition
 * with and the board offers moves from. Path coverage over both fulfilments, with the moves'
 * payloads present, missing and out of range, so every guard is seen to let through and refuse.
 */
const EVENTS = [
  { type: 'accept', prep_minutes: 15 },
  { type: 'accept' },
  { type: 'accept', prep_minutes: PREP_MINUTES_MAX + 1 },
  // Booked for 18:00 UTC: accepted from 17:00 on, for that time.
  { type: 'accept', scheduled_for: '2026-12-01T18:00:00Z', at: '2026-12-01T17:00:00Z' },
  { type: 'accept', scheduled_for: '2026-12-01T18:00:00Z', at: '2026-12-01T16:59:00Z', prep_minutes: 15 },
  { type: 'ready' },
  { type: 'out_for_delivery' },
  { type: 'complete' },
  { type: 'cancel', reason: 'Out of dough' },
  { type: 'cancel' },
  { type: 'cancel', reason: '  ' },
] as const;
/** A card order (issue 44): paid, or left unpaid until it expires; the owner's moves do nothing before. */
const CARD_EVENTS = [
  { type: 'accept', prep_minutes: 15 },
  { type: 'cancel', reason: 'Out of dough' },
  { type: 'paid' },
  { type: 'expire' },
  ...EVENTS,
] as const;

describe('order lifecycle: path coverage', () => {
  it('reaches every state and takes every transition across pickup and delivery', () => {
    const [pickup, delivery] = assertWalksCover(orderLifecycle, [
      { input: { fulfilment: 'pickup' }, events: EVENTS },
      { input: { fulfilment: 'delivery' }, events: EVENTS },
      { input: { fulfilment: 'delivery', payment: 'card' }, events: CARD_EVENTS },
    ]);
    // Each fulfilment alone misses the other's branch out of ready, and an order paid in person never waits for a payment.
    expect(pickup!.states.missing).toEqual(['awaiting_payment', 'out_for_delivery', 'expired']);
    expect(delivery!.states.missing).toEqual(['awaiting_payment', 'expired']);
  });
});

describe('order lifecycle: the moves it allows', () => {
  it('offers the board exactly the next moves of each status', () => {
    const next = (fulfilment: 'pickup' | 'delivery') => Object.fromEntries(ORDER_STATUSES.map((status) => [status, nextStatuses(status, fulfilment)]));
    expect(next('pickup')).toEqual({
      // The payment's moves are the server's: the board has none to offer before the order is paid, or after it expired.
      awaiting_payment: [],
      placed: ['accepted', 'cancelled'],
      accepted: ['ready', 'cancelled'],
      ready: ['completed'],
      out_for_delivery: ['completed'],
      completed: [],
      cancelled: [],
      expired: [],
    });
    expect(next('delivery')).toMatchObject({ ready: ['out_for_delivery'], out_for_delivery: ['completed'] });
  });

  it('refuses accepting without a prep time in range and cancelling without a reason', () => {
    expect(allows('placed', 'pickup', { to: 'accepted', prep_minutes: 15 })).toBe(true);
    expect(allows('placed', 'pickup', { to: 'accepted' })).toBe(false);
    expect(allows('placed', 'pickup', { to: 'accepted', prep_minutes: 0 })).toBe(false);
    expect(allows('placed', 'pickup', { to: 'accepted', prep_minutes: 2.5 })).toBe(false);
    expect(allows('accepted', 'delivery', { to: 'cancelled', reason: 'Closed early' })).toBe(true);
    expect(allows('accepted', 'delivery', { to: 'cancelled' })).toBe(false);
    expect(allows('accepted', 'delivery', { to: 'cancelled', reason: ' ' })).toBe(false);
    expect(allows('ready', 'pickup', { to: 'cancelled', reason: 'Too late' })).toBe(false);
    expect(allows('accepted', 'pickup', { to: 'placed' })).toBe(false);
    expect(allows('awaiting_payment', 'pickup', { to: 'accepted', prep_minutes: 15 })).toBe(false);
    expect(allows('awaiting_payment', 'pickup', { to: 'placed' })).toBe(false);
  });

  it('places a card order when it is paid and expires it unpaid, and neither move happens twice', () => {
    expect([paymentMoves('awaiting_payment', 'paid'), paymentMoves('awaiting_payment', 'expire')]).toEqual(['placed', 'expired']);
    expect([paymentMoves('placed', 'paid'), paymentMoves('expired', 'paid'), paymentMoves('placed', 'expire'), paymentMoves('cancelled', 'expire')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('accepts a booked order for its time, with no prep time, only from its prep window on', () => {
    const booked = { to: 'accepted', scheduled_for: '2026-12-01T18:00:00.000Z' } as const;
    expect(prepWindowOpensAt(booked.scheduled_for).toISOString()).toBe('2026-12-01T17:00:00.000Z');
    expect(allows('placed', 'delivery', { ...booked, at: '2026-12-01T17:00:00.000Z' })).toBe(true);
    expect(allows('placed', 'delivery', { ...booked, at: '2026-12-01T19:00:00.000Z' })).toBe(true);
    // A prep time does not move a booked order to the kitchen before its window.
    expect(allows('placed', 'delivery', { ...booked, at: '2026-12-01T16:59:59.000Z', prep_minutes: 10 })).toBe(false);
    expect(allows('placed', 'delivery', booked)).toBe(false);
  });
});
