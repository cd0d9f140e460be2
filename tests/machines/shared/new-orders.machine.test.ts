import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { NewOrdersCount } from '#contracts/shared/new-orders';
import { newOrdersMachine } from '#src/machines/shared/new-orders.machine';
import { provideChecked } from '../../support/contract-double';
import { assertWalksCover } from '../../support/path-coverage';

describe('new orders count machine (issue 40)', () => {
  it('reaches every state and transition', () => {
    const events = [
      { type: 'xstate.done.actor.loadNewOrdersCount', output: { count: 3, unread_notifications: 1 } },
      { type: 'xstate.error.actor.loadNewOrdersCount', error: new Error('HTTP 503') },
      { type: 'newOrders.refresh' },
      { type: 'page.hidden' },
      { type: 'page.visible' },
      { type: 'restaurant.changed', restaurantId: 8 },
    ];
    assertWalksCover(newOrdersMachine, [{ input: { restaurantId: 7 }, events }]);
  });

  it('asks again after each pause and when another page opens, keeps the last count through a failure, and stops while hidden', async () => {
    // The unread notifications (issue 45) come with the orders; a server from before sends none.
    const answers: (NewOrdersCount | Error)[] = [
      { count: 2 },
      { count: 3, unread_notifications: 4 },
      new Error('HTTP 503'),
      { count: 5, unread_notifications: 0 },
    ];
    const asked: (number | null)[] = [];
    const actor = createActor(
      provideChecked(newOrdersMachine, {
        actors: {
          loadNewOrdersCount: fromPromise<NewOrdersCount, { restaurantId: number | null }>(async ({ input }) => {
            asked.push(input.restaurantId);
            const answer = answers.shift() ?? { count: 0 };
            if (answer instanceof Error) throw answer;
            return answer;
          }),
        },
        // A pause the test can wait out.
        delays: { poll: 5 },
      }),
      { input: { restaurantId: 7 } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.context.count === 3);
    expect(actor.getSnapshot().context.unread).toBe(4);
    await waitFor(actor, () => asked.length === 4);
    await waitFor(actor, (snapshot) => snapshot.context.count === 5);
    expect(actor.getSnapshot().context.unread).toBe(0);
    actor.send({ type: 'page.hidden' });
    const before = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(asked.length).toBe(before);
    actor.send({ type: 'page.visible' });
    await waitFor(actor, () => asked.length === before + 1);
    actor.send({ type: 'restaurant.changed', restaurantId: 8 });
    expect(actor.getSnapshot().context).toMatchObject({ count: null, unread: null });
    await waitFor(actor, () => asked.at(-1) === 8);
    actor.stop();
  });
});
