import '@mantine/charts/styles.css';
// The chart's legend draws each series' colour with a ColorSwatch, whose styles are imported one by one like the rest.
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { AreaChart } from '@mantine/charts';
import { Button, Group, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import type { MoneyStats, MoneyTotals } from '../../../contracts/ordering/money-stats';
import { formatDate } from '../../../contracts/shared/clock-format';
import { LoadFailed } from '../../components/load-failed';
import { usePageTitle } from '../../components/page-title';
import { saveFile } from '../../components/save-file';
import { Spinner } from '../../components/spinner';
import { moneyMachine, type MoneyMachine, type MoneyPeriod } from '../../machines/ordering/money.machine';
import { formatMoney } from '../shared/money-format';
import { isAdmin, useSession } from '../shared/session-context';
import { useScreen } from '../shared/use-screen';
import classes from './money.module.css';
import { DownloadFailed } from '../../components/download-failed';

export const MONEY_TITLE = 'Money';
const CSV_FALLBACK_NAME = 'money.csv';

const PERIODS: { value: MoneyPeriod; label: string }[] = [
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'custom', label: 'Custom' },
];

/** The table's money columns, in the answer's order: card and in person split the takings, refunds come off them to give net. */
const COLUMNS = [
  { figure: 'gross_sales', label: 'Gross sales' },
  { figure: 'discounts', label: 'Discounts' },
  { figure: 'tax', label: 'Tax' },
  { figure: 'tips', label: 'Tips' },
  { figure: 'delivery_fees', label: 'Delivery fees' },
  { figure: 'card', label: 'Card' },
  { figure: 'in_person', label: 'In person' },
  { figure: 'refunds', label: 'Refunds' },
  { figure: 'net', label: 'Net' },
] as const satisfies { figure: keyof MoneyTotals; label: string }[];

/**
 * The Money screen (issue 43): what each day of a range brought in, for the restaurant an owner
 * runs or the one an administrator chose in the header. Keyed by the restaurant, so a new choice
 * starts afresh.
 */
export function MoneyView({ machine = moneyMachine }: { machine?: MoneyMachine }) {
  usePageTitle(MONEY_TITLE, 'Back office');
  const { user } = useSession();
  return (
    <Stack gap="lg" maw={1200} w="100%">
      <Title order={1} size="h2">
        {MONEY_TITLE}
      </Title>
      <Money key={user.active_restaurant_id ?? 'none'} machine={machine} restaurantId={user.active_restaurant_id} admin={isAdmin(user)} />
    </Stack>
  );
}

function Money({ machine, restaurantId, admin }: { machine: MoneyMachine; restaurantId: number | null; admin: boolean }) {
  const [state, send, actor] = useMachine(machine, { input: { restaurantId } });
  useScreen(actor, { 'screen.saveFile': ({ file }) => saveFile(file, CSV_FALLBACK_NAME) });
  const { context } = state;
  if (state.hasTag('noRestaurant')) {
    return (
      <Text>
        {admin
          ? 'Choose a restaurant in “Restaurant you work on” to see its money.'
          : 'Your restaurant is not set up yet: its money shows once it takes orders.'}
      </Text>
    );
  }
  const { figures } = context;
  return (
    <Stack gap="md">
      <Group gap="md" align="end" wrap="wrap">
        <div>
          <Text size="sm" fw={500} id="money-period">
            Range
          </Text>
          <SegmentedControl
            aria-labelledby="money-period"
            value={context.period}
            data={PERIODS}
            onChange={(value) => send({ type: 'period.choose', period: value as MoneyPeriod })}
          />
        </div>
        <TextInput
          label="From"
          type="date"
          value={context.draft.from}
          error={context.errors.from}
          onChange={(event) => send({ type: 'range.change', field: 'from', value: event.currentTarget.value })}
        />
        <TextInput
          label="To"
          type="date"
          value={context.draft.to}
          error={context.errors.to}
          onChange={(event) => send({ type: 'range.change', field: 'to', value: event.currentTarget.value })}
        />
        <Button variant="default" loading={state.hasTag('downloading')} disabled={figures === null} onClick={() => send({ type: 'csv.download' })}>
          Download CSV
        </Button>
      </Group>
      <DownloadFailed message={context.downloadError} />
      {state.hasTag('failed') ? <LoadFailed message={context.loadError} onRetry={() => send({ type: 'load.retry' })} /> : null}
      {figures === null && state.hasTag('loading') ? <Spinner label="Loading the money" /> : null}
      {figures === null ? null : <MoneyFigures figures={figures} busy={state.hasTag('loading')} />}
    </Stack>
  );
}

function MoneyFigures({ figures, busy }: { figures: MoneyStats; busy: boolean }) {
  const money = (amount: number) => formatMoney(amount, figures.currency);
  const day = (date: string) => formatDate(date, figures.country);
  const points = figures.days.map((entry) => ({ day: day(entry.date), gross_sales: entry.gross_sales, net: entry.net }));
  return (
    <Stack gap="md" aria-busy={busy}>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Gross sales and net per day">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Gross sales and net per day
          </Title>
          {/* The table below gives every value: the drawing is for the eye only. */}
          <div inert>
            <AreaChart
              h={240}
              data={points}
              dataKey="day"
              series={[
                { name: 'gross_sales', label: 'Gross sales', color: 'blue.7' },
                { name: 'net', label: 'Net', color: 'ember.7' },
              ]}
              curveType="linear"
              withDots={false}
              withTooltip={false}
              withLegend
              valueFormatter={money}
            />
          </div>
        </Stack>
      </Paper>
      <Text size="sm" c="dimmed">
        Days in {figures.time_zone}. Cancelled orders are left out; refunds count on the day they were given.
      </Text>
      <div className={classes.scroller} role="region" aria-label="Money per day" tabIndex={0}>
        <Table striped highlightOnHover className={classes.table}>
          <caption className={classes.caption}>Money per day ({figures.currency})</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col" className={classes.number}>
                Orders
              </Table.Th>
              {COLUMNS.map(({ figure, label }) => (
                <Table.Th key={figure} scope="col" className={classes.number}>
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {figures.days.map((entry) => (
              <FigureRow key={entry.date} label={day(entry.date)} figures={entry} money={money} />
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <FigureRow label="Total" figures={figures.totals} money={money} strong />
          </Table.Tfoot>
        </Table>
      </div>
    </Stack>
  );
}

function FigureRow({ label, figures, money, strong }: { label: string; figures: MoneyTotals; money: (amount: number) => string; strong?: boolean }) {
  return (
    <Table.Tr className={strong ? classes.total : undefined}>
      <Table.Th scope="row" className={classes.date}>
        {label}
      </Table.Th>
      <Table.Td className={classes.number}>{figures.orders}</Table.Td>
      {COLUMNS.map(({ figure }) => (
        <Table.Td key={figure} className={classes.number}>
          {money(figures[figure])}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}
