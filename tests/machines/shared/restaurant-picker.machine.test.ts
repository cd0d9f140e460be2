import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Restaurant } from '#contracts/shared/restaurants';
import { restaurantLabel, restaurantPickerMachine } from '#src/machines/shared/restaurant-picker.machine';
import type { RestaurantDirectory } from '#src/services/shared/restaurants';
import { provideChecked } from '../../support/contract-double';
import { stateTags } from '../../support/state-tags';
import { assertPathCoverage } from '../../support/path-coverage';

const PIZZA: Restaurant = { id: 1, name: 'Pizza Loco', slug: 'pizza-loco', currency: 'USD' };
const TACO: Restaurant = { id: 2, name: 'Taco Town', slug: 'taco-town', currency: 'USD' };

describe('restaurant picker machine', () => {
  it('reaches every state and transition', () => {
    assertPathCoverage(restaurantPickerMachine, {
      events: [
        { type: 'xstate.done.actor.loadRestaurants', output: { restaurants: [PIZZA, TACO], total: 2 } },
        { type: 'xstate.error.actor.loadRestaurants', error: new Error('HTTP 503') },
        { type: 'xstate.done.actor.searchRestaurants', output: [TACO] },
        { type: 'xstate.error.actor.searchRestaurants', error: new Error('HTTP 503') },
        { type: 'picker.search', query: 'taco' },
        { type: 'picker.search', query: '  ' },
        { type: 'picker.retry' },
      ],
    });
  });

  it('searches once for a word typed quickly, and clearing the search shows the known restaurants again', async () => {
    const searches: string[] = [];
    const actor = createActor(
      provideChecked(restaurantPickerMachine, {
        actors: {
          loadRestaurants: fromPromise<RestaurantDirectory>(async () => ({ restaurants: [PIZZA, TACO], total: 2 })),
          searchRestaurants: fromPromise<Restaurant[], { query: string }>(async ({ input }) => {
            searches.push(input.query);
            return [TACO];
          }),
        },
        delays: { searchDelay: 5 },
      }),
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    for (const query of ['t', 'ta', 'tac', 'taco ']) actor.send({ type: 'picker.search', query });
    await waitFor(actor, (snapshot) => snapshot.context.matches !== null);
    expect(searches).toEqual(['taco']);
    expect(actor.getSnapshot().context.matches).toEqual([TACO]);
    actor.send({ type: 'picker.search', query: '' });
    expect(actor.getSnapshot().context).toMatchObject({ matches: null, query: '', known: [PIZZA, TACO] });
  });

  it('names a restaurant that has no name yet by its number', () => {
    expect(restaurantLabel({ id: 7, name: null })).toBe('Restaurant #7');
    expect(restaurantLabel({ id: 7, name: '  ' })).toBe('Restaurant #7');
    expect(restaurantLabel(PIZZA)).toBe('Pizza Loco');
  });
});

describe('restaurant picker machine: what the picker reads', () => {
  it('says ready once the list is in, settled when no search waits or runs, failed when the list did not load', () => {
    const tagsAt = stateTags(restaurantPickerMachine);
    expect([tagsAt('loading'), tagsAt('failed'), tagsAt({ ready: 'idle' }), tagsAt({ ready: 'waiting' }), tagsAt({ ready: 'searching' })]).toEqual([
      [],
      ['failed'],
      ['ready', 'settled'],
      ['ready'],
      ['ready'],
    ]);
  });
});
