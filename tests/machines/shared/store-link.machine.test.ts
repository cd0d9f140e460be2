import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Restaurant } from '#contracts/shared/restaurants';
import { storeLinkMachine } from '#src/machines/shared/store-link.machine';
import { provideChecked } from '../../support/contract-double';
import { assertWalksCover } from '../../support/path-coverage';

const ZONES: Record<number, string> = { 7: 'America/Chicago', 8: 'Europe/London' };
const restaurant = (id: number, slug: string | null): Restaurant => ({
  id,
  name: `Restaurant ${id}`,
  slug,
  currency: 'USD',
  time_zone: ZONES[id],
  country: id === 8 ? 'United Kingdom' : 'United States',
});

describe('store link machine', () => {
  it('reaches every state and transition', () => {
    const events = [
      { type: 'xstate.done.actor.loadRestaurant', output: restaurant(7, 'corner') },
      { type: 'xstate.error.actor.loadRestaurant', error: new Error('HTTP 503') },
      { type: 'restaurant.changed', restaurantId: 8 },
      { type: 'restaurant.changed', restaurantId: null },
      { type: 'storeLink.refresh' },
    ];
    assertWalksCover(storeLinkMachine, [
      { input: { restaurantId: 7 }, events },
      { input: { restaurantId: null }, events },
    ]);
  });

  it('follows the restaurant worked on and reads its address again when asked; a failed read gives no link', async () => {
    const slugs: Record<number, string | null> = { 7: 'corner', 8: null };
    const asked: number[] = [];
    const actor = createActor(
      provideChecked(storeLinkMachine, {
        actors: {
          loadRestaurant: fromPromise<Restaurant | null, { restaurantId: number }>(async ({ input }) => {
            asked.push(input.restaurantId);
            if (input.restaurantId === 9) throw new Error('HTTP 503');
            return restaurant(input.restaurantId, slugs[input.restaurantId] ?? null);
          }),
        },
      }),
      { input: { restaurantId: 7 } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('known'));
    expect(actor.getSnapshot().context.slug).toBe('corner');
    // The same read gives the restaurant's clock, which the back office shows its times on.
    expect(actor.getSnapshot().context.clock).toEqual({ zone: 'America/Chicago', country: 'United States' });
    slugs[7] = 'corner-2';
    actor.send({ type: 'storeLink.refresh' });
    await waitFor(actor, (snapshot) => snapshot.matches('known') && snapshot.context.slug === 'corner-2');
    actor.send({ type: 'restaurant.changed', restaurantId: 8 });
    await waitFor(actor, (snapshot) => snapshot.matches('known'));
    expect(actor.getSnapshot().context.slug).toBeNull();
    expect(actor.getSnapshot().context.clock).toEqual({ zone: 'Europe/London', country: 'United Kingdom' });
    actor.send({ type: 'restaurant.changed', restaurantId: 9 });
    await waitFor(actor, (snapshot) => snapshot.matches('none'));
    expect(actor.getSnapshot().context).toMatchObject({ slug: null, clock: null });
    actor.send({ type: 'restaurant.changed', restaurantId: null });
    expect(asked).toEqual([7, 7, 8, 9]);
  });
});
