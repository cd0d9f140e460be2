import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { OrderStatus, TrackedOrder } from '#contracts/ordering';
import { trackingMachine } from '#src/machines/ordering/tracking.machine';
import type { Tracking } from '#src/services/ordering/track-order';
import { assertPathCoverage } from '../../support/path-coverage';

const order = (status: OrderStatus) => ({ number: 12, status, fulfilment: 'pickup' }) as TrackedOrder;
const found = (status: OrderStatus): Tracking => ({ kind: 'found', order: order(status) });
const done = (output: Tracking) => ({ type: 'xstate.done.actor.trackOrder', output });

describe('tracking machine', () => {
  it('reaches every state and transition', () => {
    assertPathCoverage(trackingMachine, {
      input: { token: 'tok_abcdefghijklmnopqrstuv' },
      events: [
        done(found('awaiting_payment')),
        { type: 'payment.retry' },
        { type: 'xstate.done.actor.retryPayment', output: 'https://checkout.example/pay/cs_test_2' },
        { type: 'xstate.error.actor.retryPayment', error: new Error('This order is not waiting for a payment any more.') },
        done(found('placed')),
        done(found('accepted')),
        done(found('completed')),
        done({ kind: 'missing' }),
        { type: 'page.hidden' },
        { type: 'page.visible' },
      ],
    });
  });

  it('reads again on each refresh, announces each change of status but not the first read, and stops once the order is done', async () => {
    const answers = [found('placed'), found('placed'), found('ready'), found('completed')];
    let reads = 0;
    const machine = trackingMachine.provide({
      actors: { trackOrder: fromPromise(async () => answers[reads++]!) },
      delays: { refresh: 1 },
    });
    const actor = createActor(machine, { input: { token: 'tok_abcdefghijklmnopqrstuv' } });
    const changes: (string | null)[][] = [];
    actor.on('order.changed', (event) => changes.push([event.previous, event.order.status]));
    actor.start();
    await new Promise<void>((resolve) => actor.subscribe({ complete: resolve }));
    expect(reads).toBe(4);
    expect(changes).toEqual([
      [null, 'placed'],
      ['placed', 'ready'],
      ['ready', 'completed'],
    ]);
    expect(actor.getSnapshot().hasTag('finished')).toBe(true);
  });

  it('asks nothing while the page is hidden, and reads at once when it shows again', async () => {
    let reads = 0;
    const machine = trackingMachine.provide({ actors: { trackOrder: fromPromise(async () => (reads++, found('accepted'))) } });
    const actor = createActor(machine, { input: { token: 'tok_abcdefghijklmnopqrstuv' } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'page.hidden' });
    expect(actor.getSnapshot().value).toEqual({ watching: 'hidden' });
    actor.send({ type: 'page.visible' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toBe(2);
    actor.stop();
  });
});
