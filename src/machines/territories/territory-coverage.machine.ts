import { assign, fromPromise, setup } from 'xstate';
import type { TerritoryCoverage, TerritoryCoverageRequest } from '../../../contracts/territories';
import { errorText } from '../../services/shared/error-text';
import { loadCoverage } from '../../services/territories/territories';

/**
 * What the editor's zips and circles cover, as drawn (saved or not): the view reports every
 * change, and once the changes pause the server is asked.
 *
 *   idle / shown / failed --coverage.request--> waiting --500 ms after the last change--> fetching
 *   fetching --done--> shown ; --error--> failed (the map and the form work on without it)
 *   a change while fetching waits again; the newer answer is the one shown
 *
 * Tags for the view: `pending` (waiting or fetching), `failed`.
 */

/** Dragging a circle reports many changes: the server is asked once they stop. */
export const COVERAGE_DEBOUNCE_MS = 500;

const FAILURE_FALLBACK = 'Coverage could not be worked out.';

export type TerritoryCoverageContext = {
  request: TerritoryCoverageRequest;
  coverage: TerritoryCoverage | null;
  error: string | null;
};

export type TerritoryCoverageEvent = { type: 'coverage.request'; request: TerritoryCoverageRequest };

export const territoryCoverageMachine = setup({
  types: { context: {} as TerritoryCoverageContext, events: {} as TerritoryCoverageEvent },
  actors: {
    loadCoverage: fromPromise<TerritoryCoverage, TerritoryCoverageRequest>(({ input }) => loadCoverage(input)),
  },
}).createMachine({
  id: 'territoryCoverage',
  context: { request: { zips: [], circles: [] }, coverage: null, error: null },
  initial: 'idle',
  on: {
    'coverage.request': { target: '.waiting', reenter: true, actions: assign({ request: ({ event }) => event.request }) },
  },
  states: {
    idle: {},
    waiting: { tags: ['pending'], after: { [COVERAGE_DEBOUNCE_MS]: 'fetching' } },
    fetching: {
      tags: ['pending'],
      invoke: {
        id: 'loadCoverage',
        src: 'loadCoverage',
        input: ({ context }) => context.request,
        onDone: { target: 'shown', actions: assign({ coverage: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, FAILURE_FALLBACK).message }) },
      },
    },
    shown: {},
    failed: { tags: ['failed'] },
  },
});

export type TerritoryCoverageMachine = typeof territoryCoverageMachine;
