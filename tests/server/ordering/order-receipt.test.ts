import { describe, expect, it } from 'vitest';
import { receiptLine, receiptRows, type ReceiptFigures } from '#contracts/ordering/order-receipt';

/** A receipt as every place shows it (issue 43): the order's own figures, worded once. */
const plain: ReceiptFigures = {
  fulfilment: 'pickup',
  subtotal: 27,
  discount: 0,
  tax: 0,
  tip: 0,
  fee: 0,
  total: 27,
  prices_include_tax: false,
  coupon_code: null,
  currency: 'USD',
};
const words = (figures: ReceiptFigures) => receiptRows(figures).map((row) => `${row.label} ${row.amount}${row.strong ? ' (strong)' : ''}`);

describe('receiptRows', { timeout: 5_000 }, () => {
  it('says a pickup without coupon, tax or tip as its subtotal and total', () => {
    expect(words(plain)).toEqual(['Subtotal $27.00', 'Total $27.00 (strong)']);
  });

  it('adds a Texas tax, a coupon and a tip in the order of the sum, and the fee of a delivery', () => {
    const texas = { ...plain, fulfilment: 'delivery', subtotal: 40, discount: 4, tax: 2.97, tip: 6, fee: 3, total: 47.97, coupon_code: 'SAVE10' } as const;
    expect(words(texas)).toEqual(['Subtotal $40.00', 'Discount (SAVE10) \u2212$4.00', 'Tax $2.97', 'Tip $6.00', 'Delivery fee $3.00', 'Total $47.97 (strong)']);
    expect(receiptLine(texas)).toBe('Subtotal $40.00 \u00b7 Discount (SAVE10) \u2212$4.00 \u00b7 Tax $2.97 \u00b7 Tip $6.00 \u00b7 Delivery fee $3.00');
  });

  it('says a VAT inside British prices after the total, never as a row of the sum', () => {
    const uk = { ...plain, subtotal: 18, tax: 3, total: 18, prices_include_tax: true, currency: 'GBP' } as const;
    expect(words(uk)).toEqual(['Subtotal £18.00', 'Total £18.00 (strong)', 'Includes VAT £3.00']);
  });

  it('says a free delivery as Free', () => {
    expect(words({ ...plain, fulfilment: 'delivery' })).toContain('Delivery fee Free');
  });
});
