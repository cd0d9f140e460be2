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
const saved = vi.hoisted(() => [] as { blob: Blob; filename: string | null }[]);
vi.mock('#src/components/save-file', () => ({ saveFile: (file: { blob: Blob; filename: string | null }) => saved.push(file) }));

const ORDERS: OwnerOrder[] = [
  // A US restaurant's order reads in 12-hour time, month first; one without a country in 24-hour time.
  ownerOrder({
    id: 2,
    status: 'completed',
    customer: { name: 'Grace Hopper', phone: '+1 312 555 0142', email: 'grace@example.com' },
    restaurant: { name: 'Blue Door', slug: 'blue-door', time_zone: 'America/Chicago', country: 'United States' },
    payment: { method: 'card', state: 'captured', paid: 27, refunded: 5 },
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
      if (url.searchParams.get('format') === 'csv') {
        if (url.searchParams.get('status') === 'cancelled') {
          return new Response(JSON.stringify({ detail: 'The database is not answering.', code: 'unavailable' }), { status: 503 });
        }
        return new Response('id,number\r\n2,12\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="orders-2026-11-27.csv"' },
        });
      }
      const search = url.searchParams.get('search')?.replace('#', '') ?? '';
      const status = url.searchParams.get('status');
      const results = ORDERS.filter((order) => (!status || order.status === status) && (!search || `${order.number} ${order.customer.name}`.includes(search)));
      return new Response(JSON.stringify({ count: results.length, next: null, previous: null, results }), { headers: { 'content-type': 'application/json' } });
    },
  });
  return asked;
}

afterEach(() => {
  saved.length = 0;
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

  it('says in the order in full how it was paid and what went back, and nothing to collect for a cancelled one (issue 44)', async () => {
    historyServer();
    openAppAt('/backoffice/orders/history');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^#12 Grace/ }, FIRST_LOAD));
    const paid = await screen.findByRole('dialog', { name: 'Order #12' });
    expect(within(paid).getByText('Paid by card: $27.00 · $5.00 refunded')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: /^#11 Ada/ }));
    const cancelled = await screen.findByRole('dialog', { name: 'Order #11' });
    expect(cancelled).not.toHaveTextContent(/Pay at pickup|by card/);
  });

  it('downloads every order matching the filters shown as CSV, and says when the download fails', async () => {
    const asked = historyServer();
    openAppAt('/backoffice/orders/history?status=completed&search=Grace&page=2');
    await screen.findByRole('list', { name: 'Orders' }, FIRST_LOAD);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved.map((file) => file.filename)).toEqual(['orders-2026-11-27.csv']));
    expect(await saved[0]!.blob.text()).toBe('id,number\r\n2,12\r\n');
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ restaurant_id: '42', status: 'completed', search: 'Grace', format: 'csv' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'cancelled');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not download the orders: The database is not answering.');
    expect(saved).toHaveLength(1);
  });

  it('filters by status from the address it was opened with, and says when nothing matches', async () => {
    const asked = historyServer();
    openAppAt('/backoffice/orders/history?status=completed&search=nobody');
    expect(await screen.findByText('No orders match.', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('completed');
    expect(Object.fromEntries(asked[0]!)).toEqual({ page: '1', page_size: '20', restaurant_id: '42', status: 'completed', search: 'nobody' });
  });
});

describe('refunding from the order history (issue 44)', () => {
  const CARD: OwnerOrder = ownerOrder({
    id: 1,
    status: 'completed',
    payment: { method: 'card', state: 'captured', paid: 27, refunded: 0 },
    refunds: [],
  });

  /** The list holds the card order; each refund is checked and answered as the server would. */
  function refundServer() {
    const sent: unknown[] = [];
    let order = CARD;
    signedInAs(OWNER, {
      answer: (request) => {
        const url = new URL(request.url);
        const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
        if (url.pathname === '/api/v2/orders/') return json({ count: 1, next: null, previous: null, results: [order] });
        if (url.pathname !== '/api/v2/orders/1/refunds/') return undefined;
        sent.push(request.body);
        const body = request.body as { amount?: number; line_positions?: number[]; reason: string };
        if (body.amount !== undefined && body.amount > 27) {
          const sentence = 'At most $27.00 is left to refund on this order.';
          return json({ detail: sentence, code: 'invalid', fields: { amount: sentence } }, 400);
        }
        const amount = body.amount ?? 27;
        order = {
          ...order,
          payment: { ...order.payment, refunded: order.payment.refunded + amount },
          refunds: [
            ...(order.refunds ?? []),
            { amount, reason: body.reason.trim(), at: '2026-11-27T19:00:00.000Z', by: 'owner@example.com', line_positions: body.line_positions ?? null },
          ],
        };
        return json(order, 201);
      },
    });
    return sent;
  }

  it('refunds an amount with a reason: errors on their fields first, then the refund listed and the focus back on Refund', async () => {
    const sent = refundServer();
    openAppAt('/backoffice/orders/history');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^#11 Ada/ }, FIRST_LOAD));
    const detail = await screen.findByRole('dialog', { name: 'Order #11' });
    const payment = within(detail).getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Paid by card: $27.00');
    const refund = within(payment).getByRole('button', { name: 'Refund' });
    await user.click(refund);

    const dialog = await screen.findByRole('dialog', { name: 'Refund order #11' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    await waitFor(() => expect(amount).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Check Amount and Reason.');
    expect(amount).toHaveAccessibleDescription('Enter an amount above 0 with at most two decimals.');
    await waitFor(() => expect(amount).toHaveFocus());
    expect(sent).toEqual([]);

    await user.type(amount, '30');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Cold pizza');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('At most $27.00 is left to refund on this order.'));

    await user.clear(amount);
    await user.type(amount, '4.50');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund order #11' })).toBeNull());
    expect(sent.at(-1)).toEqual({ amount: 4.5, reason: 'Cold pizza' });
    expect(payment).toHaveTextContent('Paid by card: $27.00 · $4.50 refunded');
    expect(within(payment).getByRole('list', { name: 'Refunds' })).toHaveTextContent(
      '$4.50 refunded on Fri 27 Nov 2026, 13:00 — Cold pizza (by owner@example.com)',
    );
    expect(within(payment).getByRole('status')).toHaveTextContent('$4.50 refunded on order #11.');
    await waitFor(() => expect(refund).toHaveFocus());
  });

  it('refunds chosen lines, and Cancel closes the dialog with nothing sent', async () => {
    const sent = refundServer();
    openAppAt('/backoffice/orders/history');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^#11 Ada/ }, FIRST_LOAD));
    const detail = await screen.findByRole('dialog', { name: 'Order #11' });
    await user.click(within(detail).getByRole('button', { name: 'Refund' }));
    let dialog = await screen.findByRole('dialog', { name: 'Refund order #11' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund order #11' })).toBeNull());
    expect(sent).toEqual([]);
    await waitFor(() => expect(within(detail).getByRole('button', { name: 'Refund' })).toHaveFocus());

    await user.click(within(detail).getByRole('button', { name: 'Refund' }));
    dialog = await screen.findByRole('dialog', { name: 'Refund order #11' });
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen lines' }));
    await user.click(within(dialog).getByRole('checkbox', { name: '2 × Margherita (Large): $27.00' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Burnt');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund order #11' })).toBeNull());
    expect(sent).toEqual([{ line_positions: [0], reason: 'Burnt' }]);
    expect(within(detail).getByRole('region', { name: 'Payment' })).toHaveTextContent('Paid by card: $27.00 · $27.00 refunded');
    // Nothing is left to give back.
    expect(within(detail).queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
