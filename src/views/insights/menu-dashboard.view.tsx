import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { DonutChart, LineChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMachine, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { MenuStats } from '../../../contracts/insights';
import { DEFAULT_CURRENCY } from '../../../contracts/shared/restaurants';
import { usePageTitle } from '../../components/page-title';
import { DASHBOARD_ORDER_DAYS, menuDashboardMachine, type MenuDashboardData, type MenuDashboardMachine } from '../../machines/insights/menu-dashboard.machine';
import { orderSeries } from '../../machines/insights/order-series';
import { sampleSparkline, sampleTrend } from '../../machines/insights/sample-data';
import { formatMoney } from '../shared/money-format';
import { isAdmin, useSession } from '../shared/session-context';
import { CHART_COLORS, ChartFigure, CountBars, KpiCard, WHOLE_NUMBER_AXIS, formatCount, pointsByDay, statsRestaurant } from './insight-parts';
import classes from './insights.module.css';
import { Spinner } from '../../components/spinner';
import { useRestaurantChanged } from '../shared/restaurant-changed';
import { useStoreLink, ViewStoreIcon, ViewStoreLabel } from '../shared/store-link';

export const DASHBOARD_TITLE = 'Menu dashboard';
export const DASHBOARD_SUBTITLE = 'Live snapshot of your new menu: categories, items, and option sets.';

/** The seven KPI cards, in the specification's order. */
export const DASHBOARD_KPIS: { label: string; count: keyof MenuStats['counts'] }[] = [
  { label: 'Countries', count: 'countries' },
  { label: 'Cities', count: 'cities' },
  { label: 'Restaurants', count: 'restaurants' },
  { label: 'Categories', count: 'categories' },
  { label: 'Menu Items', count: 'menuItems' },
  { label: 'Extra Groups', count: 'optionGroups' },
  { label: 'Extra Options', count: 'options' },
];

/** Section 9: the dashboard's donut rotates through six colours. */
const DONUT_COLORS = CHART_COLORS.slice(0, 6);

/** "Menu dashboard" of the second document: the menu's counts, its top lists, and whether the backend answers. */
export function MenuDashboardView({ machine = menuDashboardMachine }: { machine?: MenuDashboardMachine }) {
  usePageTitle(DASHBOARD_TITLE, 'Back office');
  const { user } = useSession();
  const restaurantId = statsRestaurant(user);
  const [, send, actor] = useMachine(machine, { input: { restaurantId } });
  useRestaurantChanged(send, restaurantId);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  const failed = useSelector(actor, (snapshot) => snapshot.hasTag('failed'));
  const ready = useSelector(actor, (snapshot) => snapshot.hasTag('ready'));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const data = useSelector(actor, (snapshot) => snapshot.context.figures);

  return (
    <Stack gap="lg" maw={1200} w="100%">
      <div>
        <Title order={1} size="h2">
          {DASHBOARD_TITLE}
        </Title>
        <Text>{DASHBOARD_SUBTITLE}</Text>
      </div>
      {loading ? (
        <Group justify="center" mih={160}>
          <Spinner label="Loading the dashboard" />
        </Group>
      ) : null}
      {failed ? (
        <Alert role="alert" color="red" variant="light" radius="md" title="Couldn't load dashboard">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{error}</Text>
            <Button size="xs" variant="default" onClick={() => send({ type: 'load.retry' })}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {ready && !isAdmin(user) && data.stats.counts.menuItems === 0 ? <AddMenuPrompt restaurantId={user.active_restaurant_id} /> : null}
      {ready ? <DashboardFigures data={data} platformWide={isAdmin(user) && restaurantId === null} /> : null}
    </Stack>
  );
}

/**
 * Where Launch leads (issue 40): while the owner's menu has no dishes the store shows guests
 * nothing to order, so the dashboard says so first, with the way to the menu and to the store
 * (on a phone the header's "View your store" is behind the burger).
 */
function AddMenuPrompt({ restaurantId }: { restaurantId: number | null }) {
  const store = useStoreLink(restaurantId);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="add-menu-title">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h3" id="add-menu-title">
          Your menu is empty
        </Title>
        <Text>Your store is live, but guests have nothing to order until you add your dishes.</Text>
        <Group gap="sm">
          <Button component={Link} href="/menu">
            Add your menu
          </Button>
          {store.href ? (
            <Button component="a" href={store.href} target="_blank" rel="noopener" variant="default" rightSection={<ViewStoreIcon />}>
              <ViewStoreLabel />
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Orders per day over the last 30 days: the restaurant's own once it has taken one, else the labelled sample. */
function OrdersFigure({ orders, platformWide }: { orders: MenuDashboardData['orders']; platformWide: boolean }) {
  const series = orderSeries(orders, DASHBOARD_ORDER_DAYS, new Date(), DEFAULT_CURRENCY);
  const points = pointsByDay(series);
  const note = !series.sample
    ? `Days in ${orders?.time_zone}; cancelled orders are left out.`
    : platformWide
      ? 'Choose a restaurant to see its orders; until then, sample figures.'
      : 'No orders yet: sample figures until the first one.';
  return (
    <ChartFigure
      title={ORDERS_TITLE}
      sample={series.sample}
      note={note}
      columns={['Date', 'Orders', `Revenue (${series.currency})`]}
      rows={points.map((point) => ({ label: point.day, values: [formatCount(point.orders), formatMoney(point.revenue, series.currency)] }))}
    >
      <CountBars data={points} dataKey="day" series={{ name: 'orders', label: 'Orders', color: CHART_COLORS[2] }} />
    </ChartFigure>
  );
}

export const ORDERS_TITLE = `Orders, last ${DASHBOARD_ORDER_DAYS} days`;

function DashboardFigures({ data: { stats, backendReachable, orders }, platformWide }: { data: MenuDashboardData; platformWide: boolean }) {
  // A kind with no sets has no slice: a zero would only draw a stray label.
  const donut = stats.optionGroupBreakdown
    .filter((entry) => entry.value > 0)
    .map((entry, index) => ({ ...entry, color: DONUT_COLORS[index % DONUT_COLORS.length]! }));
  return (
    <>
      <div className={classes.kpis}>
        {DASHBOARD_KPIS.map(({ label, count }, index) => (
          <KpiCard
            key={count}
            label={label}
            value={formatCount(stats.counts[count])}
            sample={{ points: sampleSparkline(index + 1), trend: sampleTrend(index + 1) }}
          />
        ))}
      </div>
      <div className={classes.charts}>
        <OrdersFigure orders={orders} platformWide={platformWide} />
        <ChartFigure
          title="Top locations by count"
          columns={['City', 'Restaurants']}
          rows={stats.restaurantsByCity.map((city) => ({ label: city.name, values: [formatCount(city.value)] }))}
          emptyText="No restaurant has a city yet"
        >
          <CountBars data={stats.restaurantsByCity} dataKey="name" series={{ name: 'value', label: 'Restaurants', color: CHART_COLORS[0] }} />
        </ChartFigure>
        <ChartFigure
          title="Primary options, toppings, dressings"
          columns={['Kind', 'Sets']}
          rows={donut.map((kind) => ({ label: kind.name, values: [formatCount(kind.value)] }))}
          emptyText="No option sets yet"
          note={platformWide ? "Every restaurant's and the platform library's." : "Your restaurant's own and the platform library's, which it can use."}
          legend={donut}
        >
          <DonutChart h={260} data={donut} withLabelsLine withLabels withTooltip={false} mx="auto" />
        </ChartFigure>
        <ChartFigure
          title="Top categories"
          columns={['Category', 'Menu items']}
          rows={stats.itemsPerCategory.map((category) => ({ label: category.name, values: [formatCount(category.value)] }))}
          emptyText="No menu items available"
        >
          <LineChart
            h={260}
            data={stats.itemsPerCategory}
            dataKey="name"
            series={[{ name: 'value', label: 'Menu items', color: CHART_COLORS[1] }]}
            curveType="monotone"
            yAxisProps={WHOLE_NUMBER_AXIS}
            withTooltip={false}
          />
        </ChartFigure>
        <Paper withBorder radius="md" p="md" component="section" aria-label="System status">
          <Stack gap="xs">
            <Title order={2} size="h4">
              System status
            </Title>
            <Text fw={600}>API Connection</Text>
            <Text c={backendReachable ? 'teal.9' : 'red.9'}>{backendReachable ? 'Backend reachable' : 'Backend not reachable'}</Text>
          </Stack>
        </Paper>
      </div>
    </>
  );
}
