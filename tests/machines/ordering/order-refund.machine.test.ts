import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { OwnerOrder } from '#contracts/ordering';
import type { RefundBody } from '#contracts/ordering/refunds';
import { orderRefundMachine } from '#src/machines/ordering/order-refund.machine';
import { ApiError } from '#src/services/shared/api';
import { ownerOrder } from '../../fixtures/ordering/owner-orders';
import { provideChecked } from '../../support/contract-double';
import { assertWalksCover } from '../../support/path-coverage';
import { recordedCall } from '../../support/recorded-call';

/** A completed card order of two lines ($27.00 and $13.50), $40.50 captured. */
const ORDER: OwnerOrder = (() => {
  const order = ownerOrder({ id: 5, status: 'completed' });
  const second = { ...order.lines[0]!, quantity: 1, line_total: 13.5, note: '' };
  return { ...order, lines: [order.lines[0]!, second], subtotal: 40.5, total: 40.5, payment: { method: 'card', state: 'captured', paid: 40.5, refunded: 0 } };
})();

describe('order refund machine (issue 44)', () => {
  it('reaches every state and transition', () => {
    assertWalksCover(orderRefundMachine, [
      {
        input: { order: ORDER },
        events: [
          { type: 'refund.way', way: 'lines' },
          { type: 'refund.way', way: 'amount' },
          { type: 'refund.amount', amount: '4.50' },
          { type: 'refund.lines', positions: [1] },
          { type: 'refund.reason', reason: 'Cold pizza' },
          { type: 'refund.submit' },
          { type: 'refund.cancel' },
          { type: 'xstate.done.actor.refundOrder', output: ORDER },
          { type: 'xstate.error.actor.refundOrder', error: new Error('HTTP 503') },
        ],
      },
    ]);
  });

  it('refuses an empty form with the contract’s sentences, sends only the way chosen, and ends with the server’s order', async () => {
    const refunded = { ...ORDER, payment: { ...ORDER.payment, refunded: 13.5 } };
    const calls = recordedCall(async (_: { orderId: number; body: RefundBody }) => refunded);
    const actor = createActor(provideChecked(orderRefundMachine, { actors: { refundOrder: calls.actor } }), { input: { order: ORDER } }).start();
    const refusals: string[] = [];
    actor.on('form.refused', (event) => refusals.push(event.type));
    actor.send({ type: 'refund.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      amount: 'Enter an amount above 0 with at most two decimals.',
      reason: 'Please say why the money is given back.',
    });
    expect(refusals).toHaveLength(1);
    actor.send({ type: 'refund.amount', amount: '4.50' });
    expect(actor.getSnapshot().context.errors).toEqual({ reason: 'Please say why the money is given back.' });
    actor.send({ type: 'refund.way', way: 'lines' });
    actor.send({ type: 'refund.submit' });
    expect(actor.getSnapshot().context.errors.line_positions).toBe('Choose at least one line, each once.');
    actor.send({ type: 'refund.lines', positions: [1] });
    actor.send({ type: 'refund.reason', reason: '  Forgot the second pizza ' });
    actor.send({ type: 'refund.submit' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.calls).toEqual([{ orderId: 5, body: { line_positions: [1], reason: '  Forgot the second pizza ' } }]);
    expect(actor.getSnapshot().output).toEqual(refunded);
  });

  it('puts the server’s refusal on its field, or says it for the form when it belongs to none, and stays open', async () => {
    let answer: Error = new ApiError('At most $4.00 is left to refund on this order.', {
      status: 400,
      code: 'invalid',
      fields: { amount: 'At most $4.00 is left to refund on this order.' },
    });
    const actor = createActor(
      provideChecked(orderRefundMachine, {
        actors: {
          refundOrder: fromPromise<OwnerOrder, { orderId: number; body: RefundBody }>(async () => {
            throw answer;
          }),
        },
      }),
      { input: { order: ORDER } },
    ).start();
    actor.send({ type: 'refund.amount', amount: '5' });
    actor.send({ type: 'refund.reason', reason: 'Late' });
    actor.send({ type: 'refund.submit' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('saving'));
    expect(actor.getSnapshot().context).toMatchObject({ errors: { amount: 'At most $4.00 is left to refund on this order.' }, failure: null });
    answer = new ApiError('Card payment is not available right now and nothing was charged. Please try again in a moment.', {
      status: 503,
      code: 'payment_unavailable',
    });
    actor.send({ type: 'refund.amount', amount: '4' });
    actor.send({ type: 'refund.submit' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('saving'));
    expect(actor.getSnapshot().context).toMatchObject({
      errors: {},
      failure: 'Card payment is not available right now and nothing was charged. Please try again in a moment.',
    });
    actor.send({ type: 'refund.cancel' });
    expect(actor.getSnapshot().output).toBeNull();
  });
});
