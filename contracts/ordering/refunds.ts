import { array, boolean, integer, nullable, number, object, optional, refine, string, type Infer } from 'superstruct';
import { toCents } from '../shared/cents';
import { documented } from '../shared/documented';
import { trimmed } from '../shared/text';

/**
 * Refunds from the owner's order view (issue 44, item 4): an amount, or chosen lines (the refund is
 * their totals), always with a reason; at most what was captured and not yet given back.
 */

export const REFUND_REASON_MAX = 200;
/** The most lines one refund names: an order holds at most 50 (contracts/ordering.ts, ORDER_LINES_MAX). */
const REFUND_LINES_MAX = 50;

export const REFUND_MESSAGES = {
  amount: 'Enter an amount above 0 with at most two decimals.',
  lines: 'Choose at least one line, each once.',
  reason: 'Please say why the money is given back.',
  oneWay: 'Give an amount or choose lines, not both.',
  noWay: 'Give an amount or choose lines to refund.',
  unknownLines: 'This order has no such line.',
  notRefundable: 'Only a card payment that was captured can be refunded.',
} as const;

/** What of a payment can still be given back, in cents: a card payment that was captured, less what went back. */
export const refundableCents = (payment: { method: string; state: string; paid: number; refunded: number }): number =>
  payment.method === 'card' && payment.state === 'captured' ? Math.max(0, toCents(payment.paid) - toCents(payment.refunded)) : 0;

/** Above what is left to give back: the sentence names what is (`$12.40`, written by the caller). */
export const refundTooLarge = (left: string) => `At most ${left} is left to refund on this order.`;

const RefundAmount = documented(
  refine(
    number(),
    'amount',
    (value) => (Number.isFinite(value) && value > 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6) || REFUND_MESSAGES.amount,
  ),
  { minimum: 0.01, description: 'Above 0, with at most two decimals.' },
);

/** Positions in the order's `lines` (0 for the first), each once. */
const LinePositions = documented(
  refine(
    array(integer()),
    'line_positions',
    (positions) =>
      (positions.length >= 1 && positions.length <= REFUND_LINES_MAX && positions.every((at) => at >= 0) && new Set(positions).size === positions.length) ||
      REFUND_MESSAGES.lines,
  ),
  { minItems: 1, maxItems: REFUND_LINES_MAX, uniqueItems: true },
);

const RefundReason = documented(
  trimmed(
    refine(
      string(),
      'reason',
      (value) =>
        (value.length >= 1 && value.length <= REFUND_REASON_MAX) || (value.length === 0 ? REFUND_MESSAGES.reason : `At most ${REFUND_REASON_MAX} characters.`),
    ),
  ),
  { minLength: 1, maxLength: REFUND_REASON_MAX },
);

/**
 * POST /api/v2/orders/{id}/refunds/: exactly one of `amount` and `line_positions` (the server says
 * which is wrong, on the field `amount`), and a reason.
 */
export const RefundBody = object({
  amount: optional(RefundAmount),
  line_positions: optional(LinePositions),
  reason: RefundReason,
});
export type RefundBody = Infer<typeof RefundBody>;

/** One refund of an order, as the owner's order shows it; `by` is who gave it (their name, else email), null when nobody did. */
export const OrderRefund = object({
  amount: number(),
  reason: string(),
  at: string(),
  by: nullable(string()),
  /** The lines refunded (positions in `lines`), or null for an amount. */
  line_positions: nullable(array(number())),
  /** True while the card processor has not confirmed it (its answer was lost); confirmed within minutes. */
  pending: optional(boolean()),
});
export type OrderRefund = Infer<typeof OrderRefund>;
