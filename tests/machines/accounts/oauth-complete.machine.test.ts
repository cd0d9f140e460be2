import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Tokens } from '#contracts/shared/session';
import { ApiError } from '#src/services/shared/api';
import { OAUTH_NO_DETAILS, oauthCompleteMachine, type OAuthResult } from '#src/machines/accounts/oauth-complete.machine';
import { measurePathCoverage } from '../../support/path-coverage';
import { provideChecked } from '../../support/contract-double';
import { recordedCall } from '../../support/recorded-call';
import { stateTags } from '../../support/state-tags';

const TOKENS = { access: 'A', refresh: 'R' };

describe('oauth completion machine: path coverage', () => {
  it('reaches every state and transition over the two ways the page can be opened', () => {
    const events = [
      { type: 'signin.retry' },
      { type: 'xstate.error.actor.completeSignIn', error: new ApiError('Service unavailable.', { status: 503 }), actorId: 'completeSignIn' },
      { type: 'xstate.done.actor.completeSignIn', output: '/backoffice', actorId: 'completeSignIn' },
    ];
    const withTokens = measurePathCoverage(oauthCompleteMachine, { input: { tokens: TOKENS }, events });
    const withError = measurePathCoverage(oauthCompleteMachine, { input: { error: 'access_denied' }, events });
    const reached = (key: 'states' | 'transitions') => new Set([...withTokens[key].reached, ...withError[key].reached]);
    expect(withTokens.states.all.filter((state) => !reached('states').has(state))).toEqual([]);
    expect(withTokens.transitions.all.filter((transition) => !reached('transitions').has(transition))).toEqual([]);
  });
});

function start(input: OAuthResult, answer: (tokens: Tokens) => Promise<string>) {
  const completeSignIn = recordedCall<string, Tokens>(answer);
  const actor = createActor(provideChecked(oauthCompleteMachine, { actors: { completeSignIn: completeSignIn.actor } }), { input });
  const navigations: string[] = [];
  actor.on('screen.navigate', ({ to, replace }) => navigations.push(`${to}${replace ? ' (replace)' : ''}`));
  actor.start();
  return { actor, calls: completeSignIn.calls, navigations };
}

describe('oauth completion machine: behaviour', () => {
  it('signs in with the tokens and ends with the destination', async () => {
    const { actor, calls, navigations } = start({ tokens: TOKENS }, async () => '/onboard/3/location');
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual([TOKENS]);
    expect(navigations).toEqual(['/onboard/3/location (replace)']);
  });

  it('explains the provider’s error, or the lack of details, without calling anything', () => {
    const denied = start({ error: 'Google sign-in is not configured.' }, async () => '/');
    expect(denied.actor.getSnapshot().value).toBe('failed');
    expect(denied.actor.getSnapshot().context.error).toBe('Google sign-in is not configured.');
    const empty = start({ error: '' }, async () => '/');
    expect(empty.actor.getSnapshot().context.error).toBe(OAUTH_NO_DETAILS);
    expect([...denied.calls, ...empty.calls]).toEqual([]);
  });

  it('can try again after a failed sign-in', async () => {
    let first = true;
    const { actor, navigations } = start({ tokens: TOKENS }, async () => {
      if (first) {
        first = false;
        throw new ApiError('Service unavailable.', { status: 503 });
      }
      return '/admin';
    });
    expect((await waitFor(actor, (s) => s.matches('failed'))).context.error).toBe('Service unavailable.');
    expect(navigations).toEqual([]);
    actor.send({ type: 'signin.retry' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(navigations).toEqual(['/admin (replace)']);
  });
});

describe('oauth completion machine: what the view reads', () => {
  it('is failed only while the failure is shown', () => {
    const tagsAt = stateTags(oauthCompleteMachine, { error: 'No.' });
    expect([tagsAt('signingIn'), tagsAt('failed'), tagsAt('done')]).toEqual([[], ['failed'], []]);
  });
});
