import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { MarkReadAnswer, Notification, NotificationsPage } from '#contracts/ordering/notifications';
import type { CurrentUser } from '#contracts/shared/session';
import { notificationsMachine } from '#src/machines/ordering/notifications.machine';
import type { FeedQuery, MarkRead } from '#src/services/ordering/notifications';
import { theme } from '#src/theme';
import { LOAD_MORE, MARK_ALL_READ, NotificationsView } from '#src/views/ordering/notifications.view';
import { SessionProvider } from '#src/views/shared/session-context';
import { notificationsModel } from '../../models/ordering/notifications.model';
import { provideChecked } from '../../support/contract-double';
import { modelPathCases, type PathExecutors } from '../../support/model-paths';
import { ADMIN, OWNER } from '../shared/app-harness';

const row = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'order_placed',
  order_id: id,
  subject_id: null,
  detail: { number: id, total: 27, currency: 'USD' },
  at: '2026-11-29T18:00:00Z',
  read: false,
  ...overrides,
});
const CLOCK = { time_zone: 'America/Chicago', country: 'United States' };
const FIRST: NotificationsPage = {
  results: [row(12), row(11, { kind: 'order_cancelled', detail: { number: 11, reason: 'Out of stock' }, read: true })],
  next_before: 11,
  unread: 2,
  clock: CLOCK,
};
const OLDER: NotificationsPage = {
  results: [row(3, { kind: 'coupon_exhausted', order_id: null, subject_id: 5, detail: { code: 'SPRING10' } })],
  next_before: null,
  unread: 2,
  clock: CLOCK,
};

type Pending<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };

function createFakes() {
  const loads: Pending<FeedQuery, NotificationsPage>[] = [];
  const marks: Pending<MarkRead, MarkReadAnswer>[] = [];
  const machine = provideChecked(notificationsMachine, {
    actors: {
      loadNotifications: fromPromise<NotificationsPage, FeedQuery>(({ input }) => new Promise((resolve, reject) => loads.push({ input, resolve, reject }))),
      markNotificationsRead: fromPromise<MarkReadAnswer, MarkRead>(({ input }) => new Promise((resolve, reject) => marks.push({ input, resolve, reject }))),
    },
  });
  return { machine, loads, marks };
}

type Driver = { user: UserEvent; fakes: ReturnType<typeof createFakes>; path: () => string };

function renderFeed(user: CurrentUser, path = '/backoffice/notifications'): Driver {
  const fakes = createFakes();
  const location = memoryLocation({ path, record: true });
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={location.hook}>
        <Route path="/backoffice" nest>
          <SessionProvider value={{ user, signOut: () => undefined, chooseRestaurant: () => undefined, choosing: false, chooseError: null }}>
            <NotificationsView machine={fakes.machine} />
          </SessionProvider>
        </Route>
      </Router>
    </MantineProvider>,
  );
  return { user: userEvent.setup({ delay: null }), fakes, path: () => location.history!.at(-1)! };
}

async function take<T>(queue: T[]): Promise<T> {
  await waitFor(() => expect(queue, 'exactly one request should be waiting').toHaveLength(1));
  return queue.shift()!;
}

const list = () => within(screen.getByRole('list', { name: 'Notifications' }));
const linkNames = () =>
  list()
    .getAllByRole('link')
    .map((link) => link.textContent);

const executors: PathExecutors<Driver> = {
  states: {
    loading: async ({ fakes }) => {
      await waitFor(() => expect(fakes.loads.map((load) => load.input)).toEqual([{ restaurantId: 42, before: null }]));
      expect(screen.getByLabelText('Loading notifications')).toBeInTheDocument();
    },
    failed: async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent('HTTP 503');
      expect(screen.queryByRole('list', { name: 'Notifications' })).toBeNull();
    },
    loaded: async () => {
      expect(await screen.findByRole('list', { name: 'Notifications' })).toBeInTheDocument();
      expect(linkNames()).toEqual(['Unread: New order #12 · $27.00', 'Order #11 cancelled: Out of stock']);
      expect(list().getByRole('link', { name: 'Unread: New order #12 · $27.00' })).toHaveAttribute('href', '/backoffice/orders/history?search=12');
      expect(screen.getByRole('status')).toHaveTextContent('2 unread');
      expect(screen.getByRole('button', { name: LOAD_MORE })).toBeEnabled();
      // On the restaurant's clock (Chicago), not the browser's.
      expect(screen.getAllByText('Sun, Nov 29, 2026, 12:00 PM')).toHaveLength(2);
    },
    loadingMore: async ({ fakes }) => {
      await waitFor(() => expect(fakes.loads.map((load) => load.input)).toEqual([{ restaurantId: 42, before: 11 }]));
    },
    more: async () => {
      await waitFor(() => expect(linkNames()).toHaveLength(3));
      expect(linkNames()[2]).toBe('Unread: Coupon SPRING10 has been used up');
      expect(list().getAllByRole('link')[2]).toHaveAttribute('href', '/backoffice/coupons');
      expect(screen.queryByRole('button', { name: LOAD_MORE })).toBeNull();
    },
    moreFailed: async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent('HTTP 503');
      expect(linkNames()).toHaveLength(2);
    },
    marking: async ({ fakes }) => {
      await waitFor(() => expect(fakes.marks.map((mark) => mark.input)).toEqual([{ restaurantId: 42, ids: 'all' }]));
    },
    allRead: async () => {
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('All read'));
      expect(linkNames()).toEqual(['New order #12 · $27.00', 'Order #11 cancelled: Out of stock']);
      expect(screen.getByRole('button', { name: MARK_ALL_READ })).toBeDisabled();
    },
    markFailed: async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent('HTTP 503');
      expect(screen.getByRole('status')).toHaveTextContent('2 unread');
      expect(screen.getByRole('button', { name: MARK_ALL_READ })).toBeEnabled();
    },
    opened: async ({ fakes, path }) => {
      expect(path()).toBe('/backoffice/orders/history?search=12');
      await waitFor(() => expect(fakes.marks.map((mark) => mark.input)).toEqual([{ restaurantId: 42, ids: [12] }]));
    },
  },
  events: {
    'server.answer': async ({ fakes }) => {
      if (fakes.marks.length > 0) return (await take(fakes.marks)).resolve({ marked: 1, unread: 0 });
      const load = await take(fakes.loads);
      load.resolve(load.input.before === null ? FIRST : OLDER);
    },
    'server.fail': async ({ fakes }) => {
      if (fakes.marks.length > 0) return (await take(fakes.marks)).reject(new Error('HTTP 503'));
      (await take(fakes.loads)).reject(new Error('HTTP 503'));
    },
    'list.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
    'list.more': ({ user }) => user.click(screen.getByRole('button', { name: LOAD_MORE })),
    'list.markAll': ({ user }) => user.click(screen.getByRole('button', { name: MARK_ALL_READ })),
    'row.open': ({ user }) => user.click(list().getByRole('link', { name: 'Unread: New order #12 · $27.00' })),
  },
};

const cases = modelPathCases(notificationsModel, executors);

describe('notifications view: every path of the model (an owner at /backoffice/notifications)', () => {
  it('has an executor for every model event and an assertion for every model state', () => {
    expect(cases.length).toBeGreaterThanOrEqual(4);
  });

  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderFeed(OWNER));
    }, 60_000);
});

describe('notifications view: the screen', () => {
  it('keeps the specification’s line and leads to the notification settings', () => {
    renderFeed(OWNER);
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByText(/Configure push, email, and SMS notifications\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/backoffice/store#store-notifications');
  });

  it('asks an administrator with no restaurant to choose one, and asks the server nothing', async () => {
    const { fakes } = renderFeed(ADMIN);
    expect(await screen.findByText(/Choose a restaurant in “Restaurant you work on”/)).toBeInTheDocument();
    expect(fakes.loads).toHaveLength(0);
    expect(screen.queryByRole('button', { name: MARK_ALL_READ })).toBeNull();
  });

  it('says a menu item is back, linked to the menu', async () => {
    const { fakes } = renderFeed(OWNER);
    (await take(fakes.loads)).resolve({
      results: [row(7, { kind: 'item_back', order_id: null, subject_id: 3, detail: { name: 'Margherita' }, read: true })],
      next_before: null,
      unread: 0,
      clock: CLOCK,
    });
    expect(await screen.findByRole('link', { name: 'Margherita is back on sale' })).toHaveAttribute('href', '/backoffice/menu');
  });
});
