import { describe, expect, it } from 'vitest';
import { formatMoney } from '#contracts/shared/money-format';
import { belowMinimum, feeCents, termsOf } from '#src/machines/ordering/checkout-rules';
import { cents, checkedLine, subtotalCents, unitCents } from '#src/machines/ordering/cart-lines';
import { MARGHERITA, SMALL, THICK, storeData } from '#tests/fixtures/ordering/store-data';

/**
 * Issue 40, item 19: the browser's money rules at their boundaries (the server holds an order to
 * the same ones: tests/server/ordering/place-order.test.ts, "the rules at their boundaries").
 * Amounts are ones a float's ×100 truncates: £2.30 is 229.99…, £8.20 819.99…, £19.99 1998.99….
 */
const terms = termsOf({ fee: 2.3, min_order: 8.2, free_over: 19.99 });

describe('the checkout’s delivery terms, a penny either side', () => {
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
});

describe('the cart’s money, rounded to the cent', () => {
  // Margherita small at 19.99 with a thick crust at 0.29: both truncate (1998, 28) if ×100 is cut.
  const base = storeData();
  const [pizza, drinks] = base.categories as [(typeof base.categories)[number], (typeof base.categories)[number]];
  const crust = pizza.extra_groups[0]!;
  const menu = [
    {
      ...pizza,
      items: [{ ...pizza.items[0]!, prices: pizza.items[0]!.prices.map((price) => (price.size_id === SMALL ? { ...price, price: 19.99 } : price)) }],
      extra_groups: [{ ...crust, selections: crust.selections.map((selection) => (selection.id === THICK ? { ...selection, price: 0.29 } : selection)) }],
    },
    drinks,
  ];
  const choice = { item_id: MARGHERITA, size_id: SMALL, extra_selection_ids: [THICK], quantity: 3, note: '' };

  it('prices £19.99 with £0.29 as 2,028 cents, and three of them as 6,084', () => {
    expect([cents(0.29), cents(19.99), cents(19.99) * 3]).toEqual([29, 1999, 5997]);
    expect(unitCents(menu, choice)).toBe(2028);
    const line = checkedLine(menu, { key: 'line-1', ...choice, unit_cents: 2028 });
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
