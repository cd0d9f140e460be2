import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { LocalDemand } from '#contracts/leads';
import type { CurrentUser } from '#contracts/shared/session';
import { localDemandMachine } from '#src/machines/leads/local-demand.machine';
import { theme } from '#src/theme';
import { DEMAND_EXPLANATION, LocalDemandView } from '#src/views/leads/local-demand.view';
import { SessionProvider } from '#src/views/shared/session-context';
import { localDemandModel } from '../../models/leads/local-demand.model';
import { provideChecked } from '../../support/contract-double';
import { modelPathCases, type PathExecutors } from '../../support/model-paths';
import { ADMIN, OWNER } from '../shared/app-harness';

// ---------------------------------------------------------------------------------------------
// A server the test answers, and a session whose active restaurant the test can change.

const figures = (restaurantId: number, name: string): LocalDemand => ({
  restaurant_id: restaurantId,
  restaurant_name: name,
  source: 'delivery_zips',
  zips: [
    { zip_code: '62702', last_30_days: 2, last_90_days: 3 },
    { zip_code: '62701', last_30_days: 0, last_90_days: 2 },
  ],
  total_last_30_days: 2,
  total_last_90_days: 5,
});
const NAMES: Record<number, string> = { 42: 'Pizza Loco', 43: 'Taco Town' };

type Pending = { restaurantId: number; resolve: (demand: LocalDemand) => void; reject: (error: unknown) => void };

function createFakes() {
  const loads: Pending[] = [];
  const machine = provideChecked(localDemandMachine, {
    actors: {
      loadDemand: fromPromise<LocalDemand, { restaurantId: number }>(
        ({ input }) => new Promise((resolve, reject) => loads.push({ restaurantId: input.restaurantId, resolve, reject })),
      ),
    },
  });
  return { machine, loads };
}

type Driver = { user: UserEvent; fakes: ReturnType<typeof createFakes>; switchTo: (restaurantId: number) => void };

function renderDemand(user: CurrentUser, path: string): Driver {
  const fakes = createFakes();
  const [base] = path.match(/^\/(admin|backoffice)/) ?? ['/backoffice'];
  const screenFor = (current: CurrentUser): ReactNode => (
    <MantineProvider env="test" theme={theme}>
      <Router hook={memoryLocation({ path }).hook}>
        <Route path={base} nest>
          <SessionProvider value={{ user: current, signOut: () => undefined, chooseRestaurant: () => undefined, choosing: false, chooseError: null }}>
            <LocalDemandView machine={fakes.machine} />
          </SessionProvider>
        </Route>
      </Router>
    </MantineProvider>
  );
  const { rerender } = render(screenFor(user));
  return {
    user: userEvent.setup({ delay: null }),
    fakes,
    switchTo: (restaurantId) => rerender(screenFor({ ...user, active_restaurant_id: restaurantId, active_restaurant_name: NAMES[restaurantId] ?? null })),
  };
}

async function take(queue: Pending[]): Promise<Pending> {
  await waitFor(() => expect(queue, 'exactly one request should be waiting').toHaveLength(1));
  return queue.shift()!;
}

const ADMIN_ON_42: CurrentUser = { ...ADMIN, active_restaurant_id: 42, active_restaurant_name: 'Pizza Loco' };

async function expectFigures(name: string) {
  expect(await screen.findByText(name)).toBeInTheDocument();
  expect(screen.getByText('Sign-ups in the last 30 days').nextElementSibling).toHaveTextContent('2');
  expect(screen.getByText('Sign-ups in the last 90 days').nextElementSibling).toHaveTextContent('5');
  const rows = within(screen.getByRole('table', { name: 'Sign-ups per zip code' })).getAllByRole('row');
  expect(rows.map((row) => row.textContent)).toEqual(['Zip codeLast 30 daysLast 90 days', '6270223', '6270102']);
}

const executors: PathExecutors<Driver> = {
  states: {
    loading: async ({ fakes }) => {
      await waitFor(() => expect(fakes.loads.map((load) => load.restaurantId)).toEqual([42]));
      expect(screen.getByLabelText('Loading local demand')).toBeInTheDocument();
    },
    failed: async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load the local demand");
      expect(screen.queryByRole('table')).toBeNull();
    },
    loaded: () => expectFigures('Pizza Loco'),
    switching: async ({ fakes }) => {
      await waitFor(() => expect(fakes.loads.map((load) => load.restaurantId)).toEqual([43]));
      expect(screen.queryByText('Pizza Loco')).toBeNull();
    },
    switched: () => expectFigures('Taco Town'),
    noZips: async () => {
      const link = await screen.findByRole('link', { name: 'the delivery step of onboarding' });
      expect(link).toHaveAttribute('href', '/onboard/42/delivery');
      expect(screen.queryByRole('table')).toBeNull();
    },
  },
  events: {
    'server.answer': async ({ fakes }) => {
      const load = await take(fakes.loads);
      load.resolve(figures(load.restaurantId, NAMES[load.restaurantId]!));
    },
    'server.noZips': async ({ fakes }) =>
      (await take(fakes.loads)).resolve({
        restaurant_id: 42,
        restaurant_name: 'Pizza Loco',
        source: 'none',
        zips: [],
        total_last_30_days: 0,
        total_last_90_days: 0,
      }),
    'server.fail': async ({ fakes }) => (await take(fakes.loads)).reject(new Error('HTTP 503')),
    'demand.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
    'restaurant.switch': ({ switchTo }) => switchTo(43),
  },
};

const cases = modelPathCases(localDemandModel, executors);

describe('local demand view: every path of the model (an administrator at /admin/messages/demand)', () => {
  it('has an executor for every model event and an assertion for every model state', () => {
    expect(cases.length).toBeGreaterThanOrEqual(3);
  });

  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderDemand(ADMIN_ON_42, '/admin/messages/demand'));
    }, 60_000);
});

describe('local demand view: the screen', () => {
  it('shows an administrator the leads tabs, what is counted, and which restaurant it is about', async () => {
    const driver = renderDemand(ADMIN_ON_42, '/admin/messages/demand');
    expect(screen.getByRole('heading', { level: 1, name: 'Local demand' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Local demand · Back office/));
    expect(within(screen.getByRole('navigation', { name: 'Leads' })).getByRole('link', { name: 'Local demand' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(DEMAND_EXPLANATION)).toBeInTheDocument();
    await executors.events['server.answer']!(driver, { type: 'server.answer' });
    expect(await screen.findByText(/the restaurant you work on/)).toHaveTextContent('About Pizza Loco, the restaurant you work on.');
  });

  it('shows an owner their figures with no tabs and no restaurant line', async () => {
    const driver = renderDemand(OWNER, '/backoffice/messages');
    await executors.events['server.answer']!(driver, { type: 'server.answer' });
    await expectFigures('62702');
    expect(screen.queryByRole('navigation', { name: 'Leads' })).toBeNull();
    expect(screen.queryByText(/the restaurant you work on/)).toBeNull();
  });

  it('asks an administrator with no restaurant to choose one, and asks the server nothing', async () => {
    const { fakes } = renderDemand(ADMIN, '/admin/messages/demand');
    expect(await screen.findByText(/Choose a restaurant in “Restaurant you work on”/)).toBeInTheDocument();
    expect(fakes.loads).toHaveLength(0);
  });
});
