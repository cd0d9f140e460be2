import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { AreaChart, DonutChart, LineChart } from '@mantine/charts';
import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMachine, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { ANALYTICS_RANGES, ANALYTICS_TOP_CATEGORIES, ANALYTICS_TRENDS, type AnalyticsStats } from '../../../contracts/insights';
import { usePageTitle } from '../../components/page-title';
import { saveFile } from '../../components/save-file';
import { analyticsMachine, type AnalyticsMachine } from '../../machines/insights/analytics.machine';
import { orderSeries, type OrderSeries } from '../../machines/insights/order-series';
import { sampleSparkline, seriesCsv } from '../../machines/insights/sample-data';
import { formatMoney } from '../shared/money-format';
import { isAdmin, useSession } from '../shared/session-context';
import {
  CHART_COLORS,
  ChartFigure,
  CountBars,
  KpiCard,
  SampleBadge,
  WHOLE_NUMBER_AXIS,
  countOf,
  formatCount,
  pointsByDay,
  statsRestaurant,
} from './insight-parts';
import classes from './insights.module.css';
import { Spinner } from '../../components/spinner';
import { useRestaurantChanged } from '../shared/restaurant-changed';

export const ANALYTICS_TITLE = 'Analytics';

/** The four KPI cards with the specification's trend percentages. */
const ANALYTICS_KPIS = [
  { label: 'Countries', count: 'countries' },
  { label: 'Cities', count: 'cities' },
  { label: 'Restaurants', count: 'restaurants' },
  { label: 'Menu Items', count: 'menuItems' },
] as const;

/** Section 7: category names are cut at 8 characters under the bars. */
const shortName = (name: string) => name.slice(0, 8);

export const csvName = (days: number) => `analytics_${days}d.csv`;

/**
 * "Analytics" of the second document: real counts, and the orders and revenue of the chosen range:
 * the restaurant's own once it has taken an order, else the sample seeded by the range (labelled).
 */
export function AnalyticsView({ machine = analyticsMachine }: { machine?: AnalyticsMachine }) {
  usePageTitle(ANALYTICS_TITLE, 'Back office');
  const { user } = useSession();
  const restaurantId = statsRestaurant(user);
  const [, send, actor] = useMachine(machine, { input: { restaurantId } });
  useRestaurantChanged(send, restaurantId);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  // Zeros until the figures come, and after a failure (section 8).
  const { stats, orders } = useSelector(actor, (snapshot) => snapshot.context.figures);
  const range = useSelector(actor, (snapshot) => snapshot.context.choice);
  const series = useMemo(() => orderSeries(orders, range, new Date(), stats.currency), [orders, range, stats.currency]);
  const exportCsv = () => saveFile({ blob: new Blob([seriesCsv(series.points)], { type: 'text/csv' }), filename: csvName(range) }, csvName(range));
  // Owners always see their own restaurant; administrators the one chosen in the header, else all.
  const scope = isAdmin(user) && user.active_restaurant_id === null ? 'All restaurants' : (user.active_restaurant_name ?? 'Your restaurant');

  return (
    <Stack gap="lg" maw={1200} w="100%">
      <Title order={1} size="h2">
        {ANALYTICS_TITLE}
      </Title>
      <Group gap="md" align="end" wrap="wrap">
        <div>
          <Text size="sm" fw={600} id="analytics-restaurant">
            Restaurant
          </Text>
          <Text aria-labelledby="analytics-restaurant">{scope}</Text>
          {isAdmin(user) ? (
            <Text size="sm" c="dimmed">
              Change it with “Restaurant you work on” at the top.
            </Text>
          ) : null}
        </div>
        <div>
          <Text size="sm" fw={600} id="analytics-range">
            Range in days
          </Text>
          <SegmentedControl
            aria-labelledby="analytics-range"
            value={String(range)}
            data={ANALYTICS_RANGES.map((days) => ({ label: String(days), value: String(days) }))}
            onChange={(value) => {
              const chosen = ANALYTICS_RANGES.find((days) => String(days) === value);
              if (chosen) send({ type: 'choice.made', choice: chosen });
            }}
          />
        </div>
        <Button variant="default" onClick={exportCsv}>
          Export CSV
        </Button>
      </Group>
      {loading ? (
        <Group justify="center" mih={160}>
          <Spinner label="Loading analytics" />
        </Group>
      ) : (
        <AnalyticsFigures stats={stats} series={series} onExport={exportCsv} />
      )}
    </Stack>
  );
}

function AnalyticsFigures({ stats, series, onExport }: { stats: AnalyticsStats; series: OrderSeries; onExport: () => void }) {
  const categories = stats.itemsPerCategory.slice(0, ANALYTICS_TOP_CATEGORIES).map((entry) => ({ ...entry, short: shortName(entry.name) }));
  const composition = [
    { name: 'Categories', value: stats.categories, color: CHART_COLORS[0] },
    { name: 'Option groups', value: stats.optionGroups, color: CHART_COLORS[1] },
    { name: 'Options', value: stats.options, color: CHART_COLORS[2] },
  ].filter((part) => part.value > 0);
  const money = (amount: number) => formatMoney(amount, series.currency);
  const points = pointsByDay(series);
  const pointRows = (key: 'orders' | 'revenue', format: (value: number) => string) =>
    points.map((point) => ({ label: point.day, values: [format(point[key])] }));
  const { sample } = series;
  return (
    <>
      <div className={classes.kpis}>
        {ANALYTICS_KPIS.map(({ label, count }, index) => (
          <KpiCard
            key={count}
            label={label}
            value={formatCount(stats[count])}
            sample={{ points: sampleSparkline(index + 11), trend: ANALYTICS_TRENDS[count] }}
          />
        ))}
      </div>
      <div className={classes.charts}>
        <ChartFigure title="Orders" sample={sample} columns={['Date', sample ? 'Orders (moving average)' : 'Orders']} rows={pointRows('orders', String)}>
          <LineChart
            h={240}
            data={points}
            dataKey="day"
            series={[{ name: 'orders', label: 'Orders', color: CHART_COLORS[0] }]}
            // Real orders are whole numbers per day; the sample's moving average is not.
            {...(sample ? {} : { yAxisProps: WHOLE_NUMBER_AXIS })}
            curveType="monotone"
            withDots={false}
            withTooltip={false}
          />
        </ChartFigure>
        <ChartFigure title="Revenue" sample={sample} columns={['Date', `Revenue (${series.currency})`]} rows={pointRows('revenue', money)}>
          <AreaChart
            h={240}
            data={points}
            dataKey="day"
            series={[{ name: 'revenue', label: 'Revenue', color: CHART_COLORS[1] }]}
            curveType="monotone"
            withDots={false}
            withTooltip={false}
            valueFormatter={money}
          />
        </ChartFigure>
        <ChartFigure
          title="Items by Category"
          columns={['Category', 'Menu items']}
          rows={categories.map((category) => ({ label: category.name, values: [formatCount(category.value)] }))}
          emptyText="No menu items available"
        >
          <CountBars
            h={240}
            data={categories}
            dataKey="short"
            series={{ name: 'value', label: 'Menu items', color: CHART_COLORS[3] }}
            // Every bar keeps its name: the chart would otherwise skip labels it thinks crowded.
            xAxisProps={{ interval: 0 }}
          />
        </ChartFigure>
        <ChartFigure
          title="Menu Composition"
          columns={['Part', 'Count']}
          rows={composition.map((part) => ({ label: part.name, values: [formatCount(part.value)] }))}
          emptyText="Nothing on the menu yet"
          legend={composition}
        >
          <DonutChart h={240} data={composition} withLabels withLabelsLine withTooltip={false} mx="auto" />
        </ChartFigure>
      </div>
      <div className={classes.kpis}>
        <FigureCard title="Run rate per day" value={money(series.runRatePerDay)} sample={sample} />
        <FigureCard title="Avg order value" value={money(series.averageOrderValue)} sample={sample} />
        <FigureCard title="Geo spread" value={countOf(stats.cities, 'city', 'cities')} detail={`across ${countOf(stats.countries, 'country', 'countries')}`} />
      </div>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Quick Actions">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Quick Actions
          </Title>
          <Group gap="sm">
            <Button variant="default" onClick={onExport}>
              Export Report
            </Button>
            {/* Section 7: these three have no behaviour yet; disabled so no one waits for something to happen. */}
            <Button variant="default" disabled>
              Set Goals
            </Button>
            <Button variant="default" disabled>
              Share Insights
            </Button>
            <Button variant="default" disabled>
              Configure
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            Tip: link these actions to real endpoints later.
          </Text>
        </Stack>
      </Paper>
    </>
  );
}

function FigureCard({ title, value, detail, sample }: { title: string; value: string; detail?: string; sample?: boolean }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5">
            {title}
          </Title>
          {sample ? <SampleBadge /> : null}
        </Group>
        <Text className={classes.value}>{value}</Text>
        {detail ? <Text size="sm">{detail}</Text> : null}
      </Stack>
    </Paper>
  );
}
