import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '#src/theme';
import { OrderBoardView } from '#src/views/ordering/order-board.view';
import { SessionProvider } from '#src/views/shared/session-context';
import { BOARD_NOW, ownerOrder } from '../../fixtures/ordering/owner-orders';
import { setViewport } from '../../support/happy-dom-gaps';
import { ADMIN, OWNER } from '../shared/app-harness';
import { boardServer, type BoardServer } from './board-server';

/**
 * The order board (issue 30) with its real machine, services and HTTP client against a fake of
 * the order routes that checks every request with the ordering contracts (./board-server.ts),
 * the live stream included.
 */
let server: BoardServer;
const realFetch = globalThis.fetch;

beforeEach(() => {
  // Only the date is fixed (the restaurant's "today"); timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(BOARD_NOW);
  localStorage.setItem('access_token', 'token');
});

afterEach(() => {
  globalThis.fetch = realFetch;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

function renderBoard(orders: Parameters<typeof boardServer>[0], user = OWNER) {
  server = boardServer(orders);
  globalThis.fetch = server.fetch;
  render(
    <MantineProvider env="test" theme={theme}>
      <SessionProvider value={{ user, signOut: () => undefined, chooseRestaurant: () => undefined, choosing: false, chooseError: null }}>
        <main>
          <OrderBoardView />
        </main>
      </SessionProvider>
    </MantineProvider>,
  );
  return userEvent.setup({ delay: null });
}

const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
const card = (number: number) => screen.getByRole('article', { name: new RegExp(`^#${number} `) });
const posts = () => server.requests.filter((request) => request.method === 'POST').map(({ path, body }) => ({ path, body }));

describe('order board', () => {
  it('shows a new order from the stream in New, announced and counted in the title; accepts it with a prep-time chip', { timeout: 10_000 }, async () => {
    const user = renderBoard([ownerOrder({ id: 1 })]);
    await waitFor(() => expect(within(column('New')).getByRole('article', { name: /^#11 / })).toBeInTheDocument());
    // The newest order first (it carries the restaurant's zone), then today's and the open ones.
    const lists = server.requests.filter((request) => request.path.startsWith('/api/v2/orders/?')).map((request) => request.path);
    expect(lists[0]).toBe('/api/v2/orders/?page_size=1&restaurant_id=42');
    expect(lists).toContain('/api/v2/orders/?day=2026-11-27&page_size=200&restaurant_id=42');
    expect(lists).toContain('/api/v2/orders/?status=placed&page_size=100&restaurant_id=42');
    await waitFor(() => expect(server.openStreams).toBe(1));
    expect(document.title).toBe('(1) Orders · Back office · Tablefront');

    server.publish(ownerOrder({ id: 2, customer: { name: 'Grace', phone: '+1 312 555 0100', email: 'grace@example.com' } }));
    await waitFor(() => expect(within(column('New')).getByRole('article', { name: '#12 · Grace' })).toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('New order #12 from Grace');
    expect(document.title).toBe('(2) Orders · Back office · Tablefront');
    // Only the moves the lifecycle allows from placed: accept (chips) and cancel.
    expect(within(card(12)).queryByRole('button', { name: /^Ready/ })).toBeNull();

    await user.click(within(card(12)).getByRole('button', { name: '15 min, accept order #12' }));
    await waitFor(() => expect(within(column('In the kitchen')).getByRole('article', { name: '#12 · Grace' })).toHaveFocus());
    expect(posts()).toEqual([{ path: '/api/v2/orders/2/transition/', body: { to: 'accepted', prep_minutes: 15 } }]);
    expect(document.title).toBe('(1) Orders · Back office · Tablefront');
  });

  it('asks the reason before cancelling; a refused move shows the server’s sentence and reads the order again', { timeout: 10_000 }, async () => {
    const user = renderBoard([ownerOrder({ id: 1 }), ownerOrder({ id: 3, status: 'accepted' })]);
    await waitFor(() => expect(card(11)).toBeInTheDocument());

    const cancel = within(card(11)).getByRole('button', { name: 'Cancel order #11' });
    await user.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #11?' });
    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    await waitFor(() => expect(reason).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription('Please say why the order is cancelled.');
    expect(posts()).toEqual([]);

    await user.type(reason, 'Out of dough');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(within(column('Done today')).getByRole('article', { name: /^#11 / })).toHaveTextContent('Cancelled: Out of dough'));
    expect(posts()).toEqual([{ path: '/api/v2/orders/1/transition/', body: { to: 'cancelled', reason: 'Out of dough' } }]);

    server.refuseNext.set(3, 'This order was cancelled meanwhile.');
    await user.click(within(card(13)).getByRole('button', { name: 'Ready, order #13' }));
    await waitFor(() => expect(within(card(13)).getByRole('alert')).toHaveTextContent('This order was cancelled meanwhile.'));
    await waitFor(() => expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/v2/orders/3/' }));
    // The focus comes back to the card once its fresh read has rendered, a turn after the request.
    await waitFor(() => expect(within(column('In the kitchen')).getByRole('article', { name: /^#13 / })).toHaveFocus());
  });

  it('on a phone shows one tab per column with its count; the sound switch is on until turned off, then remembered', { timeout: 10_000 }, async () => {
    setViewport('phone');
    const user = renderBoard([ownerOrder({ id: 1 }), ownerOrder({ id: 3, status: 'ready' })]);
    const newTab = await screen.findByRole('tab', { name: 'New (1)' });
    expect(newTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('article', { name: /^#11 / })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Ready (1)' }));
    expect(screen.getByRole('article', { name: /^#13 / })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /^#11 / })).toBeNull();

    const sound = screen.getByRole('switch', { name: 'Sound on new orders' });
    expect(sound).toBeChecked();
    await user.click(sound);
    expect(sound).not.toBeChecked();
    expect(localStorage.getItem('tablefront.ordering.sound')).toBe('off');

    // A move takes the view to the order's new column, with the focus on its card.
    await user.click(screen.getByRole('tab', { name: 'New (1)' }));
    await user.click(screen.getByRole('button', { name: '10 min, accept order #11' }));
    await waitFor(() => expect(screen.getByRole('article', { name: /^#11 / })).toHaveFocus());
    expect(screen.getByRole('tab', { name: 'In the kitchen (1)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows where an order goes, who to call and how long it has waited; a booked order waits for its prep window; a cancelled one says so', {
    timeout: 10_000,
  }, async () => {
    // happy-dom has no print(); the board calls it once the ticket is laid out.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const [line] = ownerOrder({ id: 1 }).lines;
    // The choices as the order keeps them in words (issue 42): a crust, a removed topping, an extra.
    const extras = [{ id: 7, name: 'Crust: Thin', price: 0 }, { id: 8, name: 'No onions', price: 0 }, ...line!.extras];
    const user = renderBoard([
      ownerOrder({
        id: 1,
        fulfilment: 'delivery',
        address: { street: '1 Main St', city: 'Chicago', zip_code: '60601', notes: 'Ring twice' },
        lines: [{ ...line!, extras }],
      }),
      // Booked for 16:00 in Chicago: the kitchen may take it from 15:00.
      ownerOrder({ id: 2, scheduled_for: '2026-11-27T22:00:00.000Z', discount: 2.7, tax: 2.01, tip: 4.05, total: 30.36, coupon_code: 'SAVE10' }),
      ownerOrder({ id: 3, status: 'cancelled', cancel_reason: 'Out of dough' }),
    ]);
    await waitFor(() => expect(card(11)).toBeInTheDocument());
    expect(card(11)).toHaveTextContent('Waiting 15 min');
    expect(card(11)).toHaveTextContent('Deliver to 1 Main St, 60601 Chicago');
    expect(card(11)).toHaveTextContent('Delivery notes: Ring twice');
    expect(within(card(11)).getByText('Crust: Thin, No onions, Olives')).toBeInTheDocument();
    expect(within(card(11)).getByRole('link', { name: '+1 312 555 0199' })).toHaveAttribute('href', 'tel:+13125550199');
    expect(within(card(12)).getByRole('link', { name: '+1 312 555 0199' })).toBeInTheDocument();

    const accept = within(card(12)).getByRole('button', { name: 'Accept order #12 for 16:00' });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription('Goes to the kitchen from 15:00');
    expect(within(card(12)).queryByRole('button', { name: /min, accept/ })).toBeNull();
    expect(card(12)).not.toHaveTextContent('Waiting');
    // Where a coupon, a tax or a tip makes the total, the card says how (issue 43); a plain order shows its total alone.
    expect(card(12)).toHaveTextContent('Subtotal $27.00 · Discount (SAVE10) −$2.70 · Tax $2.01 · Tip $4.05');
    expect(card(12)).toHaveTextContent('Total $30.36');
    expect(card(11)).not.toHaveTextContent('Subtotal');

    expect(within(column('Done today')).getByRole('article', { name: '#13 · Ada Cancelled' })).not.toHaveTextContent('Waiting');

    await user.click(within(card(11)).getByRole('button', { name: 'Print ticket for order #11' }));
    await waitFor(() => expect(print).toHaveBeenCalled());
    const ticket = document.querySelector('[aria-label="Kitchen ticket for order #11"]');
    expect(ticket).toHaveTextContent('Blue Door');
    expect(ticket).toHaveTextContent('Fri 27 Nov 2026');
    expect(ticket).toHaveTextContent('Subtotal $27.00 · Delivery fee $3.00');
    expect(ticket).toHaveTextContent('Pay on delivery: $30.00');
    expect(within(ticket as HTMLElement).getByText('Crust: Thin, No onions, Olives')).toBeInTheDocument();
  });

  it('says how each order is paid: by card with what went back, released on a cancel, or what to collect in person (issue 44)', {
    timeout: 10_000,
  }, async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = renderBoard([
      ownerOrder({ id: 1, payment: { method: 'card', state: 'authorized', paid: 27, refunded: 0 } }),
      ownerOrder({ id: 2, status: 'completed', payment: { method: 'card', state: 'captured', paid: 27, refunded: 5 } }),
      ownerOrder({ id: 3, status: 'cancelled', cancel_reason: 'Out of dough', payment: { method: 'card', state: 'released', paid: 0, refunded: 0 } }),
      ownerOrder({ id: 4, status: 'accepted' }),
      ownerOrder({ id: 5, status: 'cancelled', cancel_reason: 'Closed early' }),
    ]);
    await waitFor(() => expect(card(11)).toBeInTheDocument());
    expect(card(11)).toHaveTextContent('Paid by card: $27.00');
    expect(card(11)).not.toHaveTextContent('Pay at pickup');
    expect(card(12)).toHaveTextContent('Paid by card: $27.00 · $5.00 refunded');
    expect(card(13)).toHaveTextContent('Card payment released');
    expect(card(14)).toHaveTextContent('Pay at pickup: $27.00');
    // A cancelled order paid in person has nothing to collect.
    expect(card(15)).not.toHaveTextContent(/Pay at pickup|card/);

    await user.click(within(card(11)).getByRole('button', { name: 'Print ticket for order #11' }));
    await waitFor(() => expect(print).toHaveBeenCalled());
    const ticket = document.querySelector('[aria-label="Kitchen ticket for order #11"]');
    expect(ticket).toHaveTextContent('Paid by card: $27.00');
    expect(ticket).not.toHaveTextContent('Pay at pickup');
  });

  it('says when the browser blocks the sound, and lets it play from the note’s button (issue 40)', { timeout: 10_000 }, async () => {
    // A browser's audio before the page was used: suspended until resumed from a click.
    class BlockedAudio extends EventTarget {
      state: 'suspended' | 'running' = 'suspended';
      async resume() {
        this.state = 'running';
        this.dispatchEvent(new Event('statechange'));
      }
    }
    vi.stubGlobal('AudioContext', BlockedAudio);
    try {
      const user = renderBoard([ownerOrder({ id: 1 })]);
      expect(await screen.findByText('Your browser is blocking the sound of new orders until you use this page.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Turn sound on' }));
      await waitFor(() => expect(screen.queryByText(/blocking the sound/)).toBeNull());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('asks an administrator to choose a restaurant first, and reads no orders', { timeout: 10_000 }, async () => {
    renderBoard([ownerOrder({ id: 1 })], ADMIN);
    expect(await screen.findByText('Choose a restaurant in “Restaurant you work on” to see its orders.')).toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });
});
