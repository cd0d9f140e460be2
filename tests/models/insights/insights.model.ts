/**
 * The insight screens with no effects (createTestModel refuses invoke): what a person sees while
 * the figures load, once they came, when the call failed, and when they change what they look at.
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';

export type MenuDashboardModelEvent = { type: 'server.answer' } | { type: 'server.fail' } | { type: 'dashboard.retry' } | { type: 'restaurant.switch' };

export const menuDashboardModel = createTestModel(
  setup({ types: { events: {} as MenuDashboardModelEvent } }).createMachine({
    id: 'menuDashboardModel',
    initial: 'loading',
    states: {
      loading: { on: { 'server.answer': 'loaded', 'server.fail': 'failed' } },
      failed: { on: { 'dashboard.retry': 'retrying' } },
      retrying: { on: { 'server.answer': 'loaded' } },
      loaded: { on: { 'restaurant.switch': 'switching' } },
      /** An administrator picked another restaurant: its figures are asked for. */
      switching: { on: { 'server.answer': 'switched' } },
      switched: {},
    },
  }),
);

export type AnalyticsModelEvent = { type: 'server.answer' } | { type: 'server.fail' } | { type: 'range.choose7' } | { type: 'csv.export' };

export const analyticsModel = createTestModel(
  setup({ types: { events: {} as AnalyticsModelEvent } }).createMachine({
    id: 'analyticsModel',
    initial: 'loading',
    states: {
      loading: { on: { 'server.answer': 'loaded', 'server.fail': 'zeros' } },
      /** Section 8: a failure is only logged; the screen shows zeros. */
      zeros: {},
      loaded: { on: { 'range.choose7': 'week', 'csv.export': 'exported' } },
      week: { on: { 'csv.export': 'weekExported' } },
      exported: {},
      weekExported: {},
    },
  }),
);

export type GeneralStatsModelEvent = { type: 'server.answer' } | { type: 'server.fail' } | { type: 'restaurant.switch' };

export const generalStatsModel = createTestModel(
  setup({ types: { events: {} as GeneralStatsModelEvent } }).createMachine({
    id: 'generalStatsModel',
    initial: 'loading',
    states: {
      loading: { on: { 'server.answer': 'loaded', 'server.fail': 'zeros' } },
      loaded: { on: { 'restaurant.switch': 'switching' } },
      zeros: {},
      /** An administrator picked another restaurant: the first one's cards are gone while its figures load. */
      switching: { on: { 'server.answer': 'switched' } },
      switched: {},
    },
  }),
);
