import { assign, fromPromise, setup } from 'xstate';
import type { Restaurant } from '../../../contracts/shared/restaurants';
import { errorText } from '../../services/shared/error-text';
import { loadRestaurantDirectory, searchRestaurants, type RestaurantDirectory } from '../../services/shared/restaurants';

/**
 * The back office's restaurant picker for staff and superadmins (issue 10, item 7). It knows the
 * restaurants (names for menu rows, the first restaurant for the spec's rule) and searches the
 * server as the person types; choosing is the session's business (session.machine.ts).
 *
 *   loading --done--> ready.idle;  loading --error--> failed --picker.retry--> loading
 *   ready: picker.search [text] --> waiting --after searchDelay--> searching --done/error--> idle
 *          picker.search [empty] --> idle (the known restaurants again)
 * Typing again while waiting restarts the delay, so a word typed quickly costs one call.
 * Tags: `ready` (the restaurants are known), `settled` (no search waiting or running: the list
 * shows the last answer), `failed` (the list could not be loaded).
 */
export type PickerContext = {
  known: Restaurant[];
  /** How many restaurants exist; more than `known` when the platform outgrows one page. */
  total: number;
  query: string;
  /** The server's matches for `query`; null while no search is running or shown. */
  matches: Restaurant[] | null;
  error: string | null;
};
export type PickerEvent = { type: 'picker.search'; query: string } | { type: 'picker.retry' };

/** What a person reads for a restaurant: its name, or its number while it has none yet (mid-onboarding). */
export const restaurantLabel = (restaurant: Pick<Restaurant, 'id' | 'name'>): string => restaurant.name?.trim() || `Restaurant #${restaurant.id}`;

const failure = (error: unknown) => errorText(error, 'Request failed').message;

export const restaurantPickerMachine = setup({
  types: { context: {} as PickerContext, events: {} as PickerEvent },
  actors: {
    loadRestaurants: fromPromise<RestaurantDirectory>(() => loadRestaurantDirectory()),
    searchRestaurants: fromPromise<Restaurant[], { query: string }>(({ input }) => searchRestaurants(input.query)),
  },
  delays: { searchDelay: 250 },
  guards: {
    emptyQuery: ({ event }) => event.type === 'picker.search' && event.query.trim() === '',
  },
}).createMachine({
  id: 'restaurantPicker',
  context: { known: [], total: 0, query: '', matches: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRestaurants',
        src: 'loadRestaurants',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ known: event.output.restaurants, total: event.output.total, error: null })) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => `Couldn't load restaurants: ${failure(event.error)}` }) },
      },
    },
    failed: { tags: ['failed'], on: { 'picker.retry': 'loading' } },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'picker.search': [
          { guard: 'emptyQuery', target: '.idle', actions: assign({ query: '', matches: null, error: null }) },
          { target: '.waiting', reenter: true, actions: assign({ query: ({ event }) => event.query.trim() }) },
        ],
      },
      states: {
        idle: { tags: ['settled'] },
        waiting: { after: { searchDelay: 'searching' } },
        searching: {
          invoke: {
            id: 'searchRestaurants',
            src: 'searchRestaurants',
            input: ({ context }) => ({ query: context.query }),
            onDone: { target: 'idle', actions: assign({ matches: ({ event }) => event.output, error: null }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => `Couldn't search restaurants: ${failure(event.error)}` }) },
          },
        },
      },
    },
  },
});

export type RestaurantPickerMachine = typeof restaurantPickerMachine;
