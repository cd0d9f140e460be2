import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { landingVisitMachine } from '#src/machines/leads/landing-visit.machine';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('landing visit machine', () => {
  it('reads who is visiting from the browser once, and nothing of a launch', () => {
    sessionStorage.setItem('access_token', 'token');
    sessionStorage.setItem('onboarding', JSON.stringify({ id: 42, launched: true }));
    sessionStorage.setItem('launch_notice', '42');
    const actor = createActor(landingVisitMachine, { input: undefined }).start();
    expect(actor.getSnapshot().context).toEqual({ session: expect.objectContaining({ onboarding: { id: 42, launched: true } }) });
  });

  it('knows a signed-out visitor as nobody', () => {
    expect(createActor(landingVisitMachine, { input: undefined }).start().getSnapshot().context.session).toBeNull();
  });
});
