import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { LocalDemand } from '#contracts/leads';
import { localDemandMachine } from '#src/machines/leads/local-demand.machine';
import { ApiError } from '#src/services/shared/api';
import { provideChecked } from '../../support/contract-double';
import { recordedCall } from '../../support/recorded-call';
import { stateTags } from '../../support/state-tags';
import { assertPathCoverage } from '../../support/path-coverage';

const demandOf = (restaurantId: number): LocalDemand => ({
  restaurant_id: restaurantId,
  restaurant_name: `Restaurant ${restaurantId}`,
  source: 'location_zip',
  zips: [{ zip_code: '62701', last_30_days: 1, last_90_days: 2 }],
  total_last_30_days: 1,
  total_last_90_days: 2,
});

/**
 * The machine started for restaurant 7, each restaurant's figures answered at once; `asked` lists
 * the restaurants whose figures it asked for, in order.
 */
function startForRestaurant7() {
  const loadDemand = recordedCall<LocalDemand, { restaurantId: number }>(async ({ restaurantId }) => demandOf(restaurantId));
  const actor = createActor(provideChecked(localDemandMachine, { actors: { loadDemand: loadDemand.actor } }), { input: { restaurantId: 7 } }).start();
  return { actor, asked: () => loadDemand.calls.map((call) => call.restaurantId) };
}

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
    const { actor, asked } = startForRestaurant7();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'restaurant.changed', restaurantId: 7 });
    actor.send({ type: 'restaurant.changed', restaurantId: 8 });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded') && snapshot.context.demand?.restaurant_id === 8);
    actor.send({ type: 'restaurant.changed', restaurantId: null });
    expect(actor.getSnapshot().value).toBe('noRestaurant');
    expect(asked()).toEqual([7, 8]);
  });

  it('stays on the figures it shows when the same restaurant is chosen again', async () => {
    const { actor, asked } = startForRestaurant7();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'restaurant.changed', restaurantId: 7 });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.demand).toEqual(demandOf(7));
    expect(asked()).toEqual([7]);
  });

  it('says why the figures did not load, and loads them again on Try again', async () => {
    let refuse = true;
    const actor = createActor(
      provideChecked(localDemandMachine, {
        actors: {
          loadDemand: fromPromise<LocalDemand, { restaurantId: number }>(async ({ input }) => {
            if (refuse) throw new ApiError('Restaurant not found.', { status: 404 });
            return demandOf(input.restaurantId);
          }),
        },
      }),
      { input: { restaurantId: 7 } },
    ).start();
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(failed.context.error).toBe("Couldn't load the local demand: Restaurant not found.");
    refuse = false;
    actor.send({ type: 'demand.retry' });
    const loaded = await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(loaded.context).toEqual({ restaurantId: 7, demand: demandOf(7), error: null });
  });
});

describe('local demand machine: what the view reads', () => {
  it('says what the screen shows', () => {
    const tagsAt = stateTags(localDemandMachine, { restaurantId: null });
    expect(['deciding', 'noRestaurant', 'loading', 'loaded', 'failed'].map((value) => tagsAt(value))).toEqual([
      [],
      ['noRestaurant'],
      ['loading'],
      ['loaded'],
      ['failed'],
    ]);
  });
});
