import { describe, expect, it } from 'vitest';
import { paymentLine, receiptLine, receiptRows, type PaymentFigures, type ReceiptFigures } from '#contracts/ordering/order-receipt';

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

/** How an order is paid (issue 44), as the board, the ticket, the history and the mails say it. */
describe('paymentLine', { timeout: 5_000 }, () => {
  const order = (payment: Partial<PaymentFigures['payment']>, over: Partial<PaymentFigures> = {}): PaymentFigures => ({
    fulfilment: 'pickup',
    total: 27,
    currency: 'USD',
    status: 'completed',
    payment: { method: 'card', state: 'captured', paid: 27, refunded: 0, ...payment },
    ...over,
  });

  it('says what the card paid, authorised or captured, and what went back', () => {
    expect(paymentLine(order({ state: 'authorized' }, { status: 'accepted' }))).toBe('Paid by card: $27.00');
    expect(paymentLine(order({}))).toBe('Paid by card: $27.00');
    expect(paymentLine(order({ refunded: 5.5 }))).toBe('Paid by card: $27.00 \u00b7 $5.50 refunded');
    expect(paymentLine(order({ paid: 18, refunded: 18 }, { currency: 'GBP' }))).toBe('Paid by card: £18.00 \u00b7 £18.00 refunded');
  });

  it('says a cancelled card order let its payment go, and a card order not paid as such', () => {
    expect(paymentLine(order({ state: 'released', paid: 0 }, { status: 'cancelled' }))).toBe('Card payment released');
    expect(paymentLine(order({ state: 'pending', paid: 0 }, { status: 'awaiting_payment' }))).toBe('Waiting for the card payment');
    expect(paymentLine(order({ state: 'expired', paid: 0 }, { status: 'expired' }))).toBe('Card payment not completed');
  });

  it('says what to collect in person, where, and nothing once the order is cancelled', () => {
    const inPerson = { method: 'in_person', state: 'none', paid: 0 } as const;
    expect(paymentLine(order(inPerson, { status: 'placed' }))).toBe('Pay at pickup: $27.00');
    expect(paymentLine(order(inPerson, { status: 'ready', fulfilment: 'delivery', total: 30 }))).toBe('Pay on delivery: $30.00');
    expect(paymentLine(order(inPerson, { status: 'cancelled' }))).toBeNull();
  });
});
