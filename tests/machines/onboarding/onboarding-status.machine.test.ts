import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { OnboardingStatus } from '#contracts/onboarding';
import { onboardingStatusMachine } from '#src/machines/onboarding/onboarding-status.machine';
import { provideChecked } from '../../support/contract-double';

const status = (launched: boolean): OnboardingStatus => ({
  id: 3,
  launched,
  progress: { location: true, about: false, delivery: false, hours: false, additional: false, contacts: false, launch: launched },
});

/** The layout's check, its answers one after another: a failure, then the status given. */
function start(answers: (() => Promise<OnboardingStatus>)[]) {
  return createActor(
    provideChecked(onboardingStatusMachine, {
      actors: { fetchOnboardingStatus: fromPromise<OnboardingStatus, { restaurantId: string }>(() => answers.shift()!()) },
    }),
    { input: { restaurantId: '3' } },
  ).start();
}

describe('onboarding status machine: what the layout reads', () => {
  it('is loading, then failed with the reason, then open with the status after Try again', async () => {
    const actor = start([() => Promise.reject(new Error('Not found.')), async () => status(false)]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const failed = await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(failed.context.error).toBe('Not found.');
    actor.send({ type: 'status.retry' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const open = await waitFor(actor, (snapshot) => snapshot.hasTag('open'));
    expect(open.context).toMatchObject({ error: null, status: status(false) });
    expect(open.hasTag('launched')).toBe(false);
  });

  it('is launched, and no more open, once the onboarding has launched', async () => {
    const actor = start([async () => status(true)]);
    const launched = await waitFor(actor, (snapshot) => snapshot.hasTag('launched'));
    expect(launched.hasTag('open')).toBe(false);
    expect(launched.status).toBe('done');
  });
});
