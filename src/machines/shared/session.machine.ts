import { assign, fromPromise, setup } from 'xstate';
import type { CurrentUser } from '../../../contracts/shared/session';
import { errorText } from '../../services/shared/error-text';
import { chooseWorkingRestaurant, fetchCurrentUser, signOut } from '../../services/shared/session';
import { browserTokens } from '../../services/shared/token-store';

/**
 * The signed-in session behind the guards (spec section 2, "Guards"): a stored access token and
 * a successful current-user fetch make a session; anything else sends the person to /login.
 *
 *   checking --[token]--> loading --done--> signedIn --session.signOut--> signingOut --> ended
 *   checking --[no token]--> signedOut;  loading --error--> signedOut
 *   signedIn.ready --restaurant.choose--> signedIn.choosing --done--> ready (the updated user)
 *                                                           --error--> ready (user kept, sentence shown)
 * `signedOut` sends the person to /login remembering the page; `ended` (they chose to sign
 * out) sends them to /login with nothing to come back to. Choosing the restaurant an
 * administrator works on (issue 10) stays inside `signedIn`, so the screens stay on while the
 * server stores the choice, and the user the screens read is always the server's answer.
 * Tags for the guard: `signedIn` (and `choosing` inside it), `signedOut`, `ended`; without one
 * of them the session is still being checked.
 */
export type SessionInput = { hasToken: boolean };
export type SessionContext = { hasToken: boolean; user: CurrentUser | null; chooseError: string | null };
export type SessionEvent = { type: 'session.signOut' } | { type: 'restaurant.choose'; restaurantId: number | null };

export const sessionMachine = setup({
  types: { input: {} as SessionInput | undefined, context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    fetchCurrentUser: fromPromise<CurrentUser>(() => fetchCurrentUser()),
    chooseRestaurant: fromPromise<CurrentUser, { restaurantId: number | null }>(({ input }) => chooseWorkingRestaurant(input.restaurantId)),
    signOut: fromPromise<void>(() => signOut()),
  },
  guards: {
    hasToken: ({ context }) => context.hasToken,
  },
}).createMachine({
  id: 'session',
  // Without input (the guard in the app) the browser's token store is asked as the machine is created.
  context: ({ input }) => ({ hasToken: input?.hasToken ?? browserTokens.accessToken() !== null, user: null, chooseError: null }),
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
      tags: ['signedIn'],
      initial: 'ready',
      on: { 'session.signOut': 'signingOut' },
      states: {
        ready: {
          on: { 'restaurant.choose': { target: 'choosing', actions: assign({ chooseError: null }) } },
        },
        choosing: {
          tags: ['choosing'],
          invoke: {
            id: 'chooseRestaurant',
            src: 'chooseRestaurant',
            input: ({ event }) => ({ restaurantId: event.type === 'restaurant.choose' ? event.restaurantId : null }),
            onDone: { target: 'ready', actions: assign({ user: ({ event }) => event.output }) },
            onError: {
              target: 'ready',
              actions: assign({ chooseError: ({ event }) => `Couldn't switch restaurant: ${errorText(event.error, 'Request failed').message}` }),
            },
          },
        },
      },
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
    signedOut: { type: 'final', tags: ['signedOut'] },
    ended: { type: 'final', tags: ['ended'] },
  },
});
