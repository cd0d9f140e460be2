import '@mantine/charts/styles.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { BarChart, Sparkline, type BarChartProps } from '@mantine/charts';
import { Badge, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../../../contracts/shared/clock-format';
import type { CurrentUser } from '../../../contracts/shared/session';
import type { OrderSeries } from '../../machines/insights/order-series';
import { SAMPLE_LABEL } from '../../machines/insights/sample-data';
import { isAdmin } from '../shared/session-context';
import classes from './insights.module.css';

/** Thousands separators, as the specification asks for every KPI. */
export const formatCount = (value: number) => value.toLocaleString('en-US');

/** The series' points, each with its `day` as people write it ("Thu 26 Nov" / "Thu, Nov 26"), for the charts' axes and their tables. */
export const pointsByDay = (series: OrderSeries) => series.points.map((point) => ({ ...point, day: formatDate(point.date, series.country) }));

/** Section 9: the analytics charts' 8 colours (the dashboard's donut rotates through the first 6); theme palettes only. */
export const CHART_COLORS = ['ember.7', 'blue.7', 'teal.8', 'grape.7', 'orange.8', 'cyan.8', 'indigo.7', 'lime.9'] as const;

/** A headline figure; `sample` adds the labelled decoration (sparkline and trend), which is not real history. */
export function KpiCard({ label, value, sample }: { label: string; value: string; sample?: { points: number[]; trend: number } }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text className={classes.value}>{value}</Text>
        {sample ? (
          <>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm" c={sample.trend >= 0 ? 'teal.9' : 'red.9'}>
                <span aria-hidden="true">{sample.trend >= 0 ? '↑' : '↓'}</span> {Math.abs(sample.trend)}%
                <VisuallyHidden>{sample.trend >= 0 ? ' up' : ' down'}</VisuallyHidden>
              </Text>
              <SampleBadge />
            </Group>
            {/* inert, not just aria-hidden: recharts makes its drawing focusable, and a hidden stop in the tab order helps no one. */}
            <div inert>
              <Sparkline data={sample.points} h={36} color="ember.6" fillOpacity={0.3} />
            </div>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function SampleBadge() {
  return (
    <Badge size="xs" variant="outline" color="gray.8">
      {SAMPLE_LABEL}
    </Badge>
  );
}

export type FigureRow = { label: string; values: (string | number)[] };

/** "1 city", "3 cities": a count with its noun. */
export const countOf = (value: number, one: string, many: string) => `${formatCount(value)} ${value === 1 ? one : many}`;

/** Count axes step in whole units: there is no quarter of a restaurant. */
export const WHOLE_NUMBER_AXIS = { allowDecimals: false } as const;

/**
 * Bars counting whole things (orders, restaurants, menu items) in one colour, on a whole-number
 * axis, without a tooltip: the figure's table beside the drawing gives every value.
 */
export function CountBars({
  data,
  dataKey,
  series,
  h = 260,
  xAxisProps,
}: {
  data: Record<string, unknown>[];
  dataKey: string;
  series: { name: string; label: string; color: string };
  h?: number;
  xAxisProps?: BarChartProps['xAxisProps'];
}) {
  return (
    <BarChart
      h={h}
      data={data}
      dataKey={dataKey}
      series={[series]}
      tickLine="y"
      yAxisProps={WHOLE_NUMBER_AXIS}
      withTooltip={false}
      {...(xAxisProps ? { xAxisProps } : {})}
    />
  );
}

export type LegendEntry = { name: string; value: number; color: string };

/** A donut's key: each slice's colour, name and count, in the order drawn (the drawing has no legend of its own). */
export function ChartLegend({ entries }: { entries: LegendEntry[] }) {
  return (
    <Group gap="md" justify="center" aria-hidden="true">
      {entries.map((entry) => (
        <Group key={entry.name} gap={6} wrap="nowrap">
          <span className={classes.swatch} style={{ background: `var(--mantine-color-${entry.color.replace('.', '-')})` }} />
          <Text size="sm">
            {entry.name} ({formatCount(entry.value)})
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * A chart with its text alternative: the figures in a table a screen reader reads (the drawing
 * itself is inert: hidden from it and out of the tab order, its shapes say nothing a table does not).
 */
export function ChartFigure({
  title,
  columns,
  rows,
  sample,
  emptyText,
  note,
  legend,
  children,
}: {
  title: string;
  columns: string[];
  rows: FigureRow[];
  sample?: boolean;
  emptyText?: string;
  /** What the figures count, under the title. */
  note?: string;
  /** A donut's key, shown under its drawing. */
  legend?: LegendEntry[];
  children: ReactNode;
}) {
  const empty = rows.length === 0 && emptyText !== undefined;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {sample ? <SampleBadge /> : null}
        </Group>
        {note ? (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        ) : null}
        {empty ? <Text>{emptyText}</Text> : <div inert>{children}</div>}
        {!empty && legend ? <ChartLegend entries={legend} /> : null}
        <VisuallyHidden hidden={empty}>
          <Table>
            <caption>{title}</caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th scope="row">{row.label}</Table.Th>
                  {row.values.map((value, index) => (
                    <Table.Td key={index}>{value}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}

/** Administrators see the chosen restaurant's figures (the header's picker), else the platform's; owners always their own. */
export function statsRestaurant(user: CurrentUser): number | null {
  return isAdmin(user) ? user.active_restaurant_id : null;
}
