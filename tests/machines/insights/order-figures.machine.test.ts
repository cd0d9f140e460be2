import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { CustomersPage } from '#contracts/shared/order-figures';
import { customersMachine, CUSTOMERS_PAGE_SIZE } from '#src/machines/insights/customers.machine';
import { orderSeries } from '#src/machines/insights/order-series';
import { SAMPLE_LABEL, sampleSeries } from '#src/machines/insights/sample-data';
import type { CustomersAsk } from '#src/services/insights/stats';
import type { DownloadedFile } from '#src/services/shared/api';
import { provideChecked } from '../../support/contract-double';
import { assertPathCoverage } from '../../support/path-coverage';
import { orderStatsOf } from './insights-fixtures';

const TODAY = new Date('2026-11-27T12:00:00Z');

describe('orderSeries: what the dashboard and analytics draw', () => {
  it("cuts the restaurant's real days to the range, in its currency, with the run rate and average summed in cents", () => {
    const week = orderSeries(orderStatsOf(90), 7, TODAY, 'USD');
    expect(week.sample).toBe(false);
    expect(week.currency).toBe('CAD');
    expect(week.points.map((point) => point.date)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    expect(week.points.at(-1)).toEqual({ date: '2026-11-27', orders: 3, revenue: 30.1 });
    // 40.09 over 7 days and over 4 orders, rounded to the cent.
    expect([week.runRatePerDay, week.averageOrderValue]).toEqual([5.73, 10.02]);
  });

  it('sums revenue in cents rounded, not truncated: £0.29 and £19.99 are £20.28 (issue 40)', () => {
    const stats = orderStatsOf(7);
    const series = [
      ...stats.series.slice(0, -2),
      { ...stats.series.at(-2)!, orders: 1, revenue: 0.29 },
      { ...stats.series.at(-1)!, orders: 1, revenue: 19.99 },
    ];
    const two = orderSeries({ ...stats, series }, 2, TODAY, 'GBP');
    expect([two.runRatePerDay, two.averageOrderValue]).toEqual([10.14, 10.14]);
  });

  it('keeps the sample (labelled by the screens) while the restaurant has no orders, or no figures came', () => {
    for (const orders of [orderStatsOf(90, false), null]) {
      const series = orderSeries(orders, 30, TODAY, 'GBP');
      expect(series).toMatchObject({ sample: true, currency: 'GBP', points: sampleSeries(30, TODAY) });
    }
    expect(SAMPLE_LABEL).toBe('Sample data');
  });
});

const pageOf = (emails: string[], count = emails.length): CustomersPage => ({
  count,
  next: null,
  previous: null,
  results: emails.map((email) => ({
    name: email,
    email,
    orders: 1,
    total_spent: 12.5,
    currency: 'USD',
    last_order_at: '2026-11-26T12:00:00.000Z',
    time_zone: 'America/Chicago',
  })),
});

describe('customers machine', () => {
  it('reaches every state and transition', () => {
    assertPathCoverage(customersMachine, {
      input: { restaurantId: 7 },
      events: [
        { type: 'xstate.done.actor.loadCustomers', output: pageOf(['a@example.com']) },
        { type: 'xstate.error.actor.loadCustomers', error: new Error('HTTP 503') },
        { type: 'xstate.done.actor.downloadCustomers', output: { blob: new Blob(['x']), filename: 'customers.csv' } },
        { type: 'xstate.error.actor.downloadCustomers', error: new Error('HTTP 503') },
        { type: 'restaurant.changed', restaurantId: 8 },
        { type: 'customers.search', search: 'ada' },
        { type: 'customers.page', page: 2 },
        { type: 'customers.retry' },
        { type: 'csv.download' },
      ],
    });
  });

  it('asks for page 1 of a new search (trimmed), then the page chosen, and downloads what the search finds', async () => {
    const asked: CustomersAsk[] = [];
    const downloads: string[] = [];
    const saved: DownloadedFile[] = [];
    const actor = createActor(
      provideChecked(customersMachine, {
        actors: {
          loadCustomers: fromPromise<CustomersPage, { restaurantId: number | null; ask: CustomersAsk }>(async ({ input }) => {
            asked.push(input.ask);
            return pageOf(['a@example.com'], 41);
          }),
          downloadCustomers: fromPromise<DownloadedFile, { restaurantId: number | null; search: string }>(async ({ input }) => {
            downloads.push(input.search);
            return { blob: new Blob(['name\r\n']), filename: 'customers-2026-11-27.csv' };
          }),
        },
        actions: { saveDownload: (_, params: { file: DownloadedFile }) => void saved.push(params.file) },
      }),
      { input: { restaurantId: null } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'customers.search', search: '  ada ' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'customers.page', page: 3 });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    expect(asked).toEqual([
      { search: '', page: 1, pageSize: CUSTOMERS_PAGE_SIZE },
      { search: 'ada', page: 1, pageSize: CUSTOMERS_PAGE_SIZE },
      { search: 'ada', page: 3, pageSize: CUSTOMERS_PAGE_SIZE },
    ]);
    actor.send({ type: 'csv.download' });
    await waitFor(actor, () => saved.length === 1);
    expect(downloads).toEqual(['ada']);
    expect(saved[0]!.filename).toBe('customers-2026-11-27.csv');
  });

  it('says why the list or the download failed, and loads again on retry', async () => {
    let calls = 0;
    const actor = createActor(
      provideChecked(customersMachine, {
        actors: {
          loadCustomers: fromPromise<CustomersPage, { restaurantId: number | null; ask: CustomersAsk }>(async () => {
            calls += 1;
            if (calls === 1) throw new Error('The database is not answering.');
            return pageOf(['b@example.com']);
          }),
          downloadCustomers: fromPromise<DownloadedFile, { restaurantId: number | null; search: string }>(async () => {
            throw new Error('Restaurant not found.');
          }),
        },
      }),
      { input: { restaurantId: 7 } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('loadFailed'));
    expect(actor.getSnapshot().context.loadError).toBe('The database is not answering.');
    actor.send({ type: 'csv.download' });
    await waitFor(actor, (snapshot) => snapshot.context.downloadError !== null);
    expect(actor.getSnapshot().context.downloadError).toBe('Could not download the customers: Restaurant not found.');
    actor.send({ type: 'customers.retry' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    expect(actor.getSnapshot().context.result?.results[0]?.email).toBe('b@example.com');
  });
});
