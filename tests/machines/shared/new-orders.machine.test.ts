import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { newOrdersMachine } from '#src/machines/shared/new-orders.machine';
import { provideChecked } from '../../support/contract-double';
import { assertWalksCover } from '../../support/path-coverage';

describe('new orders count machine (issue 40)', () => {
  it('reaches every state and transition', () => {
    const events = [
      { type: 'xstate.done.actor.loadNewOrdersCount', output: 3 },
      { type: 'xstate.error.actor.loadNewOrdersCount', error: new Error('HTTP 503') },
      { type: 'newOrders.refresh' },
      { type: 'page.hidden' },
      { type: 'page.visible' },
      { type: 'restaurant.changed', restaurantId: 8 },
    ];
    assertWalksCover(newOrdersMachine, [{ input: { restaurantId: 7 }, events }]);
  });

  it('asks again after each pause and when another page opens, keeps the last count through a failure, and stops while hidden', async () => {
    const answers: (number | Error)[] = [2, 3, new Error('HTTP 503'), 5];
    const asked: (number | null)[] = [];
    const actor = createActor(
      provideChecked(newOrdersMachine, {
        actors: {
          loadNewOrdersCount: fromPromise<number, { restaurantId: number | null }>(async ({ input }) => {
            asked.push(input.restaurantId);
            const answer = answers.shift() ?? 0;
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
    await waitFor(actor, () => asked.length === 4);
    await waitFor(actor, (snapshot) => snapshot.context.count === 5);
    actor.send({ type: 'page.hidden' });
    const before = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(asked.length).toBe(before);
    actor.send({ type: 'page.visible' });
    await waitFor(actor, () => asked.length === before + 1);
    actor.send({ type: 'restaurant.changed', restaurantId: 8 });
    expect(actor.getSnapshot().context.count).toBeNull();
    await waitFor(actor, () => asked.at(-1) === 8);
    actor.stop();
  });
});
