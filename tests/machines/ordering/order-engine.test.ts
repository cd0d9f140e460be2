import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#contracts/ordering';
import { CHOICE_MESSAGES, lineProblems } from '#contracts/ordering/order-choices';
import { priceLines, unitCents } from '#contracts/ordering/order-pricing';
import { belowMinimum, feeCents, orderFigures, termsOf } from '#contracts/ordering/order-terms';
import { STATUS_WORDS, statusWords } from '#contracts/ordering/order-words';
import { fromCents, toCents } from '#contracts/shared/cents';
import { formatMoney } from '#contracts/shared/money-format';
import { checkedLine, subtotalCents } from '#src/machines/ordering/cart-lines';
import { BASIL, COLA, LARGE, MARGHERITA, OLIVES, SMALL, THICK, THIN, storeData } from '#tests/fixtures/ordering/store-data';

/**
 * The order engine (contracts/ordering/, issue 42), which the server prices and refuses with and
 * the cart and checkout show: its choice rules and sentences, its pricing in cents, the delivery
 * terms at their boundaries (issue 40, item 19: amounts a float's ×100 truncates, £2.30 is
 * 229.99…, £8.20 819.99…, £19.99 1998.99…; the server's side of the same boundaries is
 * tests/server/ordering/place-order.test.ts, "the rules at their boundaries"), and status words.
 * That both ends answer alike is tests/server/ordering/order-engine-both-ends.test.ts.
 */
const terms = termsOf({ fee: 2.3, min_order: 8.2, free_over: 19.99 });
const menu = storeData().categories;
const pizza = { item_id: MARGHERITA, size_id: LARGE, extra_selection_ids: [THICK, OLIVES], quantity: 2 };
const cola = { item_id: COLA, size_id: null, extra_selection_ids: [], quantity: 1 };
const messages = (line: Parameters<typeof lineProblems>[1]) => lineProblems(menu, line).map((problem) => [problem.field, problem.message]);

describe('the order engine’s choice rules', () => {
  it('takes a line that keeps every rule', () => {
    expect([lineProblems(menu, pizza), lineProblems(menu, cola)]).toEqual([[], []]);
  });

  it('names each broken rule in one sentence, by the field to change; a vanished item hides the rest', () => {
    expect(messages({ ...pizza, size_id: null, extra_selection_ids: [THIN, THICK], quantity: 51, note: 'x'.repeat(201) })).toEqual([
      ['size_id', 'Choose a size.'],
      ['extra_selection_ids', 'Choose only one: Crust.'],
      ['quantity', ORDER_MESSAGES.quantity],
      ['note', 'At most 200 characters.'],
    ]);
    expect(messages({ ...pizza, extra_selection_ids: [OLIVES] })).toEqual([['extra_selection_ids', 'Choose one: Crust.']]);
    expect(messages({ ...cola, size_id: SMALL })).toEqual([['size_id', 'This dish comes in one size: leave the size out.']]);
    expect(messages({ ...cola, item_id: 999, size_id: 5, quantity: 0 })).toEqual([['item_id', 'This dish is not on the menu any more.']]);
  });

  it('tells a choice the menu no longer offers (unavailable) from one that breaks a rule', () => {
    const problems = lineProblems(menu, { ...pizza, size_id: 99, extra_selection_ids: [THIN, 999] });
    expect(problems.map((problem) => [problem.message, problem.unavailable])).toEqual([
      ['This dish is not offered in this size any more. Choose one of its sizes.', true],
      ['Some of these extras are not offered with this dish any more.', true],
    ]);
  });

  it('refuses an extra chosen twice, at both ends alike (never merged into one)', () => {
    expect(messages({ ...pizza, extra_selection_ids: [THIN, OLIVES, OLIVES] })).toEqual([['extra_selection_ids', CHOICE_MESSAGES.extraTwice]]);
    expect(unitCents(menu, { ...pizza, extra_selection_ids: [THIN, OLIVES, OLIVES] })).toBeNull();
  });

  it('marks a group’s broken rule with its group, for the dialog’s field', () => {
    expect(lineProblems(menu, { ...pizza, extra_selection_ids: [] })[0]).toMatchObject({ group_id: 7, unavailable: false });
  });
});

describe('the order engine’s pricing, in cents', () => {
  it('prices a line as (item or size + extras) × quantity and the order as the lines’ sum', () => {
    const priced = priceLines(menu, [pizza, { ...pizza, size_id: SMALL, extra_selection_ids: [THIN, OLIVES, BASIL], quantity: 1 }, cola]);
    expect(priced.ok && priced.lines.map((line) => [line.item_cents, line.extras.map((extra) => extra.price_cents), line.unit_cents, line.line_cents])).toEqual(
      [
        [1400, [150, 75], 1625, 3250],
        [900, [0, 75, 50], 1025, 1025],
        [250, [], 250, 250],
      ],
    );
    expect(priced.ok && priced.subtotal_cents).toBe(3250 + 1025 + 250);
  });

  it('answers every refused line by its index, and prices nothing then', () => {
    const priced = priceLines(menu, [cola, { ...pizza, size_id: null }, cola, { ...cola, item_id: 999 }]);
    expect(priced.ok).toBe(false);
    expect(!priced.ok && [...priced.problems.keys()]).toEqual([1, 3]);
  });
});

describe('the delivery terms, a penny either side', () => {
  it('reads the store’s terms in cents, rounded', () => {
    expect(terms).toEqual({ fee: 230, min_order: 820, free_over: 1999 });
    expect(termsOf({ fee: 0, min_order: null, free_over: null })).toEqual({ fee: 0, min_order: null, free_over: null });
  });

  it('delivers free from the free-over amount on, and charges the fee a penny below it; pickup never pays it', () => {
    expect([feeCents('delivery', 1998, terms), feeCents('delivery', 1999, terms), feeCents('delivery', 2000, terms)]).toEqual([230, 0, 0]);
    expect(feeCents('pickup', 1998, terms)).toBe(0);
  });

  it('lets a delivery of exactly the minimum through and stops one a penny below it; pickup has no minimum', () => {
    expect([belowMinimum('delivery', 819, terms), belowMinimum('delivery', 820, terms)]).toEqual([true, false]);
    expect(belowMinimum('pickup', 819, terms)).toBe(false);
  });

  it('answers the subtotal, fee and total, and below the minimum the one sentence both ends say', () => {
    expect(orderFigures('delivery', 1998, terms, 'GBP')).toEqual({ subtotal: 1998, fee: 230, total: 2228, minimum: null });
    expect(orderFigures('delivery', 819, terms, 'GBP')).toEqual({
      subtotal: 819,
      fee: 230,
      total: 1049,
      minimum: 'Delivery needs a minimum order of £8.20: add £0.01 more to place it.',
    });
    expect(orderFigures('pickup', 819, terms, 'GBP')).toEqual({ subtotal: 819, fee: 0, total: 819, minimum: null });
  });
});

describe('the cart’s money, rounded to the cent', () => {
  // Margherita small at 19.99 with a thick crust at 0.29: both truncate (1998, 28) if ×100 is cut.
  const [sized, drinks] = menu as [(typeof menu)[number], (typeof menu)[number]];
  const crust = sized.extra_groups[0]!;
  const pennies = [
    {
      ...sized,
      items: [{ ...sized.items[0]!, prices: sized.items[0]!.prices.map((price) => (price.size_id === SMALL ? { ...price, price: 19.99 } : price)) }],
      extra_groups: [{ ...crust, selections: crust.selections.map((selection) => (selection.id === THICK ? { ...selection, price: 0.29 } : selection)) }],
    },
    drinks,
  ];
  const choice = { item_id: MARGHERITA, size_id: SMALL, extra_selection_ids: [THICK], quantity: 3, note: '' };

  it('prices £19.99 with £0.29 as 2,028 cents, and three of them as 6,084', () => {
    expect([toCents(0.29), toCents(19.99), toCents(19.99) * 3, fromCents(6084)]).toEqual([29, 1999, 5997, 60.84]);
    expect(unitCents(pennies, choice)).toBe(2028);
    const line = checkedLine(pennies, { key: 'line-1', ...choice, unit_cents: 2028 });
    expect(line.problem).toBeNull();
    expect(subtotalCents([line])).toBe(6084);
  });

  it('writes cents as money without losing a cent, in the store’s own currency', () => {
    expect([formatMoney(29 / 100, 'GBP'), formatMoney(5997 / 100, 'GBP'), formatMoney(6084 / 100, 'CAD'), formatMoney(819 / 100, 'USD')]).toEqual([
      '£0.29',
      '£59.97',
      '$60.84',
      '$8.19',
    ]);
    // A third decimal (an average, a share) is rounded half up as people do, not cut off.
    expect([formatMoney(1.005, 'USD'), formatMoney(2.675, 'GBP')]).toEqual(['$1.01', '£2.68']);
  });
});

describe('status words', () => {
  it('names a status inside a sentence one way everywhere, and tells the customer what happens next', () => {
    expect(`This order is ${STATUS_WORDS.ready}; it cannot become ${STATUS_WORDS.placed}.`).toBe('This order is ready; it cannot become new.');
    expect([statusWords('ready', 'pickup'), statusWords('ready', 'delivery'), statusWords('completed', 'delivery')]).toEqual([
      'Ready for pickup',
      'Ready: waiting for the driver',
      'Delivered',
    ]);
  });
});

describe('the category choice model (primary options, toppings, dressing)', () => {
  const [sized, drinks] = menu as [(typeof menu)[number], (typeof menu)[number]];
  const modelled = {
    ...sized,
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
    allow_remove_toppings: true,
    allow_add_toppings: true,
    max_extra_toppings: 2,
  };
  const withModel = [modelled, drinks];
  const asItComes = { ...pizza, quantity: 1 };
  const problemsOf = (choice: Partial<Parameters<typeof lineProblems>[1]>, category: object = {}) =>
    lineProblems([{ ...modelled, ...category }, drinks], { ...asItComes, ...choice }).map((problem) => [problem.field, problem.message, problem.unavailable]);

  it('takes a line that names none of it as the dish comes, each primary set at its first selection (a specification-only client)', () => {
    const priced = priceLines(withModel, [asItComes]);
    expect(priced.ok && priced.lines[0]!.options).toEqual({
      primary: [{ id: 11, name: 'Base: Tomato', price_cents: 0 }],
      removed: [],
      added: [],
      dressing: null,
      cents: 0,
    });
    expect(priced.ok && priced.lines[0]!.unit_cents).toBe(1625);
  });

  it('prices each choice (free unless the owner set a price) into the line: a primary selection, extra toppings, the dressing', () => {
    const choice = { primary_selection_ids: [12], removed_topping_ids: [21], added_topping_ids: [22, 23], dressing_id: 31, quantity: 2 };
    const priced = priceLines(withModel, [{ ...asItComes, ...choice }]);
    expect(priced.ok && [priced.lines[0]!.options.cents, priced.lines[0]!.unit_cents, priced.lines[0]!.line_cents]).toEqual([
      100 + 50 + 125,
      1625 + 275,
      (1625 + 275) * 2,
    ]);
  });

  it('wants exactly one selection of each primary set, once named', () => {
    expect(problemsOf({ primary_selection_ids: [] })).toEqual([['primary_selection_ids', 'Choose one: Base.', false]]);
    expect(problemsOf({ primary_selection_ids: [11, 12] })).toEqual([['primary_selection_ids', 'Choose only one: Base.', false]]);
    expect(problemsOf({ primary_selection_ids: [11, 99] })).toEqual([
      ['primary_selection_ids', 'Some of these options are not offered with this dish any more.', true],
    ]);
  });

  it('adds at most max_extra_toppings, none when adding is off or the maximum is 0 (the default), and removes only when allowed', () => {
    expect(problemsOf({ added_topping_ids: [21, 22, 23] })).toEqual([['added_topping_ids', 'Add at most 2 extra toppings.', false]]);
    expect(problemsOf({ added_topping_ids: [22] }, { allow_add_toppings: false })).toEqual([
      ['added_topping_ids', 'Extra toppings cannot be added to this dish.', false],
    ]);
    expect(problemsOf({ added_topping_ids: [22] }, { max_extra_toppings: undefined })).toEqual([
      ['added_topping_ids', 'Extra toppings cannot be added to this dish.', false],
    ]);
    expect(problemsOf({ removed_topping_ids: [21] }, { allow_remove_toppings: false })).toEqual([
      ['removed_topping_ids', 'Toppings cannot be left off this dish.', false],
    ]);
    expect(problemsOf({ removed_topping_ids: [21, 22, 23] })).toEqual([]);
  });

  it('refuses a topping twice, left off and added at once, or not the dish’s; and a dressing it does not offer', () => {
    expect(problemsOf({ added_topping_ids: [22, 22] })).toEqual([['added_topping_ids', 'Each topping can be chosen once.', false]]);
    expect(problemsOf({ removed_topping_ids: [22], added_topping_ids: [22] })).toEqual([
      ['added_topping_ids', 'A topping cannot be both left off and added.', false],
    ]);
    expect(problemsOf({ removed_topping_ids: [99] })).toEqual([
      ['removed_topping_ids', 'Some of these toppings are not offered with this dish any more.', true],
    ]);
    expect(problemsOf({ dressing_id: 99 })).toEqual([['dressing_id', 'This dressing is not offered with this dish any more.', true]]);
    expect(lineProblems(withModel, { ...cola, dressing_id: 31 })).toEqual([
      { field: 'dressing_id', message: 'This dressing is not offered with this dish any more.', unavailable: true },
    ]);
  });
});
