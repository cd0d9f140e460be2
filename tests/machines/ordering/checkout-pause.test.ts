import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { orderSlots } from '#contracts/shared/order-slots';
import { checkoutMachine, type CheckoutInput } from '#src/machines/ordering/checkout.machine';
import { scheduleOf } from '#src/machines/ordering/checkout-rules';
import { COLA, OPEN_NOW, storeData } from '#tests/fixtures/ordering/store-data';
import { memoryDetails } from '../../support/details-memory';

/**
 * The checkout of a paused store (issue 45): it says so at its top on the restaurant's clock, offers
 * no "as soon as possible" while the pause is on, and takes a later time; once the pause has
 * ended by the checkout's clock it says nothing and ASAP is back.
 */
const UNTIL = new Date(OPEN_NOW.getTime() + 30 * 60_000);
const paused = storeData({ country: 'United States', pause: { until: UNTIL.toISOString() } });
const lines = [{ item_id: COLA, size_id: null, quantity: 8, extra_selection_ids: [] }];

function start(now: () => Date) {
  const input: CheckoutInput = { store: paused, lines, subtotal: 2000, now, newKey: () => 'key-1', details: memoryDetails() };
  const actor = createActor(checkoutMachine, { input });
  actor.start();
  actor.send({ type: 'fulfilment.choose', fulfilment: 'pickup' });
  actor.send({ type: 'step.next' });
  return actor;
}

describe('checkout of a paused store', () => {
  it('says “Not taking orders until …”, refuses ASAP and takes a time after the pause', { timeout: 5_000 }, () => {
    const actor = start(() => OPEN_NOW);
    expect(actor.getSnapshot().hasTag('time')).toBe(true);
    expect(actor.getSnapshot().context.pauseNote).toBe('Not taking orders until 12:30 PM');
    actor.send({ type: 'time.choose', when: 'asap' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().hasTag('time')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ scheduled_for: 'We are not taking orders until 12:30 PM. You can choose a later time.' });
    const later = orderSlots(scheduleOf(paused), OPEN_NOW, paused.pickup.eta_from)[0]!.slots.find((slot) => Date.parse(slot) >= UNTIL.getTime())!;
    actor.send({ type: 'time.choose', when: later });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().hasTag('contact')).toBe(true);
  });

  it('says nothing and offers ASAP again once the pause has ended by its clock', { timeout: 5_000 }, () => {
    const actor = start(() => UNTIL);
    expect(actor.getSnapshot().context.pauseNote).toBeNull();
    actor.send({ type: 'time.choose', when: 'asap' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().hasTag('contact')).toBe(true);
  });
});
