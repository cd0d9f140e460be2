import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { LocalDemand } from '../../../contracts/leads';
import { loadLocalDemand } from '../../services/leads/demand';
import { errorText } from '../../services/shared/error-text';

/**
 * The sign-ups counted around the restaurant the session works in. The screen tells the machine
 * when the active restaurant changes (an administrator's picker), and it loads that one's figures.
 *
 *   deciding --[a restaurant]--> loading --done--> loaded / --error--> failed --demand.retry--> loading
 *   deciding --[none]--> noRestaurant;   restaurant.changed (another id) --> deciding, from anywhere
 * Tags: `noRestaurant`, `loading`, `failed`, `loaded`: what the screen shows.
 */
export type LocalDemandContext = { restaurantId: number | null; demand: LocalDemand | null; error: string | null };
export type LocalDemandEvent = { type: 'restaurant.changed'; restaurantId: number | null } | { type: 'demand.retry' };

export const localDemandMachine = setup({
  types: {
    context: {} as LocalDemandContext,
    events: {} as LocalDemandEvent,
    input: {} as { restaurantId: number | null },
  },
  actors: {
    loadDemand: fromPromise<LocalDemand, { restaurantId: number }>(({ input }) => loadLocalDemand(input.restaurantId)),
  },
  guards: {
    hasRestaurant: ({ context }) => context.restaurantId !== null,
    isAnotherRestaurant: ({ context, event }) => {
      assertEvent(event, 'restaurant.changed');
      return event.restaurantId !== context.restaurantId;
    },
  },
}).createMachine({
  id: 'localDemand',
  context: ({ input }) => ({ restaurantId: input.restaurantId, demand: null, error: null }),
  initial: 'deciding',
  on: {
    'restaurant.changed': {
      guard: 'isAnotherRestaurant',
      target: '.deciding',
      actions: assign({ restaurantId: ({ event }) => event.restaurantId, demand: null, error: null }),
    },
  },
  states: {
    deciding: { always: [{ guard: 'hasRestaurant', target: 'loading' }, { target: 'noRestaurant' }] },
    noRestaurant: { tags: ['noRestaurant'] },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadDemand',
        src: 'loadDemand',
        input: ({ context }) => ({ restaurantId: context.restaurantId ?? 0 }),
        onDone: { target: 'loaded', actions: assign({ demand: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => `Couldn't load the local demand: ${errorText(event.error, 'Request failed').message}` }),
        },
      },
    },
    loaded: { tags: ['loaded'] },
    failed: { tags: ['failed'], on: { 'demand.retry': 'loading' } },
  },
});

export type LocalDemandMachine = typeof localDemandMachine;
