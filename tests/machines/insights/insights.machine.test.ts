import { createActor, fromPromise, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GeneralStats } from '#contracts/insights';
import { analyticsMachine, NO_ANALYTICS_DATA, NO_ANALYTICS_STATS, type AnalyticsData } from '#src/machines/insights/analytics.machine';
import { generalStatsMachine, NO_GENERAL_STATS } from '#src/machines/insights/general-stats.machine';
import { menuDashboardMachine, NO_DASHBOARD_DATA, type MenuDashboardData } from '#src/machines/insights/menu-dashboard.machine';
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
        { type: 'xstate.done.actor.loadFigures', output: { stats: menuStatsOf(1), backendReachable: true, orders: null } },
        { type: 'xstate.error.actor.loadFigures', error: new Error('HTTP 503') },
        ...restaurantEvents,
        { type: 'load.retry' },
      ],
    });
  });

  it('shows why it failed, and loads again on retry', async () => {
    let calls = 0;
    const actor = createActor(
      provideChecked(menuDashboardMachine, {
        actors: {
          loadFigures: fromPromise<MenuDashboardData, { restaurantId: number | null }>(async () => {
            calls += 1;
            if (calls === 1) throw new Error('The database is not answering.');
            return { stats: menuStatsOf(2), backendReachable: true, orders: null };
          }),
        },
      }),
      { input: { restaurantId: null } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('The database is not answering.');
    actor.send({ type: 'load.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(actor.getSnapshot().context.figures.stats.counts.restaurants).toBe(2);
  });

  it('tells the screen what to draw through its tags, and says why it failed without logging it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const actor = createActor(
      provideChecked(menuDashboardMachine, {
        actors: {
          loadFigures: fromPromise<MenuDashboardData, { restaurantId: number | null }>(async () => {
            if (fail) throw new Error('HTTP 503');
            return { stats: menuStatsOf(4), backendReachable: true, orders: null };
          }),
        },
      }),
      { input: { restaurantId: 7 } },
    ).start();
    const tags = () => [...actor.getSnapshot().tags].sort();
    expect(tags()).toEqual(['loading']);
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(tags()).toEqual(['failed']);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'HTTP 503', figures: NO_DASHBOARD_DATA });
    expect(logged).not.toHaveBeenCalled();
    fail = false;
    actor.send({ type: 'load.retry' });
    expect(tags()).toEqual(['loading']);
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    expect(tags()).toEqual(['ready']);
    expect(actor.getSnapshot().context).toMatchObject({ error: null, figures: { stats: { counts: { restaurants: 4 } } } });
  });

  it("loads the newly chosen restaurant's figures, and nothing when the choice stays", async () => {
    const asked: (number | null)[] = [];
    const actor = createActor(
      provideChecked(menuDashboardMachine, {
        actors: {
          loadFigures: fromPromise<MenuDashboardData, { restaurantId: number | null }>(async ({ input }) => {
            asked.push(input.restaurantId);
            return { stats: menuStatsOf(input.restaurantId ?? 0), backendReachable: true, orders: null };
          }),
        },
      }),
      { input: { restaurantId: null } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'restaurant.changed', restaurantId: null });
    actor.send({ type: 'restaurant.changed', restaurantId: 8 });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded') && snapshot.context.figures.stats.counts.restaurants === 8);
    expect(asked).toEqual([null, 8]);
  });
});

describe('general stats machine (Drivers, Customers)', () => {
  it('reaches every state and transition', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    assertPathCoverage(generalStatsMachine, {
      input: { restaurantId: null },
      events: [
        { type: 'xstate.done.actor.loadFigures', output: generalStatsOf(1) },
        { type: 'xstate.error.actor.loadFigures', error: new Error('HTTP 503') },
        ...restaurantEvents,
      ],
    });
  });

  it("only logs 'Error fetching stats' on a failure and keeps zeros", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const actor = createActor(
      provideChecked(generalStatsMachine, {
        actors: {
          loadFigures: fromPromise<GeneralStats, { restaurantId: number | null }>(async () => {
            throw new Error('down');
          }),
        },
      }),
      { input: { restaurantId: 7 } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.figures).toEqual(NO_GENERAL_STATS);
    expect(logged).toHaveBeenCalledWith('Error fetching stats', expect.any(Error));
  });
});

describe('analytics machine', () => {
  it('reaches every state and transition', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    assertPathCoverage(analyticsMachine, {
      input: { restaurantId: 7 },
      events: [
        { type: 'xstate.done.actor.loadFigures', output: { stats: analyticsStatsOf(1), orders: null } },
        { type: 'xstate.error.actor.loadFigures', error: new Error('HTTP 503') },
        ...restaurantEvents,
        { type: 'choice.made', choice: 7 },
      ],
    });
  });

  it('starts at 30 days, changes range without loading again, and shows zeros after a failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const actor = createActor(
      provideChecked(analyticsMachine, {
        actors: {
          loadFigures: fromPromise<AnalyticsData, { restaurantId: number | null }>(async ({ input }) => {
            calls += 1;
            if (input.restaurantId === 9) throw new Error('down');
            return { stats: analyticsStatsOf(3), orders: null };
          }),
        },
      }),
      { input: { restaurantId: null } },
    ).start();
    expect(actor.getSnapshot().context.choice).toBe(30);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'choice.made', choice: 90 });
    expect(actor.getSnapshot().context.choice).toBe(90);
    expect(calls).toBe(1);
    actor.send({ type: 'restaurant.changed', restaurantId: 9 });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.figures).toEqual(NO_ANALYTICS_DATA);
    expect(logged).toHaveBeenCalledWith('Error fetching stats', expect.any(Error));
  });
});

describe('general stats and analytics machines: the restaurant chosen', () => {
  it("general stats: shows the chosen restaurant's figures, zeros while another one's load, and stays on the same choice", async () => {
    const asked: (number | null)[] = [];
    let finish: (stats: GeneralStats) => void = () => undefined;
    const actor = createActor(
      provideChecked(generalStatsMachine, {
        actors: {
          loadFigures: fromPromise<GeneralStats, { restaurantId: number | null }>(({ input }) => {
            asked.push(input.restaurantId);
            return input.restaurantId === 8
              ? new Promise((resolve) => {
                  finish = resolve;
                })
              : Promise.resolve(generalStatsOf(7));
          }),
        },
      }),
      { input: { restaurantId: 7 } },
    ).start();
    const loaded = await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(loaded.context).toEqual({ restaurantId: 7, figures: generalStatsOf(7), error: null, choice: null });
    actor.send({ type: 'restaurant.changed', restaurantId: 7 });
    expect(actor.getSnapshot().value).toBe('loaded');
    actor.send({ type: 'restaurant.changed', restaurantId: 8 });
    expect(actor.getSnapshot()).toMatchObject({ value: 'loading', context: { restaurantId: 8, figures: NO_GENERAL_STATS } });
    finish(generalStatsOf(8));
    expect((await waitFor(actor, (snapshot) => snapshot.matches('loaded'))).context.figures).toEqual(generalStatsOf(8));
    expect(asked).toEqual([7, 8]);
  });

  it("analytics: shows the chosen restaurant's figures, zeros while another one's load, and keeps the range", async () => {
    const asked: (number | null)[] = [];
    const actor = createActor(
      provideChecked(analyticsMachine, {
        actors: {
          loadFigures: fromPromise<AnalyticsData, { restaurantId: number | null }>(async ({ input }) => {
            asked.push(input.restaurantId);
            return { stats: analyticsStatsOf(input.restaurantId ?? 0), orders: null };
          }),
        },
      }),
      { input: { restaurantId: 7 } },
    ).start();
    const loaded = await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(loaded.context).toMatchObject({ restaurantId: 7, figures: { stats: analyticsStatsOf(7) }, choice: 30 });
    actor.send({ type: 'choice.made', choice: 7 });
    actor.send({ type: 'restaurant.changed', restaurantId: 7 });
    expect(actor.getSnapshot().value).toBe('loaded');
    actor.send({ type: 'restaurant.changed', restaurantId: 8 });
    expect(actor.getSnapshot().context).toMatchObject({ restaurantId: 8, figures: NO_ANALYTICS_DATA, choice: 7 });
    const reloaded = await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(reloaded.context.figures.stats).toEqual(analyticsStatsOf(8));
    expect(asked).toEqual([7, 8]);
  });
});

describe('insight machines: each takes what its screen offers, and nothing else', () => {
  // The dashboard says why it failed, with Retry, and offers no range; Analytics offers its range
  // and only logs a failure; the stat cards offer neither (the views send nothing else).
  for (const [name, machine, offers] of [
    ['menu dashboard', menuDashboardMachine, { retry: true, choice: false }],
    ['analytics', analyticsMachine, { retry: false, choice: true }],
    ['general stats', generalStatsMachine, { retry: false, choice: false }],
  ] as const) {
    it(`${name}: ${offers.retry ? 'Retry after a failure' : 'no Retry'}, ${offers.choice ? 'a range' : 'no choice'}`, async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const actor = createActor(
        provideChecked(machine as typeof generalStatsMachine, {
          actors: { loadFigures: fromPromise<GeneralStats, { restaurantId: number | null }>(() => Promise.reject(new Error('down'))) },
        }),
        { input: { restaurantId: 7 } },
      ).start();
      const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
      expect(failed.can({ type: 'load.retry' })).toBe(offers.retry);
      expect(failed.can({ type: 'choice.made', choice: 7 as never })).toBe(offers.choice);
      actor.stop();
    });
  }
});

describe('general stats and analytics machines: a choice made while a load is under way', () => {
  for (const [name, machine] of [
    ['general stats', generalStatsMachine],
    ['analytics', analyticsMachine],
  ] as const) {
    it(`${name}: drops the first restaurant's load and shows the second one's figures`, async () => {
      const pending: Record<number, (restaurants: number) => void> = {};
      const actor = createActor(
        provideChecked(machine as typeof generalStatsMachine, {
          actors: {
            loadFigures: fromPromise<GeneralStats, { restaurantId: number | null }>(
              ({ input }) =>
                new Promise((resolve) => {
                  // Analytics' load brings its counts with the orders.
                  pending[input.restaurantId ?? 0] = (restaurants) =>
                    resolve((name === 'analytics' ? { stats: generalStatsOf(restaurants), orders: null } : generalStatsOf(restaurants)) as never);
                }),
            ),
          },
        }),
        { input: { restaurantId: 7 } },
      ).start();
      await vi.waitFor(() => expect(pending[7]).toBeDefined(), { timeout: 2_000 });
      actor.send({ type: 'restaurant.changed', restaurantId: 8 });
      await vi.waitFor(() => expect(pending[8]).toBeDefined(), { timeout: 2_000 });
      pending[7]!(7);
      pending[8]!(8);
      const loaded = await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
      expect(name === 'analytics' ? (loaded.context.figures as unknown as AnalyticsData).stats : loaded.context.figures).toMatchObject({ restaurants: 8 });
    });
  }

  it('shows zeros, not figures, for a restaurant whose figures did not load', () => {
    expect(NO_GENERAL_STATS).toEqual({ restaurants: 0, cities: 0, menuItems: 0, categories: 0 });
    expect(NO_ANALYTICS_STATS).toEqual({
      currency: 'USD',
      countries: 0,
      cities: 0,
      restaurants: 0,
      menuItems: 0,
      categories: 0,
      optionGroups: 0,
      options: 0,
      itemsPerCategory: [],
    });
  });
});
