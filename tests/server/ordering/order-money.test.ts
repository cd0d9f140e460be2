import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_TOTAL_MAX_CENTS } from '#contracts/ordering';
import { orderMoney, type CouponTerms, type MoneyInput, type TaxTerms, type TipChoice } from '#contracts/ordering/order-money';

/**
 * The order's money (issue 43, `contracts/ordering/order-money.ts`): worked examples a reader can
 * check with a pencil, then properties for any lines, fee, tax settings, coupon and tip.
 */
const TEXAS: TaxTerms = { prices_include_tax: false, default_rate: 8.25, delivery_fee_taxable: false, category_rates: [] };
const UK: TaxTerms = { prices_include_tax: true, default_rate: 20, delivery_fee_taxable: true, category_rates: [] };
const MAINS = 1;
const DRINKS = 2;
const GROCERIES = 3;
/** Brisket plate $10.00, pulled pork sandwich $10.00, 2 × sweet tea $2.49. */
const TEXAS_LINES = [
  { line_cents: 1000, category_id: MAINS },
  { line_cents: 1000, category_id: MAINS },
  { line_cents: 498, category_id: DRINKS },
];
/** Fish and chips £12.50, mushy peas £3.00. */
const UK_LINES = [
  { line_cents: 1250, category_id: MAINS },
  { line_cents: 300, category_id: MAINS },
];
const order = (input: Partial<MoneyInput>): MoneyInput => ({ lines: TEXAS_LINES, fee: 0, taxes: TEXAS, coupon: null, tip: null, ...input });
const usd = (input: Partial<MoneyInput>) => orderMoney(order(input), 'USD');
const gbp = (input: Partial<MoneyInput>) => orderMoney(order({ lines: UK_LINES, taxes: UK, ...input }), 'GBP');
const NO_DISCOUNT = { discount: 0 };

describe('worked examples', { timeout: 5_000 }, () => {
  it('Texas, 8.25 % added: each line taxed and rounded half up, then summed, never the total taxed', () => {
    // $10.00 × 8.25 % = 82.5¢ → 83¢ (twice); $4.98 × 8.25 % = 41.085¢ → 41¢. On the $24.98 total it would be 206¢.
    expect(usd({})).toEqual({
      lines: [
        { ...NO_DISCOUNT, tax: 83 },
        { ...NO_DISCOUNT, tax: 83 },
        { ...NO_DISCOUNT, tax: 41 },
      ],
      subtotal: 2498,
      discount: 0,
      tax: 207,
      fee_tax: 0,
      tip: 0,
      fee: 0,
      total: 2705,
      refusal: null,
    });
  });

  it('a delivery fee is taxed only when the restaurant says so, at the default rate, added like the lines', () => {
    // $4.99 untaxed: 2498 + 207 + 499. Taxed: 499 × 8.25 % = 41.17¢ → 41¢ more.
    expect(usd({ fee: 499 })).toMatchObject({ tax: 207, fee_tax: 0, fee: 499, total: 3204 });
    expect(usd({ fee: 499, taxes: { ...TEXAS, delivery_fee_taxable: true } })).toMatchObject({ tax: 248, fee_tax: 41, fee: 499, total: 3245 });
  });

  it('a line of a category at 0 % carries no tax while the others keep the default', () => {
    // Coffee beans $14.00 in groceries at 0 %; the brisket plate at 8.25 %: 83¢.
    const lines = [
      { line_cents: 1000, category_id: MAINS },
      { line_cents: 1400, category_id: GROCERIES },
    ];
    const money = usd({ lines, taxes: { ...TEXAS, category_rates: [{ category_id: GROCERIES, rate: 0 }] } });
    expect(money.lines.map((line) => line.tax)).toEqual([83, 0]);
    expect(money).toMatchObject({ tax: 83, total: 2483 });
  });

  it('UK, 20 % VAT inside the prices: the tax is split out of each line and the fee, and the total is never raised', () => {
    // £12.50 × 20/120 = 208.33p → 208p; £3.00 × 20/120 = 50p; the £2.50 fee × 20/120 = 41.67p → 42p.
    expect(gbp({ fee: 250 })).toEqual({
      lines: [
        { ...NO_DISCOUNT, tax: 208 },
        { ...NO_DISCOUNT, tax: 50 },
      ],
      subtotal: 1550,
      discount: 0,
      tax: 300,
      fee_tax: 42,
      tip: 0,
      fee: 250,
      total: 1800,
      refusal: null,
    });
  });

  it('a percent coupon is spread over the lines before tax, the odd cent to the largest remainder', () => {
    // 10 % of $24.98 = 249.8¢ → 250¢. Exact shares 100.08, 100.08 and 49.84: 100, 100, 49 and the cent
    // left to the largest remainder (0.84), so 50. Taxed after: 900 → 74.25 → 74, 74, 448 → 36.96 → 37.
    const money = usd({ coupon: { kind: 'percent', value: 10, min_subtotal: 0 } });
    expect(money.lines).toEqual([
      { discount: 100, tax: 74 },
      { discount: 100, tax: 74 },
      { discount: 50, tax: 37 },
    ]);
    expect(money).toMatchObject({ subtotal: 2498, discount: 250, tax: 185, total: 2433, refusal: null });
  });

  it('an amount coupon is spread the same way; with VAT inside, each discounted line has its tax split out', () => {
    // £5.00 over £12.50 and £3.00: exact 403.23 and 96.77 → 403 and 96, the cent to 96.77 → 97.
    // Lines left 847p and 203p: 847/6 = 141.17 → 141, 203/6 = 33.83 → 34.
    const money = gbp({ coupon: { kind: 'amount', value: 500, min_subtotal: 1000 } });
    expect(money.lines).toEqual([
      { discount: 403, tax: 141 },
      { discount: 97, tax: 34 },
    ]);
    expect(money).toMatchObject({ subtotal: 1550, discount: 500, tax: 175, total: 1050, refusal: null });
  });

  it('an amount coupon above the subtotal gives the subtotal, never a line below zero', () => {
    const money = gbp({ fee: 250, coupon: { kind: 'amount', value: 2000, min_subtotal: 0 } });
    expect(money.lines).toEqual([
      { discount: 1250, tax: 0 },
      { discount: 300, tax: 0 },
    ]);
    expect(money).toMatchObject({ discount: 1550, tax: 42, total: 250 });
  });

  it('a coupon below its minimum is refused in a sentence of the currency, and gives nothing', () => {
    const coupon: CouponTerms = { kind: 'percent', value: 10, min_subtotal: 3000 };
    expect(usd({ coupon })).toMatchObject({ discount: 0, total: 2705, refusal: 'This code needs an order of $30.00 or more.' });
    expect(gbp({ coupon: { ...coupon, min_subtotal: 2000 } })).toMatchObject({ discount: 0, refusal: 'This code needs an order of £20.00 or more.' });
    // Exactly the minimum is enough.
    expect(usd({ coupon: { ...coupon, min_subtotal: 2498 } })).toMatchObject({ discount: 250, refusal: null });
  });

  it('a 15 % tip is of the subtotal before the discount, never taxed; an amount tip is taken as it is', () => {
    // 15 % of $24.98 = 374.7¢ → 375¢; with the 10 % coupon: 2498 − 250 + 185 + 375.
    const coupon: CouponTerms = { kind: 'percent', value: 10, min_subtotal: 0 };
    expect(usd({ coupon, tip: { percent: 15 } })).toMatchObject({ discount: 250, tax: 185, tip: 375, total: 2808 });
    expect(usd({ tip: { amount: 300 } })).toMatchObject({ tax: 207, tip: 300, total: 3005 });
  });

  it("stays exact past 2^53: 50 of a dish at the menu's highest price, before the server refuses the total", () => {
    // 499,999,999,950¢ × 8.25 % = 41,249,999,995.875¢ → …996; × 30/130 = 115,384,615,373.08¢ → …373.
    const lines = [{ line_cents: 499_999_999_950, category_id: MAINS }];
    expect(usd({ lines }).tax).toBe(41_249_999_996);
    expect(usd({ lines, taxes: { ...UK, default_rate: 30 } }).tax).toBe(115_384_615_373);
  });

  it('throws on a fraction of a cent or a negative amount: a caller that has not validated its input, never a figure to round', () => {
    expect(() => usd({ lines: [{ line_cents: 10.5, category_id: MAINS }] })).toThrow(RangeError);
    expect(() => usd({ fee: -1 })).toThrow(RangeError);
    expect(() => usd({ taxes: { ...TEXAS, default_rate: -8.25 } })).toThrow(RangeError);
  });
});

const CATEGORIES = [1, 2, 3, 4];
/** A rate with up to three decimals, 0–30 %. */
const rate = fc.integer({ min: 0, max: 30_000 }).map((thousandths) => thousandths / 1000);
/** Mostly restaurant-sized lines, some up to the most an order may come to. */
const cents = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: ORDER_TOTAL_MAX_CENTS }));
const lines = fc.array(fc.record({ line_cents: cents, category_id: fc.constantFrom(...CATEGORIES) }), { minLength: 1, maxLength: 12 });
const taxes: fc.Arbitrary<TaxTerms> = fc.record({
  prices_include_tax: fc.boolean(),
  default_rate: rate,
  delivery_fee_taxable: fc.boolean(),
  category_rates: fc.uniqueArray(fc.record({ category_id: fc.constantFrom(...CATEGORIES), rate }), { selector: (entry) => entry.category_id }),
});
const coupon: fc.Arbitrary<CouponTerms | null> = fc.option(
  fc.oneof(
    fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100), min_subtotal: cents }),
    fc.record({ kind: fc.constant('amount' as const), value: cents, min_subtotal: cents }),
  ),
);
const tip: fc.Arbitrary<TipChoice> = fc.option(
  fc.oneof(
    fc.record({ percent: fc.integer({ min: 0, max: 5_000 }).map((hundredths) => hundredths / 100) }),
    fc.record({ amount: fc.integer({ min: 0, max: 10_000 }) }),
  ),
);
const input: fc.Arbitrary<MoneyInput> = fc.record({ lines, fee: fc.integer({ min: 0, max: 2_000 }), taxes, coupon, tip });
const RUNS = { numRuns: 200, seed: 43 };
const sum = (figures: number[]) => figures.reduce((all, figure) => all + figure, 0);
const rateOf = (taxes: TaxTerms, categoryId: number) =>
  Math.round((taxes.category_rates.find((entry) => entry.category_id === categoryId)?.rate ?? taxes.default_rate) * 1000);

describe('for any lines, fee, tax settings, coupon and tip', { timeout: 10_000 }, () => {
  it("the lines' discounts and taxes sum to the order's, and the subtotal is the lines'", () => {
    fc.assert(
      fc.property(input, (given) => {
        const money = orderMoney(given, 'USD');
        expect(money.subtotal).toBe(sum(given.lines.map((line) => line.line_cents)));
        expect(sum(money.lines.map((line) => line.discount))).toBe(money.discount);
        expect(sum(money.lines.map((line) => line.tax)) + money.fee_tax).toBe(money.tax);
      }),
      RUNS,
    );
  });

  it('the total is subtotal − discount + fee + tip, plus the tax only when prices exclude it', () => {
    fc.assert(
      fc.property(input, (given) => {
        const money = orderMoney(given, 'USD');
        const added = given.taxes.prices_include_tax ? 0 : money.tax;
        expect(money.total).toBe(money.subtotal - money.discount + added + money.fee + money.tip);
      }),
      RUNS,
    );
  });

  it('tax inside the prices never changes the total, whatever the rates', () => {
    fc.assert(
      fc.property(input, (given) => {
        const inclusive = { ...given, taxes: { ...given.taxes, prices_include_tax: true } };
        const untaxed = { ...inclusive, taxes: { ...inclusive.taxes, default_rate: 0, category_rates: [] } };
        expect(orderMoney(inclusive, 'USD').total).toBe(orderMoney(untaxed, 'USD').total);
      }),
      RUNS,
    );
  });

  it('a tip is never taxed nor discounted: it changes the tip and the total by the same, nothing else', () => {
    fc.assert(
      fc.property(input, (given) => {
        const tipped = orderMoney(given, 'USD');
        const untipped = orderMoney({ ...given, tip: null }, 'USD');
        expect({ ...tipped, tip: 0, total: tipped.total - tipped.tip }).toEqual(untipped);
      }),
      RUNS,
    );
  });

  it('no figure is negative or a fraction of a cent', () => {
    fc.assert(
      fc.property(input, (given) => {
        const { lines: moneyLines, refusal: _refusal, ...figures } = orderMoney(given, 'USD');
        for (const figure of [...Object.values(figures), ...moneyLines.flatMap((line) => [line.discount, line.tax])]) {
          expect(Number.isSafeInteger(figure) && figure >= 0, `${figure}`).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('the discount never exceeds the subtotal nor a line, each share within a cent of its exact proportion, none when refused', () => {
    fc.assert(
      fc.property(input, (given) => {
        const money = orderMoney(given, 'USD');
        expect(money.discount).toBeLessThanOrEqual(money.subtotal);
        if (money.refusal !== null || given.coupon === null) expect(money.discount).toBe(0);
        for (const [index, line] of given.lines.entries()) {
          const share = money.lines[index]!.discount;
          expect(share).toBeLessThanOrEqual(line.line_cents);
          // |share − discount × line ÷ subtotal| < 1, in whole numbers (BigInt: the products pass 2^53); nothing to share of nothing.
          const off = BigInt(share) * BigInt(money.subtotal) - BigInt(money.discount) * BigInt(line.line_cents);
          if (money.subtotal > 0) expect(off < BigInt(money.subtotal) && -off < BigInt(money.subtotal), `${share}`).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it("each line's tax is its discounted amount at its category's rate (else the default), rounded to the nearest cent", () => {
    fc.assert(
      fc.property(input, (given) => {
        const money = orderMoney(given, 'USD');
        for (const [index, line] of given.lines.entries()) {
          const rate = rateOf(given.taxes, line.category_id);
          const taxed = line.line_cents - money.lines[index]!.discount;
          // Exclusive: tax ≈ taxed × rate ÷ 100 %; inclusive: tax ≈ taxed × rate ÷ (100 % + rate); within half a cent.
          const whole = given.taxes.prices_include_tax ? 100_000 + rate : 100_000;
          expect(Math.abs(money.lines[index]!.tax * whole - taxed * rate)).toBeLessThanOrEqual(whole / 2);
        }
      }),
      RUNS,
    );
  });
});
