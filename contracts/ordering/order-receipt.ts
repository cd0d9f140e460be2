import type { Currency } from '../shared/restaurants';
import { formatMoney } from '../shared/money-format';
import type { OrderPayment } from '../ordering';
import type { Fulfilment, OrderStatus } from './order-lifecycle';
import { paymentWords } from './order-words';

/**
 * An order's money as a receipt says it (issue 43), once for every place that shows one: the
 * tracking page, the order history, the kitchen ticket, the mails and the checkout's review. The
 * figures are the order's own (the engine's, contracts/ordering/order-money.ts), in the currency's
 * units as the API carries them; nothing is added up here.
 */
export type ReceiptFigures = {
  fulfilment: Fulfilment;
  subtotal: number;
  discount: number;
  tax: number;
  tip: number;
  fee: number;
  total: number;
  prices_include_tax: boolean;
  coupon_code: string | null;
  currency: Currency;
};

export type ReceiptRow = { label: string; amount: string; strong?: boolean };

/** "VAT" where the prices are British, else "tax". */
export const taxWord = (currency: Currency) => (currency === 'GBP' ? 'VAT' : 'tax');

/**
 * Subtotal, the discount with its code, the tax when it is added, the tip, the delivery fee
 * ("Free" when there is none), the total; a tax inside the prices is said after the total
 * ("Includes VAT £3.00"), never added. A row that would read 0 is left out, but for the
 * delivery fee of a delivery.
 */
export function receiptRows(order: ReceiptFigures): ReceiptRow[] {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const tax = taxWord(order.currency);
  const rows: ReceiptRow[] = [{ label: 'Subtotal', amount: money(order.subtotal) }];
  if (order.discount > 0) rows.push({ label: order.coupon_code ? `Discount (${order.coupon_code})` : 'Discount', amount: `\u2212${money(order.discount)}` });
  if (order.tax > 0 && !order.prices_include_tax) rows.push({ label: tax === 'VAT' ? 'VAT' : 'Tax', amount: money(order.tax) });
  if (order.tip > 0) rows.push({ label: 'Tip', amount: money(order.tip) });
  if (order.fulfilment === 'delivery') rows.push({ label: 'Delivery fee', amount: order.fee === 0 ? 'Free' : money(order.fee) });
  rows.push({ label: 'Total', amount: money(order.total), strong: true });
  if (order.tax > 0 && order.prices_include_tax) rows.push({ label: `Includes ${tax}`, amount: money(order.tax) });
  return rows;
}

/** The receipt but its total, on one line ("Subtotal $27.00 · Discount (SAVE10) −$2.70 · Tip $4.05"), for a card or a ticket that states the total apart. */
export const receiptLine = (order: ReceiptFigures): string =>
  receiptRows(order)
    .filter((row) => !row.strong)
    .map((row) => `${row.label} ${row.amount}`)
    .join(' \u00b7 ');

/** What the payment line reads (issue 44): the order's total, status and way of paying. */
export type PaymentFigures = Pick<ReceiptFigures, 'fulfilment' | 'total' | 'currency'> & {
  status: OrderStatus;
  payment: Pick<OrderPayment, 'method' | 'state' | 'paid' | 'refunded'>;
};

/**
 * How the order is paid, once for the board, the ticket, the history and the mails (issue 44):
 * by card what the card holds ("Paid by card: $27.00", authorised or captured) and what went back
 * ("$5.00 refunded"), "Card payment released" once a cancel let it go; in person what to collect
 * ("Pay at pickup: $27.00"). Null for a cancelled order paid in person: nothing is collected.
 */
export function paymentLine(order: PaymentFigures): string | null {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const { payment } = order;
  if (payment.method === 'in_person') return order.status === 'cancelled' ? null : `${paymentWords(order.fulfilment)}: ${money(order.total)}`;
  const refunded = payment.refunded > 0 ? [`${money(payment.refunded)} refunded`] : [];
  switch (payment.state) {
    case 'authorized':
    case 'captured':
      return [`Paid by card: ${money(payment.paid)}`, ...refunded].join(' \u00b7 ');
    case 'released':
      return 'Card payment released';
    case 'expired':
      return 'Card payment not completed';
    case 'none':
    case 'pending':
      return 'Waiting for the card payment';
  }
}
