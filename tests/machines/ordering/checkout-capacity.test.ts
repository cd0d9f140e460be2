import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FREE_PACE, type StoreSlots } from '#contracts/ordering/availability';
import { orderSlots } from '#contracts/shared/order-slots';
import { checkoutMachine, type CheckoutInput } from '#src/machines/ordering/checkout.machine';
import { scheduleOf } from '#src/machines/ordering/checkout-rules';
import { COLA, OPEN_NOW, storeData } from '#tests/fixtures/ordering/store-data';
import { memoryDetails } from '../../support/details-memory';

/**
 * Issue 45 in the checkout: the time step offers the availability engine's slots, read with the
 * kitchen's pace and what each slot holds (GET …/slots/): a full slot is not shown, a time chosen
 * before and full since is cleared saying so, and as soon as possible says when it would be ready,
 * or why it cannot be asked for.
 */
const store = storeData();
const input = (quantity = 1): CheckoutInput => ({
  store,
  lines: [{ item_id: COLA, size_id: null, quantity, extra_selection_ids: [] }],
  subtotal: 2000,
  now: () => OPEN_NOW,
  newKey: () => 'key-1',
  details: memoryDetails(),
  kept: {
    fulfilment: 'pickup',
    address: { street: '', city: '', zip_code: '', notes: '' },
    when: null,
    customer: { name: '', phone: '', email: '' },
    note: '',
    remember: false,
  },
});
const hoursSlots = orderSlots(scheduleOf(store), OPEN_NOW, store.pickup.eta_from).flatMap((day) => day.slots);

/** The checkout at its time step once the slots answer came. */
async function atTime(kitchen: StoreSlots, quantity = 1, when: string | null = null) {
  const actor = createActor(checkoutMachine.provide({ actors: { readSlots: fromPromise(async () => kitchen) } }), {
    input: { ...input(quantity), kept: { ...input().kept!, when } },
  }).start();
  actor.send({ type: 'step.next' });
  expect(actor.getSnapshot().hasTag('time')).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return actor.getSnapshot().context;
}

describe('the checkout’s times, by the kitchen’s pace', () => {
  it('leaves out a full slot and keeps the others', async () => {
    const full = hoursSlots[2]!;
    const context = await atTime({ pace: { ...FREE_PACE, max_orders_per_slot: 3 }, taken: [{ slot: full, orders: 3, items: 3 }] });
    const offered = context.slots.flatMap((day) => day.slots);
    expect(offered).not.toContain(full);
    expect(offered).toEqual(hoursSlots.filter((slot) => slot !== full));
  });

  it('counts the cart’s items against a slot’s item limit', async () => {
    const slot = hoursSlots[1]!;
    const kitchen = { pace: { ...FREE_PACE, max_items_per_slot: 10 }, taken: [{ slot, orders: 1, items: 8 }] };
    expect((await atTime(kitchen, 3)).slots.flatMap((day) => day.slots)).not.toContain(slot);
    expect((await atTime(kitchen, 2)).slots.flatMap((day) => day.slots)).toContain(slot);
  });

  it('clears a time chosen before that is full now, saying so on the field', async () => {
    const slot = hoursSlots[0]!;
    const context = await atTime({ pace: { ...FREE_PACE, max_orders_per_slot: 1 }, taken: [{ slot, orders: 1, items: 1 }] }, 1, slot);
    expect(context.when).toBeNull();
    expect(context.errors.scheduled_for).toMatch(/is no longer offered\. Please choose another time\.$/);
  });

  it('says when as soon as possible would be ready, and why not while paused', async () => {
    expect((await atTime({ pace: FREE_PACE, taken: [] })).asapNote).toMatch(/^As soon as possible: ready around /);
    const paused = await atTime({ pace: { ...FREE_PACE, paused_at: OPEN_NOW.toISOString(), paused_until: hoursSlots[4]! }, taken: [] });
    expect(paused.openNow).toBe(false);
    expect(paused.asapNote).toMatch(/^We are not taking orders until .+\. You can choose a later time\.$/);
    expect(paused.slots.flatMap((day) => day.slots)[0]).toBe(hoursSlots[4]);
  });
});
