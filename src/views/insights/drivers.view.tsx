import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import { Button, Group, Paper, Title } from '@mantine/core';
import type { GeneralStatsMachine } from '../../machines/insights/general-stats.machine';
import { GeneralStatsScreen, StaticList, type StatCard } from './general-stats-screen';
import { KpiCard, SampleBadge } from './insight-parts';
import classes from './insights.module.css';

const DRIVER_CARDS: StatCard[] = [
  { label: 'Active Restaurants', stat: 'restaurants' },
  { label: 'Available Cities', stat: 'cities' },
  { label: 'Menu Items', stat: 'menuItems' },
];

/** Section 7: hard-coded driver status counts. */
export const DRIVER_STATUS = [
  { label: 'Available', count: 12 },
  { label: 'On delivery', count: 8 },
  { label: 'Offline', count: 3 },
] as const;

/** Drivers (second document, section 7): overall stats; the rest is static until delivery management arrives. */
export function DriversView({ machine }: { machine?: GeneralStatsMachine }) {
  return (
    <GeneralStatsScreen title="Drivers" cards={DRIVER_CARDS} {...(machine ? { machine } : {})}>
      <div className={classes.charts}>
        <StaticList title="Operations" items={['Assign drivers to orders', 'Track deliveries on a map', 'Plan delivery zones and shifts']} />
        <StaticList title="Performance" items={['On-time delivery rate', 'Average delivery time', 'Customer ratings per driver']} />
      </div>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Driver status">
        {/* Section 7's hard-coded counts: marked as sample data, like every other figure that is not real. */}
        <Group justify="space-between" gap="xs" mb="xs">
          <Title order={2} size="h4">
            Driver status
          </Title>
          <SampleBadge />
        </Group>
        <div className={classes.kpis}>
          {DRIVER_STATUS.map((status) => (
            <KpiCard key={status.label} label={status.label} value={String(status.count)} />
          ))}
        </div>
      </Paper>
      <Group gap="sm">
        {/* Section 7: these buttons have no behaviour yet; disabled so no one waits for something to happen. */}
        <Button variant="default" disabled>
          Assign New Driver
        </Button>
        <Button variant="default" disabled>
          View Active Deliveries
        </Button>
        <Button variant="default" disabled>
          Driver Analytics
        </Button>
      </Group>
    </GeneralStatsScreen>
  );
}
