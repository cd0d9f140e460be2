import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnerOrder } from '#contracts/ordering';
import { ownerOrder } from '../../fixtures/ordering/owner-orders';
import { setViewport } from '../../support/happy-dom-gaps';
import { OWNER, openAppAt, signedInAs } from '../shared/app-harness';

/**
 * The order history (issue 40) through the real route, machine, service and client, against a
 * server double that checks each request with the server's contracts and filters like it.
 */
const FIRST_LOAD = { timeout: 10_000 };

const ORDERS: OwnerOrder[] = [
  // A US restaurant's order reads in 12-hour time, month first; one without a country in 24-hour time.
  ownerOrder({
    id: 2,
    status: 'completed',
    customer: { name: 'Grace Hopper', phone: '+1 312 555 0142', email: 'grace@example.com' },
    restaurant: { name: 'Blue Door', slug: 'blue-door', time_zone: 'America/Chicago', country: 'United States' },
  }),
  ownerOrder({
    id: 1,
    status: 'cancelled',
    cancel_reason: 'Out of dough',
    timeline: [
      { status: 'placed', at: '2026-11-27T17:45:00.000Z', detail: null },
      { status: 'cancelled', at: '2026-11-27T17:50:00.000Z', detail: 'Out of dough' },
    ],
  }),
];

function historyServer() {
  const asked: URLSearchParams[] = [];
  signedInAs(OWNER, {
    answer: (request) => {
      const url = new URL(request.url);
      if (url.pathname !== '/api/v2/orders/') return undefined;
      asked.push(url.searchParams);
      const search = url.searchParams.get('search')?.replace('#', '') ?? '';
      const status = url.searchParams.get('status');
      const results = ORDERS.filter((order) => (!status || order.status === status) && (!search || `${order.number} ${order.customer.name}`.includes(search)));
      return new Response(JSON.stringify({ count: results.length, next: null, previous: null, results }), { headers: { 'content-type': 'application/json' } });
    },
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('order history', () => {
  it('lists past orders, searches by number or name with the search in the address, and opens one in full', async () => {
    setViewport('phone');
    const asked = historyServer();
    const app = openAppAt('/backoffice/orders/history');
    await screen.findByRole('heading', { level: 1, name: 'Order history' }, FIRST_LOAD);
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((row) => row.textContent),
    ).toEqual(['#12 Grace HopperFri, Nov 27, 2026, 11:45 AM · Pickup · Completed · $27.00', '#11 AdaFri 27 Nov 2026, 11:45 · Pickup · Cancelled · $27.00']);
    expect(asked[0]?.get('restaurant_id')).toBe('42');

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: /Search/ }), '#11');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('button')).toHaveLength(1));
    expect(asked.at(-1)?.get('search')).toBe('#11');
    expect(asked.at(-1)?.get('page')).toBe('1');
    await waitFor(() => expect(app.currentPath()).toContain('search=%2311'));

    const row = screen.getByRole('button', { name: /^#11 Ada/ });
    await user.click(row);
    const detail = await screen.findByRole('dialog', { name: 'Order #11' });
    expect(within(detail).getByRole('link', { name: '+1 312 555 0199' })).toHaveAttribute('href', 'tel:+1 312 555 0199');
    expect(within(detail).getByRole('list', { name: 'What was ordered' })).toHaveTextContent('2 × Margherita (Large)Olives“Well done”$27.00');
    expect(within(detail).getByRole('region', { name: 'Timeline' })).toHaveTextContent(/Cancelled \(Out of dough\)/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(row).toHaveFocus());
  });

  it('filters by status from the address it was opened with, and says when nothing matches', async () => {
    const asked = historyServer();
    openAppAt('/backoffice/orders/history?status=completed&search=nobody');
    expect(await screen.findByText('No orders match.', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('completed');
    expect(Object.fromEntries(asked[0]!)).toEqual({ page: '1', page_size: '20', restaurant_id: '42', status: 'completed', search: 'nobody' });
  });
});
