import type { TrackedOrder } from '../../../contracts/ordering';
import { paymentLine, receiptRows } from '../../../contracts/ordering/order-receipt';
import { orderTimeText } from '../../../contracts/ordering/order-times';
import { formatMoney } from '../../../contracts/shared/money-format';
import { escapeHtml, mailPage, paragraph } from '../shared/mail-layout';

/**
 * The mails a customer gets about an order (issue 30): the confirmation with what was ordered,
 * and a word when it is accepted (with the time), ready, or cancelled (with the reason and, for a
 * card, whether its payment was released or refunded); issue 44 adds the refund: how much went
 * back to the card, and why. Every one carries the tracking link. Plain text and HTML carry the
 * same words.
 */
export type OrderMailKind = 'placed' | 'accepted' | 'ready' | 'cancelled' | 'refunded';

/** The refund a 'refunded' mail is about (money with two decimals); without one it names what was refunded in all. */
export type RefundNote = { amount: number; reason: string };

/** The customer's tracking page: `{PUBLIC_URL}/{slug}/orders/{token}`. */
export const trackingUrl = (publicUrl: string, order: Pick<TrackedOrder, 'restaurant' | 'token'>) =>
  `${publicUrl}/${order.restaurant.slug}/orders/${order.token}`;

function lineText(line: TrackedOrder['lines'][number], currency: TrackedOrder['currency']): string {
  const size = line.size_name ? ` (${line.size_name})` : '';
  const extras = line.extras.length > 0 ? ` with ${line.extras.map((extra) => extra.name).join(', ')}` : '';
  return `${line.quantity} × ${line.name}${size}${extras}: ${formatMoney(line.line_total, currency)}`;
}

/**
 * What was ordered and what it costs, as a receipt (issue 43): the rows every receipt of the
 * product shows (contracts/ordering/order-receipt.ts: subtotal, the coupon's discount with its
 * code, the tax when it is added, the tip, the delivery fee, the total, and a tax inside the prices
 * named under the total, never added), then how it is paid (issue 44: "Pay at pickup: $17.00.",
 * "Paid by card: $17.00."). An order placed before issue 43 has zeros there, so it reads as it always did.
 */
export function summary(order: TrackedOrder): string[] {
  return [
    ...order.lines.map((line) => lineText(line, order.currency)),
    ...receiptRows(order).map((row) => `${row.label}: ${row.amount}`),
    ...paymentSentence(order),
  ];
}

/** How the order is paid (issue 44), as the board and the ticket say it, or nothing (a cancelled order paid in person). */
const paymentSentence = (order: TrackedOrder): string[] => {
  const line = paymentLine(order);
  return line ? [`${line}.`] : [];
};

/** The sentences of each mail, before the tracking link. */
function wording(kind: OrderMailKind, order: TrackedOrder, refund: RefundNote | undefined): { subject: string; lines: string[] } {
  const name = order.restaurant.name;
  const number = `#${order.number}`;
  switch (kind) {
    case 'placed': {
      const when = order.scheduled_for ? ` for ${orderTimeText(order.scheduled_for, order)}` : '';
      return { subject: `Your order ${number} at ${name}`, lines: [`Thank you! ${name} has your order ${number}${when}.`, ...summary(order)] };
    }
    case 'accepted': {
      const ready = order.estimated_at ? ` It should be ready at ${orderTimeText(order.estimated_at, order)}.` : '';
      return { subject: `Order ${number} accepted`, lines: [`${name} accepted your order ${number} and is preparing it.${ready}`] };
    }
    case 'ready':
      return {
        subject: `Order ${number} is ready`,
        lines: [
          order.fulfilment === 'pickup' ? `Your order ${number} is ready for pickup at ${name}.` : `Your order ${number} is ready and will be on its way soon.`,
        ],
      };
    case 'cancelled':
      return {
        subject: `Order ${number} cancelled`,
        lines: [
          `Sorry: ${name} cancelled your order ${number}.`,
          ...(order.cancel_reason ? [`Reason: ${order.cancel_reason}`] : []),
          ...paymentSentence(order),
        ],
      };
    case 'refunded': {
      const amount = formatMoney(refund?.amount ?? order.payment.refunded, order.currency);
      return {
        subject: `Refund for order ${number}`,
        lines: [
          `${name} refunded ${amount} of your order ${number} to your card. It may take a few days to show on your statement.`,
          ...(refund ? [`Reason: ${refund.reason}`] : []),
        ],
      };
    }
  }
}

export function orderEmail(kind: OrderMailKind, order: TrackedOrder, publicUrl: string, refund?: RefundNote) {
  const { subject, lines } = wording(kind, order, refund);
  const link = trackingUrl(publicUrl, order);
  const text = [...lines, '', `Follow your order: ${link}`, '', `— ${order.restaurant.name}`, ''].join('\n');
  const html = mailPage({
    title: subject,
    heading: order.restaurant.name,
    publicUrl,
    body: [...lines.map((line) => paragraph(escapeHtml(line))), paragraph(`<a href="${escapeHtml(link)}" style="color:#1c7ed6;">Follow your order</a>`)].join(
      '\n      ',
    ),
  });
  return { subject, text, html };
}
