import { createActor, fromPromise, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsStats, GeneralStats } from '../../../contracts/insights';
import { analyticsMachine, NO_ANALYTICS_STATS } from '../../../src/machines/insights/analytics.machine';
import { generalStatsMachine, NO_GENERAL_STATS } from '../../../src/machines/insights/general-stats.machine';
import { menuDashboardMachine, type MenuDashboardData } from '../../../src/machines/insights/menu-dashboard.machine';
import { provideChecked } from '../../support/contract-double';
import { assertPathCoverage } from '../../support/path-coverage';
import { analyticsStatsOf, generalStatsOf, menuStatsOf } from './insights-fixtures';

afterEach(() => vi.restoreAllMocks());

const restaurantEvents = [
  { type: 'restaurant.changed', restaurantId: 8 },
  { type: 'restaurant.changed', restaurantId: null },
  { type: 'restaurant.changed', restaurantId: 7 },
];

describe('menu dashboard machine', () => {
  it('reaches every state and transition', () => {
    assertPathCoverage(menuDashboardMachine, {
      input: { restaurantId: 7 },
      events: [
        { type: 'xstate.done.actor.loadDashboard', output: { stats: menuStatsOf(1), backendReachable: true } },
        { type: 'xstate.error.actor.loadDashboard', error: new Error('HTTP 503') },
        ...restaurantEvents,
        { type: 'dashboard.retry' },
      ],
    });
  });

  it('shows why it failed, and loads again on retry', async () => {
    let calls = 0;
    const actor = createActor(provideChecked(menuDashboardMachine, {
      actors: {
        loadDashboard: fromPromise<MenuDashboardData, { restaurantId: number | null }>(async () => {
          calls += 1;
          if (calls === 1) throw new Error('The database is not answering.');
          return { stats: menuStatsOf(2), backendReachable: true };
        }),
      },
    }), { input: { restaurantId: null } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('The database is not answering.');
    actor.send({ type: 'dashboard.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(actor.getSnapshot().context.data?.stats.counts.restaurants).toBe(2);
  });

  it("loads the newly chosen restaurant's figures, and nothing when the choice stays", async () => {
    const asked: (number | null)[] = [];
    const actor = createActor(provideChecked(menuDashboardMachine, {
      actors: {
        loadDashboard: fromPromise<MenuDashboardData, { restaurantId: number | null }>(async ({ input }) => {
          asked.push(input.restaurantId);
          return { stats: menuStatsOf(input.restaurantId ?? 0), backendReachable: true };
        }),
      },
    }), { input: { restaurantId: null } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'restaurant.changed', restaurantId: null });
    actor.send({ type: 'restaurant.changed', restaurantId: 8 });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded') && snapshot.context.data?.stats.counts.restaurants === 8);
    expect(asked).toEqual([null, 8]);
  });
});

describe('general stats machine (Drivers, Customers)', () => {
  it('reaches every state and transition', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    assertPathCoverage(generalStatsMachine, {
      input: { restaurantId: null },
      events: [
        { type: 'xstate.done.actor.loadStats', output: generalStatsOf(1) },
        { type: 'xstate.error.actor.loadStats', error: new Error('HTTP 503') },
        ...restaurantEvents,
      ],
    });
  });

  it("only logs 'Error fetching stats' on a failure and keeps zeros", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const actor = createActor(provideChecked(generalStatsMachine, {
      actors: { loadStats: fromPromise<GeneralStats, { restaurantId: number | null }>(async () => { throw new Error('down'); }) },
    }), { input: { restaurantId: 7 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.stats).toEqual(NO_GENERAL_STATS);
    expect(logged).toHaveBeenCalledWith('Error fetching stats', expect.any(Error));
  });
});

describe('analytics machine', () => {
  it('reaches every state and transition', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    assertPathCoverage(analyticsMachine, {
      input: { restaurantId: 7 },
      events: [
        { type: 'xstate.done.actor.loadStats', output: analyticsStatsOf(1) },
        { type: 'xstate.error.actor.loadStats', error: new Error('HTTP 503') },
        ...restaurantEvents,
        { type: 'range.chosen', range: 7 },
      ],
    });
  });

  it('starts at 30 days, changes range without loading again, and shows zeros after a failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const actor = createActor(provideChecked(analyticsMachine, {
      actors: {
        loadStats: fromPromise<AnalyticsStats, { restaurantId: number | null }>(async ({ input }) => {
          calls += 1;
          if (input.restaurantId === 9) throw new Error('down');
          return analyticsStatsOf(3);
        }),
      },
    }), { input: { restaurantId: null } }).start();
    expect(actor.getSnapshot().context.range).toBe(30);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'range.chosen', range: 90 });
    expect(actor.getSnapshot().context.range).toBe(90);
    expect(calls).toBe(1);
    actor.send({ type: 'restaurant.changed', restaurantId: 9 });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.stats).toEqual(NO_ANALYTICS_STATS);
    expect(logged).toHaveBeenCalledWith('Error fetching stats', expect.any(Error));
  });
});
