import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#contracts/ordering';
import { LINE_PROBLEMS, orderLines, subtotalCents, type StoredLine } from '#src/machines/ordering/cart-lines';
import { cartMachine } from '#src/machines/ordering/cart.machine';
import { COLA, LARGE, MARGHERITA, OLIVES, SMALL, THICK, THIN, storeData } from '#tests/fixtures/ordering/store-data';
import { assertPathCoverage } from '../../support/path-coverage';

const menu = storeData().categories;
const pizza = { item_id: MARGHERITA, size_id: LARGE, extra_selection_ids: [THICK, OLIVES], quantity: 2, note: ' no garlic ' };
const cola = { item_id: COLA, size_id: null, extra_selection_ids: [], quantity: 1, note: '' };

function start(stored: StoredLine[] = []) {
  const actor = createActor(cartMachine, { input: { menu, stored } });
  const emitted: { type: string; [key: string]: unknown }[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted };
}

describe('cart machine', () => {
  it('reaches every state and transition', () => {
    // One stored line whose price changed (flagged); the walk goes no further than two lines.
    const stored: StoredLine = { ...cola, key: 'line-1', unit_cents: 200 };
    assertPathCoverage(cartMachine, {
      input: { menu, stored: [stored] },
      within: (snapshot) => snapshot.context.lines.length <= 2 && snapshot.context.nextKey <= 4,
      events: [
        { type: 'line.add', choice: cola },
        { type: 'line.add', choice: { ...cola, quantity: 0 } },
        { type: 'line.quantity', key: 'line-2', quantity: 3 },
        { type: 'line.quantity', key: 'line-2', quantity: 51 },
        { type: 'line.remove', key: 'line-1' },
        { type: 'cart.clear' },
        { type: 'clock.tick' },
      ],
      limit: 200,
    });
  });

  it('prices a line from the menu in cents, keeps the note trimmed, and sends no price in the order lines', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'line.add', choice: pizza });
    actor.send({ type: 'line.add', choice: cola });
    const { lines } = actor.getSnapshot().context;
    expect(lines.map((line) => [line.name, line.size_name, line.extras, line.unit_cents, line.note])).toEqual([
      ['Margherita', 'Large', ['Thick', 'Olives'], 1625, 'no garlic'],
      ['Cola', '', [], 250, ''],
    ]);
    expect(subtotalCents(lines)).toBe(2 * 1625 + 250);
    expect(orderLines(lines)).toEqual([
      { item_id: MARGHERITA, size_id: LARGE, quantity: 2, extra_selection_ids: [THICK, OLIVES], note: 'no garlic' },
      { item_id: COLA, size_id: null, quantity: 1, extra_selection_ids: [] },
    ]);
    expect(emitted.filter((event) => event.type === 'line.added').map((event) => event.name)).toEqual(['Margherita', 'Cola']);
    // What is stored for the next visit: the choice and its price, under a key that survives.
    expect(emitted.filter((event) => event.type === 'cart.changed').at(-1)!.lines).toEqual([
      { key: 'line-1', item_id: MARGHERITA, size_id: LARGE, extra_selection_ids: [THICK, OLIVES], quantity: 2, note: 'no garlic', unit_cents: 1625 },
      { key: 'line-2', item_id: COLA, size_id: null, extra_selection_ids: [], quantity: 1, note: '', unit_cents: 250 },
    ]);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
  });

  it('refuses a choice that breaks the item’s rules, saying which field and why, and adds nothing', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'line.add', choice: { ...pizza, size_id: null, extra_selection_ids: [THIN, THICK], quantity: 51 } });
    actor.send({ type: 'line.add', choice: { ...pizza, extra_selection_ids: [] } });
    expect(emitted.filter((event) => event.type === 'line.refused').map((event) => event.errors)).toEqual([
      { size: 'Choose a size.', 'group-7': 'Choose only one: Crust.', quantity: ORDER_MESSAGES.quantity },
      { 'group-7': 'Choose one: Crust.' },
    ]);
    expect(actor.getSnapshot().context.lines).toEqual([]);
    expect(actor.getSnapshot().hasTag('empty')).toBe(true);
  });

  it('refuses an extra chosen twice as the server does (never merged into one and sent), and a dish gone from the menu', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'line.add', choice: { ...pizza, extra_selection_ids: [THICK, OLIVES, OLIVES] } });
    actor.send({ type: 'line.add', choice: { ...cola, item_id: 999 } });
    expect(emitted.filter((event) => event.type === 'line.refused').map((event) => event.errors)).toEqual([
      { extras: 'Each extra can be chosen once.' },
      { item: 'This dish is not on the menu any more.' },
    ]);
    expect(actor.getSnapshot().context.lines).toEqual([]);
  });

  it('flags a stored line whose item vanished, whose price changed or whose choice is gone, and never charges it', () => {
    const { actor } = start([
      { ...cola, key: 'line-1', unit_cents: 250 },
      { ...cola, key: 'line-2', item_id: 999, unit_cents: 500 },
      { ...pizza, key: 'line-3', size_id: SMALL, extra_selection_ids: [THIN], unit_cents: 800 },
      { ...pizza, key: 'line-7', extra_selection_ids: [THIN, 999], unit_cents: 1400 },
    ]);
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.lines.map((line) => [line.key, line.problem])).toEqual([
      ['line-1', null],
      ['line-2', LINE_PROBLEMS.gone],
      ['line-3', LINE_PROBLEMS.price],
      ['line-7', LINE_PROBLEMS.changed],
    ]);
    expect(subtotalCents(snapshot.context.lines)).toBe(250);
    expect(snapshot.hasTag('flagged')).toBe(true);
    for (const key of ['line-2', 'line-3', 'line-7']) actor.send({ type: 'line.remove', key });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    // New lines never reuse a stored line's key.
    actor.send({ type: 'line.add', choice: cola });
    expect(actor.getSnapshot().context.lines.at(-1)!.key).toBe('line-8');
  });

  it('changes a quantity only within 1 to 50', () => {
    const { actor } = start([{ ...cola, key: 'line-1', unit_cents: 250 }]);
    actor.send({ type: 'line.quantity', key: 'line-1', quantity: 50 });
    actor.send({ type: 'line.quantity', key: 'line-1', quantity: 51 });
    actor.send({ type: 'line.quantity', key: 'line-1', quantity: 0 });
    expect(actor.getSnapshot().context.lines[0]!.quantity).toBe(50);
  });

  describe('sold out (issue 45)', () => {
    // Margherita sold out until 21:00 in Chicago; the cart's clock starts at 20:00 there.
    const soldOutMenu = menu.map((category) => ({
      ...category,
      items: category.items.map((item) => (item.id === MARGHERITA ? { ...item, sold_out_until: '2026-11-27T03:00:00Z' } : item)),
    }));
    let now = new Date('2026-11-27T02:00:00Z');
    const soldOut = { clock: { zone: 'America/Chicago', country: 'United States' }, now: () => now };
    const startSoldOut = (stored: StoredLine[]) => {
      const actor = createActor(cartMachine, { input: { menu: soldOutMenu, stored, soldOut } });
      const emitted: { type: string; [key: string]: unknown }[] = [];
      actor.on('*', (event) => emitted.push(event));
      return { actor: actor.start(), emitted };
    };
    const storedPizza: StoredLine = { ...pizza, note: '', key: 'line-1', unit_cents: 1625 };

    it('flags a line holding a sold-out item, does not charge it, and lets it be ordered again by itself at the time', () => {
      now = new Date('2026-11-27T02:00:00Z');
      const { actor } = startSoldOut([storedPizza, { ...cola, key: 'line-2', unit_cents: 250 }]);
      expect(actor.getSnapshot().context.lines.map((line) => line.problem)).toEqual([LINE_PROBLEMS.soldOut, null]);
      expect(actor.getSnapshot().hasTag('flagged')).toBe(true);
      expect(orderLines(actor.getSnapshot().context.lines).map((line) => line.item_id)).toEqual([COLA]);
      now = new Date('2026-11-27T02:59:59Z');
      actor.send({ type: 'clock.tick' });
      expect(actor.getSnapshot().hasTag('flagged')).toBe(true);
      now = new Date('2026-11-27T03:00:00Z');
      actor.send({ type: 'clock.tick' });
      expect(actor.getSnapshot().context.lines.map((line) => line.problem)).toEqual([null, null]);
      expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    });

    it('refuses to add a sold-out item, saying until when', () => {
      now = new Date('2026-11-27T02:00:00Z');
      const { actor, emitted } = startSoldOut([]);
      actor.send({ type: 'line.add', choice: pizza });
      expect(emitted.filter((event) => event.type === 'line.refused').map((event) => event.errors)).toEqual([
        { item: 'Margherita is sold out until 9:00 PM. Please remove it from your order.' },
      ]);
      expect(actor.getSnapshot().hasTag('empty')).toBe(true);
    });
  });
});
