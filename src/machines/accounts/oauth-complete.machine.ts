import { assign, emit, fromPromise, setup } from 'xstate';
import type { Tokens } from '../../../contracts/shared/session';
import { oauthResultOnce } from '../../services/accounts/oauth-result';
import { completeSignIn } from '../../services/accounts/sign-in';
import { authFailure } from './auth-errors';
import { navigateTo, type ScreenNavigate } from './screen-effects';

/**
 * Social sign-in completion (/oauth/complete, spec section 4). The view has already read the
 * tokens (or the provider's error) from the address and removed them from it; this machine
 * only finishes the sign-in like login does, or explains why it cannot.
 *
 *   signingIn (start) --done--> done (emits screen.navigate to the destination) ; --error--> failed
 *   signingIn [no tokens] --> failed (the provider's error, or "no sign-in details")
 *   failed --signin.retry [tokens]--> signingIn
 * Tags: `failed` while the failure is shown.
 */

export type OAuthResult = { tokens: Tokens; error?: undefined } | { tokens?: undefined; error: string };

export interface OAuthCompleteContext {
  tokens: Tokens | null;
  error: string | null;
}

export type OAuthCompleteEvent = { type: 'signin.retry' };

export const OAUTH_NO_DETAILS = 'This page was opened without sign-in details. Please sign in again.';

export const oauthCompleteMachine = setup({
  types: {
    context: {} as OAuthCompleteContext,
    events: {} as OAuthCompleteEvent,
    /** What the address carried; without it, the address is read (and cleaned) as the machine is created. */
    input: {} as OAuthResult | undefined,
    emitted: {} as ScreenNavigate,
  },
  actors: {
    // A person who chose Google expects to stay signed in, as with Remember me on.
    completeSignIn: fromPromise<string, Tokens>(({ input }) => completeSignIn(input, { remember: true })),
  },
  guards: {
    hasTokens: ({ context }) => context.tokens !== null,
    noTokens: ({ context }) => context.tokens === null,
  },
  actions: {
    rememberFailure: assign((_, params: { error: unknown }) => ({ error: authFailure(params.error).message })),
    goTo: emit((_, params: { destination: string }) => navigateTo(params.destination)),
  },
}).createMachine({
  id: 'oauthComplete',
  // Created in the view's first render, so the tokens leave the address before anything else runs.
  context: ({ input = oauthResultOnce() }) => ({
    tokens: input.tokens ?? null,
    error: input.tokens ? null : input.error || OAUTH_NO_DETAILS,
  }),
  initial: 'signingIn',
  states: {
    signingIn: {
      // Nothing to sign in with (the provider said no, or the page was opened by hand).
      always: { guard: 'noTokens', target: 'failed' },
      invoke: {
        id: 'completeSignIn',
        src: 'completeSignIn',
        input: ({ context }): Tokens => context.tokens ?? { access: '', refresh: '' },
        onDone: { target: 'done', actions: { type: 'goTo', params: ({ event }) => ({ destination: event.output }) } },
        onError: { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'signin.retry': { guard: 'hasTokens', target: 'signingIn' } },
    },
    done: { type: 'final' },
  },
});

export type OAuthCompleteMachine = typeof oauthCompleteMachine;
