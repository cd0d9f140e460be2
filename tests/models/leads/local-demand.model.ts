/**
 * The local demand screen with no effects (createTestModel refuses invoke): figures for a
 * restaurant, none to count, a failure, and an administrator switching restaurants.
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';

export type LocalDemandModelEvent =
  | { type: 'server.answer' }
  | { type: 'server.noZips' }
  | { type: 'server.fail' }
  | { type: 'demand.retry' }
  | { type: 'restaurant.switch' };

export const localDemandModelMachine = setup({ types: { events: {} as LocalDemandModelEvent } }).createMachine({
  id: 'localDemandModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.answer': 'loaded', 'server.noZips': 'noZips', 'server.fail': 'failed' } },
    failed: { on: { 'demand.retry': 'loading' } },
    loaded: { on: { 'restaurant.switch': 'switching' } },
    /** The active restaurant changed: the other one's figures are asked for. */
    switching: { on: { 'server.answer': 'switched' } },
    switched: {},
    noZips: {},
  },
});

export const localDemandModel = createTestModel(localDemandModelMachine);
