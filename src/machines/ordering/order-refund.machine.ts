import { assign, emit, fromPromise, setup } from 'xstate';
import type { OwnerOrder } from '../../../contracts/ordering';
import { RefundBody } from '../../../contracts/ordering/refunds';
import { checkWith } from '../../../contracts/shared/validation';
import { refundOrder } from '../../services/ordering/orders';
import { errorText } from '../../services/shared/error-text';
import { numberOf } from './typed-number';

/**
 * The refund dialog of the order history's open order (issue 44): an amount, or chosen lines, and
 * a reason, checked with the server's own contract before the call; the server's refusals (more
 * than is left, a line refunded already) come back on their fields.
 *
 *   editing --refund.submit [valid]--> saving --done--> refunded (final: the order as it is now)
 *                                             --error--> editing (the server's sentences; emits form.refused)
 *   editing --refund.submit [invalid]--> editing (the contract's sentences; emits form.refused)
 *   editing --refund.cancel--> cancelled (final: nothing changed)
 *
 * Tags: `saving`.
 */
export type RefundWay = 'amount' | 'lines';
export type RefundField = 'amount' | 'line_positions' | 'reason';

export type OrderRefundContext = {
  order: OwnerOrder;
  way: RefundWay;
  /** As typed. */
  amount: string;
  /** Positions in the order's lines, in the order they appear. */
  lines: number[];
  reason: string;
  errors: Partial<Record<RefundField, string>>;
  /** A refusal that belongs to no field (the provider out of reach, the order not refundable). */
  failure: string | null;
  /** The order the server answered once refunded. */
  refunded: OwnerOrder | null;
};

export type OrderRefundEvent =
  | { type: 'refund.way'; way: RefundWay }
  | { type: 'refund.amount'; amount: string }
  | { type: 'refund.lines'; positions: number[] }
  | { type: 'refund.reason'; reason: string }
  | { type: 'refund.submit' }
  | { type: 'refund.cancel' };

export type OrderRefundEmitted = { type: 'form.refused' };

/** What the form sends: only the way chosen, so the server never sees both. */
export const refundBodyOf = (context: Pick<OrderRefundContext, 'way' | 'amount' | 'lines' | 'reason'>): RefundBody =>
  context.way === 'amount' ? { amount: numberOf(context.amount, 0), reason: context.reason } : { line_positions: context.lines, reason: context.reason };

const checked = (context: OrderRefundContext) => checkWith(RefundBody, refundBodyOf(context));

/** The contract's or the server's sentences, each on its field; what fits no field is the form's. */
const fieldsOf = (fields: Record<string, string>): Partial<Record<RefundField, string>> => {
  const errors: Partial<Record<RefundField, string>> = {};
  for (const field of ['amount', 'line_positions', 'reason'] as const) if (fields[field]) errors[field] = fields[field];
  return errors;
};

const without = (errors: Partial<Record<RefundField, string>>, field: RefundField) => {
  const { [field]: _gone, ...rest } = errors;
  return rest;
};

export const orderRefundMachine = setup({
  types: {
    context: {} as OrderRefundContext,
    events: {} as OrderRefundEvent,
    input: {} as { order: OwnerOrder },
    output: {} as OwnerOrder | null,
    emitted: {} as OrderRefundEmitted,
  },
  actors: {
    refundOrder: fromPromise<OwnerOrder, { orderId: number; body: RefundBody }>(({ input }) => refundOrder(input)),
  },
  actions: {
    refused: emit({ type: 'form.refused' } as const),
  },
  guards: {
    valid: ({ context }) => checked(context).ok,
  },
}).createMachine({
  id: 'orderRefund',
  context: ({ input }) => ({ order: input.order, way: 'amount', amount: '', lines: [], reason: '', errors: {}, failure: null, refunded: null }),
  initial: 'editing',
  output: ({ context }) => context.refunded,
  states: {
    editing: {
      on: {
        'refund.way': { actions: assign(({ context, event }) => ({ way: event.way, errors: without(without(context.errors, 'amount'), 'line_positions') })) },
        'refund.amount': { actions: assign(({ context, event }) => ({ amount: event.amount, errors: without(context.errors, 'amount') })) },
        'refund.lines': {
          // In the order's own order, whatever order they were ticked in.
          actions: assign(({ context, event }) => ({
            lines: context.order.lines.map((_, position) => position).filter((position) => event.positions.includes(position)),
            errors: without(context.errors, 'line_positions'),
          })),
        },
        'refund.reason': { actions: assign(({ context, event }) => ({ reason: event.reason, errors: without(context.errors, 'reason') })) },
        'refund.submit': [
          { guard: 'valid', target: 'saving', actions: assign({ failure: null }) },
          {
            actions: [
              assign(({ context }) => {
                const result = checked(context);
                return { errors: result.ok ? {} : fieldsOf(result.fields) };
              }),
              'refused',
            ],
          },
        ],
        'refund.cancel': 'cancelled',
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'refundOrder',
        src: 'refundOrder',
        input: ({ context }) => ({ orderId: context.order.id, body: refundBodyOf(context) }),
        onDone: { target: 'refunded', actions: assign(({ event }) => ({ refunded: event.output })) },
        onError: {
          target: 'editing',
          actions: [
            assign(({ event }) => {
              const { message, fields } = errorText(event.error, 'The refund could not be made.');
              const errors = fieldsOf(fields);
              return { errors, failure: Object.keys(errors).length > 0 ? null : message };
            }),
            'refused',
          ],
        },
      },
    },
    refunded: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type OrderRefundMachine = typeof orderRefundMachine;
