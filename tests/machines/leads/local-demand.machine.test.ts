import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { LocalDemand } from '../../../contracts/leads';
import { localDemandMachine } from '../../../src/machines/leads/local-demand.machine';
import { provideChecked } from '../../support/contract-double';
import { assertPathCoverage } from '../../support/path-coverage';

const demandOf = (restaurantId: number): LocalDemand => ({
  restaurant_id: restaurantId, restaurant_name: `Restaurant ${restaurantId}`, source: 'location_zip',
  zips: [{ zip_code: '62701', last_30_days: 1, last_90_days: 2 }], total_last_30_days: 1, total_last_90_days: 2,
});

describe('local demand machine', () => {
  it('reaches every state and transition', () => {
    for (const restaurantId of [7, null]) {
      assertPathCoverage(localDemandMachine, {
        input: { restaurantId },
        events: [
          { type: 'xstate.done.actor.loadDemand', output: demandOf(7) },
          { type: 'xstate.error.actor.loadDemand', error: new Error('HTTP 503') },
          { type: 'restaurant.changed', restaurantId: 8 },
          { type: 'restaurant.changed', restaurantId: null },
          { type: 'restaurant.changed', restaurantId: 7 },
          { type: 'demand.retry' },
        ],
      });
    }
  });

  it("loads the new active restaurant's figures when it changes, and nothing when it stays", async () => {
    const asked: number[] = [];
    const actor = createActor(provideChecked(localDemandMachine, {
      actors: {
        loadDemand: fromPromise<LocalDemand, { restaurantId: number }>(async ({ input }) => {
          asked.push(input.restaurantId);
          return demandOf(input.restaurantId);
        }),
      },
    }), { input: { restaurantId: 7 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'restaurant.changed', restaurantId: 7 });
    actor.send({ type: 'restaurant.changed', restaurantId: 8 });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded') && snapshot.context.demand?.restaurant_id === 8);
    actor.send({ type: 'restaurant.changed', restaurantId: null });
    expect(actor.getSnapshot().value).toBe('noRestaurant');
    expect(asked).toEqual([7, 8]);
  });
});
