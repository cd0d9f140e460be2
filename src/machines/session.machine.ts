import { assign, fromPromise, setup } from 'xstate';
import type { CurrentUser } from '../../contracts/auth';
import { fetchCurrentUser, signOut } from '../services/session';

/**
 * The signed-in session behind the guards (spec section 2, "Guards"): a stored access token and
 * a successful current-user fetch make a session; anything else sends the person to /login.
 *
 *   checking --[token]--> loading --done--> signedIn --session.signOut--> signingOut --> ended
 *   checking --[no token]--> signedOut;  loading --error--> signedOut
 * `signedOut` sends the person to /login remembering the page; `ended` (they chose to sign
 * out) sends them to /login with nothing to come back to.
 */
export type SessionInput = { hasToken: boolean };
export type SessionContext = { hasToken: boolean; user: CurrentUser | null };
export type SessionEvent = { type: 'session.signOut' };

export const sessionMachine = setup({
  types: { input: {} as SessionInput, context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    fetchCurrentUser: fromPromise<CurrentUser>(() => fetchCurrentUser()),
    signOut: fromPromise<void>(() => signOut()),
  },
  guards: {
    hasToken: ({ context }) => context.hasToken,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ hasToken: input.hasToken, user: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'loading' }, { target: 'signedOut' }],
    },
    loading: {
      invoke: {
        id: 'fetchCurrentUser',
        src: 'fetchCurrentUser',
        onDone: { target: 'signedIn', actions: assign({ user: ({ event }) => event.output }) },
        // The api client has already tried to renew; a failure here means no usable session.
        onError: { target: 'signedOut' },
      },
    },
    signedIn: {
      on: { 'session.signOut': 'signingOut' },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        // signOut() clears the local session even when the server cannot be reached.
        onDone: { target: 'ended', actions: assign({ user: null }) },
        onError: { target: 'ended', actions: assign({ user: null }) },
      },
    },
    signedOut: { type: 'final' },
    ended: { type: 'final' },
  },
});
