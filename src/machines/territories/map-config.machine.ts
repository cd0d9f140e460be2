import { assign, fromPromise, setup } from 'xstate';
import type { MapConfig } from '../../../contracts/territories';
import { loadMapConfig } from '../../services/territories/territories';

/**
 * Where the map's tiles come from. Without an answer the map is drawn without tiles: circles,
 * markers and controls work the same, so a failure here is not an error the person must handle.
 *
 *   loading --done--> ready ; --error--> withoutTiles (tagged so for the view)
 */
export const mapConfigMachine = setup({
  types: { context: {} as { config: MapConfig | null } },
  actors: { loadMapConfig: fromPromise<MapConfig>(() => loadMapConfig()) },
}).createMachine({
  id: 'mapConfig',
  context: { config: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMapConfig',
        src: 'loadMapConfig',
        onDone: { target: 'ready', actions: assign({ config: ({ event }) => event.output }) },
        onError: 'withoutTiles',
      },
    },
    ready: {},
    withoutTiles: { tags: ['withoutTiles'] },
  },
});

export type MapConfigMachine = typeof mapConfigMachine;
