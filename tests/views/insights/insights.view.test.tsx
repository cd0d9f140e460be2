import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { GeneralStats } from '#contracts/insights';
import type { CustomersPage } from '#contracts/shared/order-figures';
import type { CustomersAsk } from '#src/services/insights/stats';
import type { DownloadedFile } from '#src/services/shared/api';
import type { CurrentUser } from '#contracts/shared/session';
import { analyticsMachine, type AnalyticsData } from '#src/machines/insights/analytics.machine';
import { customersMachine } from '#src/machines/insights/customers.machine';
import { generalStatsMachine } from '#src/machines/insights/general-stats.machine';
import { menuDashboardMachine, type MenuDashboardData } from '#src/machines/insights/menu-dashboard.machine';
import { theme } from '#src/theme';
import { AnalyticsView } from '#src/views/insights/analytics.view';
import { CustomersView } from '#src/views/insights/customers.view';
import { DriversView } from '#src/views/insights/drivers.view';
import { DASHBOARD_SUBTITLE, MenuDashboardView } from '#src/views/insights/menu-dashboard.view';
import { SessionProvider } from '#src/views/shared/session-context';
import { analyticsStatsOf, generalStatsOf, menuStatsOf, orderStatsOf } from '../../machines/insights/insights-fixtures';
import { analyticsModel, generalStatsModel, menuDashboardModel } from '../../models/insights/insights.model';
import { contractFetch, jsonResponse, provideChecked } from '../../support/contract-double';
import { setViewport } from '../../support/happy-dom-gaps';
import { modelPathCases, type PathExecutors } from '../../support/model-paths';
import { ADMIN, OWNER } from '../shared/app-harness';

// ---------------------------------------------------------------------------------------------
// Answers the test gives, one call at a time, each call first dry-run against the server's contract.

type Pending<T> = { restaurantId: number | null; resolve: (value: T) => void; reject: (error: unknown) => void };

function pendingActor<T>(queue: Pending<T>[]) {
  return fromPromise<T, { restaurantId: number | null }>(
    ({ input }) => new Promise((resolve, reject) => queue.push({ restaurantId: input.restaurantId, resolve, reject })),
  );
}

async function take<Q>(queue: Q[]): Promise<Q> {
  await waitFor(() => expect(queue, 'exactly one request should be waiting').toHaveLength(1));
  return queue.shift()!;
}

type Driver<T> = { user: UserEvent; loads: Pending<T>[]; switchTo: (restaurantId: number) => void };

function renderScreen<T>(user: CurrentUser, loads: Pending<T>[], screenOf: () => ReactNode): Driver<T> {
  const frame = (current: CurrentUser) => (
    <MantineProvider env="test" theme={theme}>
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <SessionProvider value={{ user: current, signOut: () => undefined, chooseRestaurant: () => undefined, choosing: false, chooseError: null }}>
          {screenOf()}
        </SessionProvider>
      </Router>
    </MantineProvider>
  );
  const { rerender } = render(frame(user));
  return {
    user: userEvent.setup({ delay: null }),
    loads,
    switchTo: (restaurantId) => rerender(frame({ ...user, active_restaurant_id: restaurantId, active_restaurant_name: `Restaurant ${restaurantId}` })),
  };
}

const ADMIN_ON_42: CurrentUser = { ...ADMIN, active_restaurant_id: 42, active_restaurant_name: 'Pizza Loco' };

/** The value under a KPI card's label. */
const kpi = (label: string) => screen.getByText(label, { selector: 'p' }).nextElementSibling;

const tableRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => row.textContent);

let logged: ReturnType<typeof vi.spyOn>;
let saved: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  saved = [];
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let lastBlob: Blob | null = null;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        lastBlob = blob;
        return 'blob:export';
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: lastBlob! });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// ---------------------------------------------------------------------------------------------
// Menu dashboard

function renderDashboard(user: CurrentUser) {
  const loads: Pending<MenuDashboardData>[] = [];
  const machine = provideChecked(menuDashboardMachine, { actors: { loadFigures: pendingActor(loads) } });
  return renderScreen(user, loads, () => <MenuDashboardView machine={machine} />);
}

async function expectDashboard(restaurants: number) {
  await waitFor(() => expect(kpi('Restaurants')).toHaveTextContent(String(restaurants)));
  expect(kpi('Menu Items')).toHaveTextContent('1,234');
  // The seven cards' decoration and the orders chart: an administrator's restaurant whose orders did not come.
  expect(screen.getAllByText('Sample data')).toHaveLength(8);
  expect(tableRows('Top locations by count')).toEqual(['CityRestaurants', `Springfield${restaurants}`]);
  expect(tableRows('Primary options, toppings, dressings')).toEqual(['KindSets', 'Primary options2', 'Toppings1', 'Dressings3']);
  expect(tableRows('Top categories')).toEqual(['CategoryMenu items', 'Sandwiches7']);
  expect(within(screen.getByRole('region', { name: 'System status' })).getByText('Backend reachable')).toBeInTheDocument();
}

const dashboardExecutors: PathExecutors<Driver<MenuDashboardData>> = {
  states: {
    loading: async ({ loads }) => {
      await waitFor(() => expect(loads.map((load) => load.restaurantId)).toEqual([42]));
      // A named progress bar (issue 27: a name on Mantine's bare span is prohibited, axe said so).
      expect(screen.getByRole('progressbar', { name: 'Loading the dashboard' })).toBeInTheDocument();
    },
    failed: async () => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent("Couldn't load dashboard");
      expect(alert).toHaveTextContent('The database is not answering.');
    },
    retrying: async ({ loads }) => {
      await waitFor(() => expect(loads.map((load) => load.restaurantId)).toEqual([42]));
      expect(screen.queryByRole('alert')).toBeNull();
    },
    loaded: () => expectDashboard(42),
    switching: async ({ loads }) => {
      await waitFor(() => expect(loads.map((load) => load.restaurantId)).toEqual([43]));
      expect(screen.queryByRole('region', { name: 'System status' })).toBeNull();
    },
    switched: () => expectDashboard(43),
  },
  events: {
    'server.answer': async ({ loads }) => {
      const load = await take(loads);
      load.resolve({ stats: menuStatsOf(load.restaurantId ?? 0), backendReachable: true, orders: null });
    },
    'server.fail': async ({ loads }) => (await take(loads)).reject(new Error('The database is not answering.')),
    'dashboard.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
    'restaurant.switch': ({ switchTo }) => switchTo(43),
  },
};

describe('menu dashboard view: every path of the model (an administrator working on a restaurant)', () => {
  const cases = modelPathCases(menuDashboardModel, dashboardExecutors);
  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderDashboard(ADMIN_ON_42));
    }, 60_000);
});

describe('menu dashboard view: the screen', () => {
  it('shows its title and subtitle word for word, and asks platform-wide for an administrator with no restaurant', async () => {
    const { loads } = renderDashboard(ADMIN);
    expect(screen.getByRole('heading', { level: 1, name: 'Menu dashboard' })).toBeInTheDocument();
    expect(screen.getByText(DASHBOARD_SUBTITLE)).toHaveTextContent('Live snapshot of your new menu: categories, items, and option sets.');
    await waitFor(() => expect(document.title).toMatch(/^Menu dashboard · Back office/));
    expect((await take(loads)).restaurantId).toBeNull();
  });

  it("sends an owner's call unscoped (the server knows their restaurant) and says so when there are no menu items", async () => {
    const { loads } = renderDashboard({ ...OWNER, active_restaurant_id: 42 });
    const load = await take(loads);
    expect(load.restaurantId).toBeNull();
    load.resolve({ stats: { ...menuStatsOf(1), itemsPerCategory: [] }, backendReachable: false, orders: null });
    expect(await screen.findByText('No menu items available')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Top categories' })).toBeNull();
    expect(screen.getByText('Backend not reachable')).toBeInTheDocument();
  });

  it('asks an owner with an empty menu to add one, with the way to the menu and the store (where Launch leads, issue 40)', async () => {
    // The store link reads the restaurant's slug, checked with the server's contract.
    localStorage.setItem('access_token', 'token');
    vi.stubGlobal(
      'fetch',
      contractFetch(() =>
        jsonResponse(200, { count: 1, next: null, previous: null, results: [{ id: 42, name: 'Pizza Loco', slug: 'pizza-loco', currency: 'USD' }] }),
      ),
    );
    const { loads } = renderDashboard(OWNER);
    const empty = menuStatsOf(1);
    (await take(loads)).resolve({ stats: { ...empty, counts: { ...empty.counts, menuItems: 0 } }, backendReachable: true, orders: null });
    const prompt = await screen.findByRole('region', { name: 'Your menu is empty' });
    expect(within(prompt).getByRole('link', { name: 'Add your menu' })).toHaveAttribute('href', '/menu');
    expect(await within(prompt).findByRole('link', { name: /^View your store/ })).toHaveAttribute('href', '/pizza-loco');
    localStorage.clear();
  });

  it("counts the option sets an owner can use, says whose they are, and keys the donut's colours", async () => {
    const { loads } = renderDashboard(OWNER);
    (await take(loads)).resolve({ stats: menuStatsOf(1), backendReachable: true, orders: null });
    const donut = await screen.findByRole('region', { name: 'Primary options, toppings, dressings' });
    expect(within(donut).getByText("Your restaurant's own and the platform library's, which it can use.")).toBeInTheDocument();
    for (const key of ['Primary options (2)', 'Toppings (1)', 'Dressings (3)']) expect(within(donut).getByText(key)).toBeInTheDocument();
  });

  it("says the donut counts every restaurant's sets for an administrator with no restaurant", async () => {
    const { loads } = renderDashboard(ADMIN);
    (await take(loads)).resolve({ stats: menuStatsOf(3), backendReachable: true, orders: null });
    const donut = await screen.findByRole('region', { name: 'Primary options, toppings, dressings' });
    expect(within(donut).getByText("Every restaurant's and the platform library's.")).toBeInTheDocument();
  });
});

// ---------------------------------------------------------------------------------------------
// Analytics

function renderAnalytics(user: CurrentUser) {
  const loads: Pending<AnalyticsData>[] = [];
  const machine = provideChecked(analyticsMachine, { actors: { loadFigures: pendingActor(loads) } });
  return renderScreen(user, loads, () => <AnalyticsView machine={machine} />);
}

const seriesRows = () => screen.getByRole('table', { name: 'Orders' }).querySelectorAll('tbody tr').length;

async function expectCsv(days: number) {
  await waitFor(() => expect(saved.map((file) => file.name)).toEqual([`analytics_${days}d.csv`]));
  const lines = (await saved[0]!.blob.text()).trim().split('\n');
  expect(lines[0]).toBe('date,orders,revenue');
  expect(lines).toHaveLength(days + 1);
  expect(lines.slice(1).every((line) => /^\d{4}-\d{2}-\d{2},[\d.]+,\d+$/.test(line) && Number(line.split(',')[2]) % 12 === 0)).toBe(true);
}

const analyticsExecutors: PathExecutors<Driver<AnalyticsData>> = {
  states: {
    loading: async ({ loads }) => {
      await waitFor(() => expect(loads).toHaveLength(1));
      expect(screen.getByLabelText('Loading analytics')).toBeInTheDocument();
    },
    zeros: async () => {
      await waitFor(() => expect(kpi('Restaurants')).toHaveTextContent('0'));
      expect(kpi('Menu Items')).toHaveTextContent('0');
      expect(logged).toHaveBeenCalledWith('Error fetching stats', expect.anything());
      expect(screen.queryByRole('alert')).toBeNull();
    },
    loaded: async () => {
      await waitFor(() => expect(kpi('Restaurants')).toHaveTextContent('5'));
      expect(kpi('Menu Items')).toHaveTextContent('1,234');
      expect(screen.getByText('12%')).toBeInTheDocument();
      expect(screen.getByText('22%')).toBeInTheDocument();
      expect(seriesRows()).toBe(30);
      expect(tableRows('Items by Category')).toEqual(['CategoryMenu items', 'Sandwiches and wraps7', 'Salads2']);
      expect(tableRows('Menu Composition')).toEqual(['PartCount', 'Categories4', 'Option groups5', 'Options6']);
      expect(screen.getByRole('region', { name: 'Geo spread' })).toHaveTextContent('3 citiesacross 2 countries');
    },
    week: () => waitFor(() => expect(seriesRows()).toBe(7)),
    exported: () => expectCsv(30),
    weekExported: () => expectCsv(7),
  },
  events: {
    'server.answer': async ({ loads }) => (await take(loads)).resolve({ stats: analyticsStatsOf(5), orders: null }),
    'server.fail': async ({ loads }) => (await take(loads)).reject(new Error('HTTP 503')),
    'range.choose7': ({ user }) => user.click(screen.getByRole('radio', { name: '7' })),
    'csv.export': ({ user }) => user.click(screen.getByRole('button', { name: 'Export CSV' })),
  },
};

describe('analytics view: every path of the model', () => {
  const cases = modelPathCases(analyticsModel, analyticsExecutors);
  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderAnalytics(ADMIN));
    }, 60_000);
});

describe('analytics view: the screen', () => {
  it('starts at 30 days, says whose figures they are, and Export Report saves the same file', async () => {
    const driver = renderAnalytics(ADMIN_ON_42);
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '30' })).toBeChecked();
    expect(screen.getByText('Pizza Loco')).toBeInTheDocument();
    const load = await take(driver.loads);
    expect(load.restaurantId).toBe(42);
    load.resolve({ stats: analyticsStatsOf(1), orders: null });
    await driver.user.click(await screen.findByRole('button', { name: 'Export Report' }));
    await expectCsv(30);
    for (const inert of ['Set Goals', 'Share Insights', 'Configure']) expect(screen.getByRole('button', { name: inert })).toBeDisabled();
  });

  it('shows an administrator with no restaurant "All restaurants"', async () => {
    renderAnalytics(ADMIN);
    expect(screen.getByText('All restaurants')).toBeInTheDocument();
  });

  it('says "1 city across 1 country", and keys the Menu Composition donut', async () => {
    const { loads } = renderAnalytics(OWNER);
    (await take(loads)).resolve({ stats: { ...analyticsStatsOf(1), cities: 1, countries: 1 }, orders: null });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Geo spread' })).toHaveTextContent('1 cityacross 1 country'));
    const composition = screen.getByRole('region', { name: 'Menu Composition' });
    for (const key of ['Categories (4)', 'Option groups (5)', 'Options (6)']) expect(within(composition).getByText(key)).toBeInTheDocument();
  });

  it("writes revenue in the restaurant's currency (issue 27): pounds for a UK restaurant", async () => {
    const { loads } = renderAnalytics(OWNER);
    (await take(loads)).resolve({ stats: analyticsStatsOf(1, 'GBP'), orders: null });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Avg order value' })).toHaveTextContent(/£\d/));
    expect(screen.getByRole('region', { name: 'Run rate per day' })).toHaveTextContent(/£\d/);
    expect(screen.getByRole('columnheader', { name: 'Revenue (GBP)' })).toBeInTheDocument();
  });
});

// ---------------------------------------------------------------------------------------------
// Drivers and Customers

function renderGeneral(user: CurrentUser, which: 'drivers' | 'customers', customerPages: CustomerLoad[] = []) {
  const loads: Pending<GeneralStats>[] = [];
  const machine = provideChecked(generalStatsMachine, { actors: { loadFigures: pendingActor(loads) } });
  const listMachine = provideChecked(customersMachine, {
    actors: {
      loadCustomers: fromPromise<CustomersPage, CustomerLoad['input']>(({ input }) => new Promise((resolve) => customerPages.push({ input, resolve }))),
      downloadCustomers: fromPromise<DownloadedFile, { restaurantId: number | null; search: string }>(async ({ input }) => ({
        blob: new Blob([`name,email\r\nsearched,${input.search}\r\n`], { type: 'text/csv' }),
        filename: 'customers-2026-11-27.csv',
      })),
    },
  });
  return renderScreen(user, loads, () =>
    which === 'drivers' ? <DriversView machine={machine} /> : <CustomersView machine={machine} listMachine={listMachine} />,
  );
}

type CustomerLoad = { input: { restaurantId: number | null; ask: CustomersAsk }; resolve: (page: CustomersPage) => void };

const driverExecutors: PathExecutors<Driver<GeneralStats>> = {
  states: {
    loading: async ({ loads }) => {
      await waitFor(() => expect(loads.map((load) => load.restaurantId)).toEqual([42]));
      expect(screen.getByLabelText('Loading drivers figures')).toBeInTheDocument();
    },
    switching: async ({ loads }) => {
      await waitFor(() => expect(loads.map((load) => load.restaurantId)).toEqual([43]));
      // The first restaurant's figures are gone while the other's load.
      expect(screen.getByLabelText('Loading drivers figures')).toBeInTheDocument();
      expect(screen.queryByText('Active Restaurants')).toBeNull();
    },
    switched: async () => {
      await waitFor(() => expect(kpi('Active Restaurants')).toHaveTextContent('5'));
      expect(kpi('Menu Items')).toHaveTextContent('1,234');
    },
    loaded: async () => {
      await waitFor(() => expect(kpi('Active Restaurants')).toHaveTextContent('9'));
      expect(kpi('Available Cities')).toHaveTextContent('3');
      expect(kpi('Menu Items')).toHaveTextContent('1,234');
    },
    zeros: async () => {
      await waitFor(() => expect(kpi('Active Restaurants')).toHaveTextContent('0'));
      expect(kpi('Menu Items')).toHaveTextContent('0');
      expect(logged).toHaveBeenCalledWith('Error fetching stats', expect.anything());
    },
  },
  events: {
    'server.answer': async ({ loads }) => {
      const load = await take(loads);
      load.resolve(generalStatsOf(load.restaurantId === 43 ? 5 : 9));
    },
    'server.fail': async ({ loads }) => (await take(loads)).reject(new Error('HTTP 503')),
    'restaurant.switch': ({ switchTo }) => switchTo(43),
  },
};

describe('drivers view: every path of the model (an administrator working on a restaurant)', () => {
  const cases = modelPathCases(generalStatsModel, driverExecutors);
  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderGeneral(ADMIN_ON_42, 'drivers'));
    }, 60_000);
});

describe('drivers and customers: the static parts', () => {
  it('shows the hard-coded driver status counts, inert buttons and Coming Soon', () => {
    renderGeneral(OWNER, 'drivers');
    const status = screen.getByRole('region', { name: 'Driver status' });
    expect(
      within(status)
        .getAllByText(/^\d+$/)
        .map((value) => value.textContent),
    ).toEqual(['12', '8', '3']);
    // Hard-coded, so marked as sample data like the other decoration.
    expect(within(status).getByText('Sample data')).toBeInTheDocument();
    for (const inert of ['Assign New Driver', 'View Active Deliveries', 'Driver Analytics']) expect(screen.getByRole('button', { name: inert })).toBeDisabled();
    expect(screen.getByText('Coming Soon')).toBeInTheDocument();
  });

  it("shows Customers' cards from the general stats", async () => {
    const { loads } = renderGeneral(OWNER, 'customers');
    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    (await take(loads)).resolve(generalStatsOf(9));
    await waitFor(() => expect(kpi('Total Restaurants')).toHaveTextContent('9'));
    expect(kpi('Categories')).toHaveTextContent('4');
    expect(screen.getByText('Coming Soon')).toBeInTheDocument();
  });
});

// ---------------------------------------------------------------------------------------------
// Figures from real orders (issue 30)

describe('insight screens once the restaurant has orders', () => {
  it("draws the dashboard's last 30 days from the orders, unlabelled, in the restaurant's zone and currency", async () => {
    const { loads } = renderDashboard(OWNER);
    (await take(loads)).resolve({ stats: menuStatsOf(1), backendReachable: true, orders: orderStatsOf(30) });
    const orders = await screen.findByRole('region', { name: 'Orders, last 30 days' });
    expect(within(orders).queryByText('Sample data')).toBeNull();
    expect(within(orders).getByText('Days in America/Toronto; cancelled orders are left out.')).toBeInTheDocument();
    // Days as a Canadian restaurant writes them, never ISO (issue 40).
    expect(tableRows('Orders, last 30 days').slice(-2)).toEqual(['Thu, Nov 261$9.99', 'Fri, Nov 273$30.10']);
    expect(screen.getAllByText('Sample data')).toHaveLength(7);
  });

  it('keeps the labelled sample on the dashboard for an owner with no orders yet, and says so', async () => {
    const { loads } = renderDashboard(OWNER);
    (await take(loads)).resolve({ stats: menuStatsOf(1), backendReachable: true, orders: orderStatsOf(30, false) });
    const orders = await screen.findByRole('region', { name: 'Orders, last 30 days' });
    expect(within(orders).getByText('Sample data')).toBeInTheDocument();
    expect(within(orders).getByText('No orders yet: sample figures until the first one.')).toBeInTheDocument();
  });

  it("draws analytics' orders and revenue from the orders, and the CSV carries them", async () => {
    const driver = renderAnalytics(OWNER);
    (await take(driver.loads)).resolve({ stats: analyticsStatsOf(1), orders: orderStatsOf(90) });
    await waitFor(() => expect(seriesRows()).toBe(30));
    for (const name of ['Orders', 'Revenue', 'Run rate per day', 'Avg order value'])
      expect(within(screen.getByRole('region', { name })).queryByText('Sample data')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Revenue (CAD)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Avg order value' })).toHaveTextContent('$10.02');
    await driver.user.click(screen.getByRole('radio', { name: '7' }));
    await waitFor(() => expect(seriesRows()).toBe(7));
    await driver.user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['analytics_7d.csv']));
    const lines = (await saved[0]!.blob.text()).trim().split('\n');
    expect(lines).toEqual([
      'date,orders,revenue',
      '2026-11-21,0,0',
      '2026-11-22,0,0',
      '2026-11-23,0,0',
      '2026-11-24,0,0',
      '2026-11-25,0,0',
      '2026-11-26,1,9.99',
      '2026-11-27,3,30.1',
    ]);
  });

  it('lists the customers, searches them, pages through them and downloads what the search finds', async () => {
    const pages: CustomerLoad[] = [];
    const { user } = renderGeneral(OWNER, 'customers', pages);
    const customer = (n: number) => ({
      name: `Guest ${n}`,
      email: `guest${n}@example.com`,
      orders: n,
      total_spent: 12.5 * n,
      currency: 'USD' as const,
      last_order_at: '2026-11-26T12:00:00.000Z',
      time_zone: 'America/Chicago',
      country: 'United States',
    });
    const first = await take(pages);
    expect(first.input).toEqual({ restaurantId: null, ask: { search: '', page: 1, pageSize: 20 } });
    first.resolve({ count: 21, next: '/api/v2/customers/?page=2', previous: null, results: [customer(1), customer(2)] });
    expect(await screen.findByRole('status')).toHaveTextContent('21 customers.');
    expect(tableRows('Customer list').slice(0, 2)).toEqual([
      'NameEmailOrdersTotal spentLast order (America/Chicago)',
      // Noon in UTC is six in the morning in Chicago.
      'Guest 1guest1@example.com1$12.50Thu, Nov 26, 2026, 6:00 AM',
    ]);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    const second = await take(pages);
    expect(second.input.ask.page).toBe(2);
    second.resolve({ count: 21, next: null, previous: '/api/v2/customers/?page=1', results: [customer(21)] });
    await waitFor(() => expect(screen.getByText('Page 2 / 2')).toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: 'Search customers' }), 'guest2');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const searched = await take(pages);
    expect(searched.input.ask).toEqual({ search: 'guest2', page: 1, pageSize: 20 });
    searched.resolve({ count: 0, next: null, previous: null, results: [] });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No customer matches “guest2”.'));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['customers-2026-11-27.csv']));
    expect(await saved[0]!.blob.text()).toBe('name,email\r\nsearched,guest2\r\n');
    expect(screen.getByText(/The customer list is counted from real orders\./)).toBeInTheDocument();
  });
  it('shows each customer as a card on a phone, with the same facts as the table, and no table to scroll sideways', async () => {
    setViewport('phone');
    const pages: CustomerLoad[] = [];
    renderGeneral(OWNER, 'customers', pages);
    const first = await take(pages);
    first.resolve({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          name: 'Guest 1',
          email: 'guest1@example.com',
          orders: 3,
          total_spent: 37.5,
          currency: 'USD',
          last_order_at: '2026-11-26T12:00:00.000Z',
          time_zone: 'America/Chicago',
          country: 'United Kingdom',
        },
      ],
    });
    const cards = await screen.findByRole('list', { name: 'Customers' });
    const card = within(cards).getByRole('listitem');
    expect(card).toHaveTextContent('Guest 1');
    expect(card).toHaveTextContent('Emailguest1@example.com');
    expect(card).toHaveTextContent('Orders3');
    expect(card).toHaveTextContent('Total spent$37.50');
    expect(card).toHaveTextContent('Last orderThu 26 Nov 2026, 06:00 (America/Chicago)');
    expect(screen.queryByRole('region', { name: 'Customers table' })).toBeNull();
  });
});
