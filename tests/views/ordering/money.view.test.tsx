import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { daysInRange, MoneyStats } from '#contracts/ordering/money-stats';
import { parseWith } from '#contracts/shared/validation';
import { setViewport } from '../../support/happy-dom-gaps';
import { ADMIN, OWNER, openAppAt, signedInAs } from '../shared/app-harness';

/**
 * The Money screen (issue 43) through the real route, machine, service and client, against a
 * server double: each request is checked with the server's contracts before it is answered, and
 * each answer is the contract's MoneyStats (parsed with it). Friday 27 November 2026, 12:00 in Chicago.
 */
const FIRST_LOAD = { timeout: 10_000 };
const NOW = new Date('2026-11-27T18:00:00Z');

const saved = vi.hoisted(() => [] as { filename: string | null }[]);
vi.mock('#src/components/save-file', () => ({ saveFile: (file: { filename: string | null }) => saved.push(file) }));

/**
 * A day's figures: one order of 20.00 with 1.65 tax and a 3.00 tip every other day, paid by card
 * on the 1st, 5th, 9th… and in person on the 3rd, 7th…; a refund of 2.00 on the 2nd, a day without orders.
 */
function dayOf(date: string) {
  const day = Number(date.slice(8, 10));
  const none = { date, orders: 0, gross_sales: 0, discounts: 0, tax: 0, tips: 0, delivery_fees: 0, card: 0, in_person: 0, refunds: 0, net: 0 };
  if (day === 2) return { ...none, refunds: 2, net: -2 };
  if (day % 2 === 0) return none;
  const card = day % 4 === 1;
  return { ...none, orders: 1, gross_sales: 20, tax: 1.65, tips: 3, card: card ? 24.65 : 0, in_person: card ? 0 : 24.65, net: 24.65 };
}

function answerFor(from: string, to: string): MoneyStats {
  const days = Array.from({ length: daysInRange(from, to) }, (_, index) =>
    dayOf(new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10)),
  );
  const sum = (figure: keyof (typeof days)[number] & string) => Math.round(days.reduce((total, day) => total + (day[figure] as number) * 100, 0)) / 100;
  const { date: _date, ...figures } = days[0]!;
  const totals = Object.fromEntries(Object.keys(figures).map((figure) => [figure, sum(figure as never)])) as MoneyStats['totals'];
  return parseWith(MoneyStats, { currency: 'USD', time_zone: 'America/Chicago', country: 'United States', days, totals });
}

function moneyServer(user = OWNER, fail = { times: 0 }) {
  const asked: Record<string, string>[] = [];
  signedInAs(user, {
    answer: (request) => {
      const url = new URL(request.url);
      if (url.pathname !== '/api/v2/stats/money/') return undefined;
      const query = Object.fromEntries(url.searchParams);
      asked.push(query);
      if (fail.times > 0) {
        fail.times -= 1;
        return new Response(JSON.stringify({ detail: 'The database is not answering.', code: 'unavailable' }), { status: 503 });
      }
      // No dates: this month so far in the restaurant's zone, as the server reads it.
      const body = answerFor(query.from ?? '2026-11-01', query.to ?? '2026-11-27');
      if (query.format === 'csv') {
        return new Response('date,orders\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="money-${body.days[0]!.date}-to-${query.to}.csv"` },
        });
      }
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    },
  });
  return asked;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  saved.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the Money screen', () => {
  it("shows this month so far day by day with its totals, then this week on the restaurant's calendar, and downloads what it shows as CSV", async () => {
    const asked = moneyServer();
    openAppAt('/backoffice/money');
    const table = await screen.findByRole('table', { name: /Money per day/ }, FIRST_LOAD);
    expect(asked[0]).toEqual({ restaurant_id: '42' });
    const rows = rowTexts(table);
    expect(rows[0]).toEqual(['Date', 'Orders', 'Gross sales', 'Discounts', 'Tax', 'Tips', 'Delivery fees', 'Card', 'In person', 'Refunds', 'Net']);
    expect(rows).toHaveLength(1 + 27 + 1);
    expect(rows[1]).toEqual(['Sun, Nov 1', '1', '$20.00', '$0.00', '$1.65', '$3.00', '$0.00', '$24.65', '$0.00', '$0.00', '$24.65']);
    expect(rows[2]).toEqual(['Mon, Nov 2', '0', '$0.00', '$0.00', '$0.00', '$0.00', '$0.00', '$0.00', '$0.00', '$2.00', '-$2.00']);
    expect(rows[3]).toEqual(['Tue, Nov 3', '1', '$20.00', '$0.00', '$1.65', '$3.00', '$0.00', '$0.00', '$24.65', '$0.00', '$24.65']);
    expect(rows.at(-1)).toEqual(['Total', '14', '$280.00', '$0.00', '$23.10', '$42.00', '$0.00', '$172.55', '$172.55', '$2.00', '$343.10']);
    expect(screen.getByText(/refunds count on the day they were given/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Gross sales and net per day' })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-27');

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'This week' }));
    await waitFor(() => expect(rowTexts(screen.getByRole('table', { name: /Money per day/ }))).toHaveLength(1 + 5 + 1));
    expect(asked.at(-1)).toEqual({ from: '2026-11-23', to: '2026-11-27', restaurant_id: '42' });

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual([expect.objectContaining({ filename: 'money-2026-11-23-to-2026-11-27.csv' })]));
    expect(asked.at(-1)).toEqual({ from: '2026-11-23', to: '2026-11-27', restaurant_id: '42', format: 'csv' });
  });

  it('takes two dates of its own, says on the field what is wrong with a range before asking, and fits a phone', async () => {
    setViewport('phone');
    const asked = moneyServer();
    openAppAt('/backoffice/money');
    await screen.findByRole('table', { name: /Money per day/ }, FIRST_LOAD);
    const user = userEvent.setup({ delay: null });
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-10-15');
    expect(await screen.findByText('The last day cannot be before the first day.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(asked).toHaveLength(1);
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-10-13');
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-10-13', to: '2026-10-15', restaurant_id: '42' }));
    await waitFor(() => expect(rowTexts(screen.getByRole('table', { name: /Money per day/ }))).toHaveLength(1 + 3 + 1));
    expect(screen.queryByText('The last day cannot be before the first day.')).toBeNull();
    // Nine columns scroll sideways inside a region a keyboard can reach, not the page.
    expect(screen.getByRole('region', { name: 'Money per day' })).toHaveAttribute('tabindex', '0');
  });

  it('says why the figures did not come and loads them again on Retry', async () => {
    const asked = moneyServer(OWNER, { times: 1 });
    openAppAt('/backoffice/money');
    const alert = await screen.findByRole('alert', {}, FIRST_LOAD);
    expect(alert).toHaveTextContent('The database is not answering.');
    await userEvent.setup({ delay: null }).click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: /Money per day/ })).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ restaurant_id: '42' });
  });

  it('asks an administrator with no restaurant chosen to choose one, and asks the server nothing', async () => {
    const asked = moneyServer(ADMIN);
    openAppAt('/admin/money');
    expect(await screen.findByText('Choose a restaurant in “Restaurant you work on” to see its money.', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
