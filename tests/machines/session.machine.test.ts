import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../contracts/auth';
import { sessionMachine } from '../../src/machines/session.machine';
import { onboardingStatusMachine } from '../../src/machines/onboarding-status.machine';
import { assertPathCoverage, measurePathCoverage } from '../support/path-coverage';
import { provideChecked } from '../support/contract-double';

const USER: CurrentUser = {
  id: 1, email: 'owner@example.com', first_name: 'O', last_name: 'W',
  is_staff: false, is_superadmin: false, active_restaurant_id: 3, active_restaurant_name: 'Pizza Loco',
};

describe('session machine', () => {
  it('reaches every state and transition between a start with and a start without a stored token', () => {
    // The token decides the first step, so no single start can take both branches.
    const walks = [true, false].map((hasToken) =>
      measurePathCoverage(sessionMachine, { input: { hasToken }, events: [{ type: 'session.signOut' }] }));
    const reached = (kind: 'states' | 'transitions') => new Set(walks.flatMap((walk) => walk[kind].reached));
    for (const kind of ['states', 'transitions'] as const) {
      expect(walks[0]![kind].all.filter((item) => !reached(kind).has(item)), kind).toEqual([]);
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

  it('treats a failed current-user fetch, or no token at all, as signed out', async () => {
    const failing = createActor(
      provideChecked(sessionMachine, { actors: { fetchCurrentUser: fromPromise<CurrentUser>(async () => { throw new Error('HTTP 401'); }) } }),
      { input: { hasToken: true } },
    ).start();
    await waitFor(failing, (snapshot) => snapshot.matches('signedOut'));
    expect(createActor(sessionMachine, { input: { hasToken: false } }).start().getSnapshot().value).toBe('signedOut');
  });
});

describe('onboarding status machine', () => {
  it('reaches every state and transition', () => {
    const status = (launched: boolean) => ({
      id: 3, launched,
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
