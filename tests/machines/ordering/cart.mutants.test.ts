/**
 * Cart: what the customer and the server see on the paths its behaviour tests leave out (the
 * item count, a line whose dish is gone, the category model's choices on the line and in the
 * dialog, the 50-line limit, keys kept by an older page, each change told to the page's storage).
 * Written for the mutants Stryker makes of the machine (npm run mutants:each -- cart) that no earlier test noticed.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ORDER_LINES_MAX, ORDER_MESSAGES } from '#contracts/ordering';
import { LINE_PROBLEMS, itemCount, orderLines, type CartChoice, type StoredLine, type StoreMenu } from '#src/machines/ordering/cart-lines';
import { cartMachine } from '#src/machines/ordering/cart.machine';
import { COLA, LARGE, MARGHERITA, OLIVES, THICK, storeData } from '#tests/fixtures/ordering/store-data';
import { stateTags } from '../../support/state-tags';

const menu = storeData().categories;
const pizza: CartChoice = { item_id: MARGHERITA, size_id: LARGE, extra_selection_ids: [THICK, OLIVES], quantity: 1, note: '' };
const cola: CartChoice = { item_id: COLA, size_id: null, extra_selection_ids: [], quantity: 1, note: '' };
const storedCola = (key: string, quantity = 1): StoredLine => ({ ...cola, key, quantity, unit_cents: 250 });

function start(stored: StoredLine[] = [], onMenu: StoreMenu = menu) {
  const actor = createActor(cartMachine, { input: { menu: onMenu, stored } });
  const emitted: { type: string; [key: string]: unknown }[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const lines = () => actor.getSnapshot().context.lines;
  /** What the page last stored for the next visit. */
  const storedNow = () => emitted.filter((event) => event.type === 'cart.changed').at(-1)?.lines as StoredLine[] | undefined;
  const refusals = () => emitted.filter((event) => event.type === 'line.refused').map((event) => event.errors);
  return { actor, emitted, lines, storedNow, refusals };
}

/** The pizza category with the specification's choice model: a primary set, toppings, a dressing. */
const [pizzas, drinks] = [menu[0]!, menu[1]!];
const modelledMenu: StoreMenu = [
  {
    ...pizzas,
    primary_option_sets: [
      {
        id: 1,
        name: 'Base',
        selections: [
          { id: 11, name: 'Tomato' },
          { id: 12, name: 'Cream', price: 1 },
        ],
      },
    ],
    toppings: [
      { id: 21, name: 'Onions' },
      { id: 22, name: 'Olives', price: 0.5 },
      { id: 23, name: 'Ham', price: 1.25 },
    ],
    dressings: [{ id: 31, name: 'Ranch' }],
    max_extra_toppings: 2,
  },
  drinks,
];

describe('cart: what the panel shows', () => {
  it('tells the panel empty, flagged or ready by the one tag of each it reads', () => {
    const tagsAt = stateTags(cartMachine, { menu, stored: [] });
    const read = ['empty', 'flagged', 'ready'];
    expect(read.map((state) => tagsAt(state).filter((tag) => read.includes(tag)))).toEqual([['empty'], ['flagged'], ['ready']]);
  });

  it('counts the items charged: the quantities of the lines without a problem', () => {
    const { lines } = start([storedCola('line-1', 3), { ...storedCola('line-2', 2), item_id: 999 }, storedCola('line-3', 4)]);
    expect(itemCount(lines())).toBe(7);
  });

  it('names a line whose dish is gone "An item", with no size and no extras', () => {
    const { lines } = start([{ ...pizza, key: 'line-1', item_id: 999, unit_cents: 1625 }]);
    expect(lines()[0]).toMatchObject({ name: 'An item', size_name: '', extras: [], problem: LINE_PROBLEMS.gone });
  });

  it('names the category model’s choices after the extras, in the words the kitchen reads, and sends them', () => {
    const { actor, lines } = start([], modelledMenu);
    const choice = { ...pizza, primary_selection_ids: [12], removed_topping_ids: [21], added_topping_ids: [22], dressing_id: 31 };
    actor.send({ type: 'line.add', choice });
    expect(lines()[0]!.extras).toEqual(['Thick', 'Olives', 'Base: Cream', 'No onions', 'Extra olives', 'Dressing: Ranch']);
    expect(orderLines(lines())).toEqual([
      {
        item_id: MARGHERITA,
        size_id: LARGE,
        quantity: 1,
        extra_selection_ids: [THICK, OLIVES],
        primary_selection_ids: [12],
        removed_topping_ids: [21],
        added_topping_ids: [22],
        dressing_id: 31,
      },
    ]);
  });
});

describe('cart: the item dialog’s refusals', () => {
  it('puts each broken rule of the category model and of the note on its own field of the dialog', () => {
    const { actor, refusals, lines } = start([], modelledMenu);
    actor.send({
      type: 'line.add',
      choice: { ...pizza, primary_selection_ids: [], removed_topping_ids: [99], added_topping_ids: [21, 22, 23], dressing_id: 99, note: 'x'.repeat(201) },
    });
    expect(refusals()).toEqual([
      {
        primary: 'Choose one: Base.',
        'removed-toppings': 'Some of these toppings are not offered with this dish any more.',
        'added-toppings': 'Add at most 2 extra toppings.',
        dressing: 'This dressing is not offered with this dish any more.',
        note: 'At most 200 characters.',
      },
    ]);
    expect(lines()).toEqual([]);
  });

  it(`holds at most ${ORDER_LINES_MAX} lines: one more is refused, saying so, unless the choice has a fault of its own to fix first`, () => {
    const full = Array.from({ length: ORDER_LINES_MAX }, (_, index) => storedCola(`line-${index + 1}`));
    const { actor, refusals, lines } = start(full);
    actor.send({ type: 'line.add', choice: cola });
    actor.send({ type: 'line.add', choice: { ...cola, quantity: 0 } });
    expect(refusals()).toEqual([{ item: ORDER_MESSAGES.lines }, { quantity: ORDER_MESSAGES.quantity }]);
    expect(lines()).toHaveLength(ORDER_LINES_MAX);
    actor.send({ type: 'line.remove', key: 'line-1' });
    actor.send({ type: 'line.add', choice: cola });
    expect(lines()).toHaveLength(ORDER_LINES_MAX);
    expect(refusals()).toHaveLength(2);
  });
});

describe('cart: lines kept in the browser', () => {
  it('gives a new line a key no stored line holds, past line-9 and beside a key an older page made', () => {
    const { actor, lines } = start([storedCola('line-9'), storedCola('line-10'), storedCola('kept-before')]);
    actor.send({ type: 'line.add', choice: pizza });
    const keys = lines().map((line) => line.key);
    expect(new Set(keys).size).toBe(4);
    // The new line is the one changed and removed, never a stored one under the same key.
    actor.send({ type: 'line.quantity', key: keys[3]!, quantity: 2 });
    expect(lines().map((line) => line.quantity)).toEqual([1, 1, 1, 2]);
    actor.send({ type: 'line.remove', key: keys[3]! });
    expect(lines().map((line) => line.item_id)).toEqual([COLA, COLA, COLA]);
  });

  it('changes one line’s quantity, down to 1 and never to a fraction, and stores the change', () => {
    const { actor, lines, storedNow } = start([storedCola('line-1', 3), storedCola('line-2', 3)]);
    actor.send({ type: 'line.quantity', key: 'line-1', quantity: 1 });
    actor.send({ type: 'line.quantity', key: 'line-2', quantity: 2.5 });
    expect(lines().map((line) => line.quantity)).toEqual([1, 3]);
    expect(storedNow()!.map((line) => line.quantity)).toEqual([1, 3]);
  });

  it('stores what is left after a line is removed, and nothing once the cart is cleared', () => {
    const { actor, lines, storedNow } = start([storedCola('line-1'), storedCola('line-2')]);
    actor.send({ type: 'line.remove', key: 'line-1' });
    expect(storedNow()!.map((line) => line.key)).toEqual(['line-2']);
    actor.send({ type: 'cart.clear' });
    expect(lines()).toEqual([]);
    expect(storedNow()).toEqual([]);
    expect(actor.getSnapshot().hasTag('empty')).toBe(true);
  });

  it('sends a stored line’s note trimmed, and no note when it is only spaces', () => {
    const { lines } = start([
      { ...storedCola('line-1'), note: '  no ice  ' },
      { ...storedCola('line-2'), note: '   ' },
    ]);
    expect(orderLines(lines()).map((line) => line.note)).toEqual(['no ice', undefined]);
    expect(orderLines(lines())[1]).not.toHaveProperty('note');
  });
});
