import { assign, fromPromise, setup } from 'xstate';
import type { Territory } from '../../../contracts/territories';
import type { ListPage } from '../../services/shared/api';
import { errorText } from '../../services/shared/error-text';
import { deleteTerritory, listTerritories } from '../../services/territories/territories';

/**
 * The territories list (administrators only).
 *
 *   loading --done--> loaded.idle ; --error--> failed --list.reload--> loading
 *   loaded.idle --item.delete (confirmed in the view)--> loaded.deleting --done--> loading
 *                                                                       --error--> loaded.idle + alert
 *   search.changed (anywhere) --> the term is noted; 300 ms after the last key the list reloads
 *
 * Tags for the view: `loading` (no answer yet), `searching` (waiting for the typing to pause),
 * `failed` (the list could not be loaded), `ready` (the rows came), `deleting`.
 */

/** Typing pauses this long before the list asks the server (one request per word, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

export const TERRITORY_LIST_TEXTS = {
  loadFailed: 'The territories could not be loaded.',
  deleteFailed: 'Failed to delete: ',
} as const;

export type TerritoriesListContext = {
  search: string;
  items: Territory[];
  /** The load failure (in place of the table) or a failed delete (above it). */
  error: string | null;
};

export type TerritoriesListEvent =
  | { type: 'search.changed'; search: string }
  | { type: 'list.reload' }
  | { type: 'item.delete'; id: number }
  | { type: 'alert.dismiss' };

const reason = (error: unknown, fallback: string) => errorText(error, fallback).message;

export const territoriesListMachine = setup({
  types: { context: {} as TerritoriesListContext, events: {} as TerritoriesListEvent },
  actors: {
    loadTerritories: fromPromise<ListPage<Territory>, { search: string }>(({ input }) => listTerritories(input.search)),
    deleteTerritory: fromPromise<void, { id: number }>(({ input }) => deleteTerritory(input.id)),
  },
}).createMachine({
  id: 'territoriesList',
  context: { search: '', items: [], error: null },
  initial: 'loading',
  on: {
    'search.changed': { target: '.searching', actions: assign({ search: ({ event }) => event.search }) },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadTerritories',
        src: 'loadTerritories',
        input: ({ context }) => ({ search: context.search }),
        onDone: { target: 'loaded', actions: assign({ items: ({ event }) => event.output.items, error: null }) },
        onError: { target: 'failed', actions: assign({ items: [], error: ({ event }) => reason(event.error, TERRITORY_LIST_TEXTS.loadFailed) }) },
      },
    },
    // Re-entered on every key, so the pause is counted from the last one; the rows stay meanwhile.
    searching: { tags: ['searching'], after: { [SEARCH_DEBOUNCE_MS]: 'loading' } },
    failed: { tags: ['failed'], on: { 'list.reload': 'loading' } },
    loaded: {
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'item.delete': 'deleting',
            'alert.dismiss': { actions: assign({ error: null }) },
          },
        },
        deleting: {
          tags: ['deleting'],
          entry: assign({ error: null }),
          invoke: {
            id: 'deleteTerritory',
            src: 'deleteTerritory',
            input: ({ event }) => ({ id: event.type === 'item.delete' ? event.id : 0 }),
            onDone: { target: '#territoriesList.loading' },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => `${TERRITORY_LIST_TEXTS.deleteFailed}${reason(event.error, 'Please try again.')}` }),
            },
          },
        },
      },
    },
  },
});

export type TerritoriesListMachine = typeof territoriesListMachine;
