import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { landingVisitMachine, type LandingVisit } from '#src/machines/leads/landing-visit.machine';
import { assertWalksCover } from '../../support/path-coverage';
import { stateTags } from '../../support/state-tags';

const OWNER: LandingVisit['session'] = { admin: false, superadmin: false, onboarding: { id: 42, launched: true } };

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('landing visit machine', () => {
  it('reaches every state and transition', () => {
    assertWalksCover(landingVisitMachine, [
      { input: { session: OWNER, launchNotice: true }, events: [{ type: 'launch.dismiss' }] },
      { input: { session: OWNER, launchNotice: false }, events: [{ type: 'launch.dismiss' }] },
    ]);
  });

  it('announces a launch once: the note is gone from the browser as soon as the page has read it', () => {
    sessionStorage.setItem('access_token', 'token');
    sessionStorage.setItem('onboarding', JSON.stringify({ id: 42, launched: true }));
    sessionStorage.setItem('launch_notice', '42');
    const actor = createActor(landingVisitMachine, { input: undefined }).start();
    expect(actor.getSnapshot().value).toBe('announcing');
    expect(actor.getSnapshot().context.session?.onboarding).toEqual({ id: 42, launched: true });
    expect(sessionStorage.getItem('launch_notice')).toBeNull();
    actor.send({ type: 'launch.dismiss' });
    expect(actor.getSnapshot().value).toBe('quiet');
    expect(createActor(landingVisitMachine, { input: undefined }).start().getSnapshot().value).toBe('quiet');
  });

  it('tells a signed-out visitor nothing and leaves the note for the tab that signed in', () => {
    localStorage.setItem('launch_notice', '42');
    const actor = createActor(landingVisitMachine, { input: undefined }).start();
    expect(actor.getSnapshot().value).toBe('quiet');
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(localStorage.getItem('launch_notice')).toBe('42');
  });
});

describe('landing visit machine: what the view reads', () => {
  it('is announcing only while the confirmation is shown', () => {
    const tagsAt = stateTags(landingVisitMachine, { session: null, launchNotice: false });
    expect([tagsAt('arriving'), tagsAt('announcing'), tagsAt('quiet')]).toEqual([[], ['announcing'], []]);
  });
});
