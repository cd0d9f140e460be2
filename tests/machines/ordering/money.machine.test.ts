import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MoneyStats } from '#contracts/ordering/money-stats';
import { parseWith } from '#contracts/shared/validation';
import { moneyMachine, periodRange } from '#src/machines/ordering/money.machine';
import type { MoneyAsk } from '#src/services/ordering/money';
import type { DownloadedFile } from '#src/services/shared/api';
import { provideChecked } from '../../support/contract-double';
import { assertWalksCover } from '../../support/path-coverage';
import { recordedCall } from '../../support/recorded-call';

const ZERO = { orders: 0, gross_sales: 0, discounts: 0, tax: 0, tips: 0, delivery_fees: 0, card: 0, in_person: 0, refunds: 0, net: 0 };
const figures = (dates: string[]) =>
  parseWith(MoneyStats, {
    currency: 'GBP',
    time_zone: 'Europe/London',
    country: 'United Kingdom',
    days: dates.map((date) => ({ date, ...ZERO })),
    totals: ZERO,
  });
const FILE: DownloadedFile = { blob: new Blob(['date\r\n']), filename: 'money.csv' };

describe('money machine (issue 43)', () => {
  it('reaches every state and transition: no restaurant, a failure and its retry, presets, a refused and an accepted range, a download and its failure', () => {
    const events = [
      { type: 'xstate.done.actor.loadMoney', output: figures(['2026-11-01', '2026-11-02']) },
      { type: 'xstate.error.actor.loadMoney', error: new Error('HTTP 503') },
      { type: 'load.retry' },
      { type: 'period.choose', period: 'week' },
      { type: 'period.choose', period: 'custom' },
      { type: 'range.change', field: 'to', value: '2026-10-01' },
      { type: 'range.change', field: 'from', value: '2026-10-01' },
      { type: 'csv.download' },
      { type: 'xstate.done.actor.downloadMoney', output: FILE },
      { type: 'xstate.error.actor.downloadMoney', error: new Error('HTTP 503') },
    ];
    assertWalksCover(moneyMachine, [
      { input: { restaurantId: 7 }, events, limit: 20_000 },
      { input: { restaurantId: null }, events },
    ]);
  });

  it("reads this week from Monday and this month from its first day on the restaurant's calendar, not the browser's", () => {
    // Monday 30 November 2026, 01:00 in London is still Sunday 29 November in Chicago.
    const now = new Date('2026-11-30T01:00:00Z');
    expect(periodRange('week', 'Europe/London', now)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(periodRange('week', 'America/Chicago', now)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodRange('month', 'Pacific/Auckland', now)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodRange('month', 'Pacific/Auckland', new Date('2026-11-30T12:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-01' });
  });

  it('asks for this month first, a custom range only once it is valid, and downloads the range on screen', async () => {
    const loads = recordedCall(async (ask: MoneyAsk) => figures(ask.from ? [ask.from, ask.to!] : ['2026-11-01', '2026-11-27']));
    const downloads = recordedCall(async (_ask: MoneyAsk) => FILE);
    const actor = createActor(provideChecked(moneyMachine, { actors: { loadMoney: loads.actor, downloadMoney: downloads.actor } }), {
      input: { restaurantId: 7 },
    }).start();
    const saved: unknown[] = [];
    actor.on('screen.saveFile', (event) => saved.push(event.file));
    const ready = () => waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    await ready();
    expect(actor.getSnapshot().context.draft).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    actor.send({ type: 'range.change', field: 'from', value: '2026-12-01' });
    expect(actor.getSnapshot().context.errors).toEqual({ to: 'The last day cannot be before the first day.' });
    actor.send({ type: 'range.change', field: 'from', value: '2025-11-01' });
    expect(actor.getSnapshot().context.errors).toEqual({ to: 'Choose at most 366 days.' });
    actor.send({ type: 'range.change', field: 'from', value: '2026-11-20' });
    await ready();
    actor.send({ type: 'csv.download' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('downloading'));
    expect(loads.calls).toEqual([{ restaurant_id: 7 }, { from: '2026-11-20', to: '2026-11-27', restaurant_id: 7 }]);
    expect(downloads.calls).toEqual([{ from: '2026-11-20', to: '2026-11-27', restaurant_id: 7 }]);
    expect(saved).toEqual([FILE]);
    expect(actor.getSnapshot().context.period).toBe('custom');
  });
});
