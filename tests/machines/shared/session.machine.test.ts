import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '#contracts/shared/session';
import { sessionMachine } from '#src/machines/shared/session.machine';
import { onboardingStatusMachine } from '#src/machines/onboarding/onboarding-status.machine';
import { assertPathCoverage, measurePathCoverage } from '../../support/path-coverage';
import { provideChecked } from '../../support/contract-double';
import { stateTags } from '../../support/state-tags';

const USER: CurrentUser = {
  id: 1,
  email: 'owner@example.com',
  first_name: 'O',
  last_name: 'W',
  is_staff: false,
  is_superadmin: false,
  active_restaurant_id: 3,
  active_restaurant_name: 'Pizza Loco',
};

describe('session machine', () => {
  it('reaches every state and transition between a start with and a start without a stored token', () => {
    // The token decides the first step, so no single start can take both branches.
    const walks = [true, false].map((hasToken) =>
      measurePathCoverage(sessionMachine, { input: { hasToken }, events: [{ type: 'session.signOut' }, { type: 'restaurant.choose', restaurantId: 2 }] }),
    );
    const reached = (kind: 'states' | 'transitions') => new Set(walks.flatMap((walk) => walk[kind].reached));
    for (const kind of ['states', 'transitions'] as const) {
      expect(
        walks[0]![kind].all.filter((item) => !reached(kind).has(item)),
        kind,
      ).toEqual([]);
    }
  });

  it('signs in with a token and a successful current-user fetch, then signs out for good', async () => {
    let signedOut = 0;
    const actor = createActor(
      provideChecked(sessionMachine, {
        actors: {
          fetchCurrentUser: fromPromise(async () => USER),
          signOut: fromPromise(async () => {
            signedOut += 1;
          }),
        },
      }),
      { input: { hasToken: true } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('signedIn'));
    expect(actor.getSnapshot().context.user).toEqual(USER);
    actor.send({ type: 'session.signOut' });
    await waitFor(actor, (snapshot) => snapshot.matches('ended'));
    expect(signedOut).toBe(1);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('stores an administrator’s restaurant choice and keeps the user the server answered; a refusal keeps the old one', async () => {
    const ADMIN: CurrentUser = { ...USER, is_staff: true, active_restaurant_id: null, active_restaurant_name: null };
    const asked: (number | null)[] = [];
    const actor = createActor(
      provideChecked(sessionMachine, {
        actors: {
          fetchCurrentUser: fromPromise(async () => ADMIN),
          chooseRestaurant: fromPromise<CurrentUser, { restaurantId: number | null }>(async ({ input }) => {
            asked.push(input.restaurantId);
            if (input.restaurantId === 99) throw new Error('Restaurant not found.');
            return { ...ADMIN, active_restaurant_id: input.restaurantId, active_restaurant_name: 'Taco Town' };
          }),
        },
      }),
      { input: { hasToken: true } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'ready' }));
    actor.send({ type: 'restaurant.choose', restaurantId: 2 });
    expect(actor.getSnapshot().matches({ signedIn: 'choosing' })).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'ready' }));
    expect(actor.getSnapshot().context.user).toMatchObject({ active_restaurant_id: 2, active_restaurant_name: 'Taco Town' });
    actor.send({ type: 'restaurant.choose', restaurantId: 99 });
    await waitFor(actor, (snapshot) => snapshot.context.chooseError !== null);
    expect(actor.getSnapshot().context.chooseError).toBe("Couldn't switch restaurant: Restaurant not found.");
    expect(actor.getSnapshot().context.user?.active_restaurant_id).toBe(2);
    expect(asked).toEqual([2, 99]);
  });

  it('treats a failed current-user fetch, or no token at all, as signed out', async () => {
    const failing = createActor(
      provideChecked(sessionMachine, {
        actors: {
          fetchCurrentUser: fromPromise<CurrentUser>(async () => {
            throw new Error('HTTP 401');
          }),
        },
      }),
      { input: { hasToken: true } },
    ).start();
    await waitFor(failing, (snapshot) => snapshot.matches('signedOut'));
    expect(
      createActor(sessionMachine, { input: { hasToken: false } })
        .start()
        .getSnapshot().value,
    ).toBe('signedOut');
  });
});

describe('onboarding status machine', () => {
  it('reaches every state and transition', () => {
    const status = (launched: boolean) => ({
      id: 3,
      launched,
      progress: { location: true, about: false, delivery: false, hours: false, additional: false, contacts: false, launch: launched },
    });
    assertPathCoverage(onboardingStatusMachine, {
      input: { restaurantId: '3' },
      events: [
        { type: 'xstate.done.actor.fetchOnboardingStatus', output: status(true) },
        { type: 'xstate.done.actor.fetchOnboardingStatus', output: status(false) },
        { type: 'xstate.error.actor.fetchOnboardingStatus', error: new Error('Not found.') },
        { type: 'status.retry' },
      ],
    });
  });
});

describe('session machine: what the guard reads', () => {
  it('says signed in (and choosing), signed out or ended; nothing while it checks', () => {
    const tagsAt = stateTags(sessionMachine, { hasToken: false });
    expect([tagsAt('checking'), tagsAt('loading'), tagsAt({ signedIn: 'ready' }), tagsAt({ signedIn: 'choosing' })]).toEqual([
      [],
      [],
      ['signedIn'],
      ['choosing', 'signedIn'],
    ]);
    expect([tagsAt('signingOut'), tagsAt('signedOut'), tagsAt('ended')]).toEqual([[], ['signedOut'], ['ended']]);
  });
});
