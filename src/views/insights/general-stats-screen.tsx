import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Group, List, Paper, Stack, Title } from '@mantine/core';
import { useMachine, useSelector } from '@xstate/react';
import { type ReactNode } from 'react';
import type { GeneralStats } from '../../../contracts/insights';
import { usePageTitle } from '../../components/page-title';
import { generalStatsMachine, type GeneralStatsMachine } from '../../machines/insights/general-stats.machine';
import { useSession } from '../shared/session-context';
import { KpiCard, formatCount, statsRestaurant } from './insight-parts';
import classes from './insights.module.css';
import { Spinner } from '../../components/spinner';
import { useRestaurantChanged } from '../shared/restaurant-changed';

export type StatCard = { label: string; stat: keyof GeneralStats };

/**
 * The frame Drivers and Customers share: their stat cards from /stats/general/ (zeros when the
 * call fails, section 8), their static parts, and the 'Coming Soon' note.
 */
export function GeneralStatsScreen({
  title,
  cards,
  machine = generalStatsMachine,
  comingSoon = 'This screen is being built; the lists above show what it will offer.',
  children,
}: {
  title: string;
  cards: StatCard[];
  machine?: GeneralStatsMachine;
  /** What the 'Coming Soon' note says is still to come. */
  comingSoon?: string;
  children: ReactNode;
}) {
  usePageTitle(title, 'Back office');
  const restaurantId = statsRestaurant(useSession().user);
  const [, send, actor] = useMachine(machine, { input: { restaurantId } });
  useRestaurantChanged(send, restaurantId);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  // Zeros until the figures come, and after a failure (section 8).
  const stats = useSelector(actor, (snapshot) => snapshot.context.figures);

  return (
    <Stack gap="lg" maw={1100} w="100%">
      <Title order={1} size="h2">
        {title}
      </Title>
      {loading ? (
        <Group justify="center" mih={100}>
          <Spinner label={`Loading ${title.toLowerCase()} figures`} />
        </Group>
      ) : (
        <div className={classes.kpis}>
          {cards.map((card) => (
            <KpiCard key={card.stat} label={card.label} value={formatCount(stats[card.stat])} />
          ))}
        </div>
      )}
      {children}
      <Alert color="blue" variant="light" radius="md" title="Coming Soon">
        {comingSoon}
      </Alert>
    </Stack>
  );
}

/** A titled card holding one of the screens' static lists. */
export function StaticList({ title, items }: { title: string; items: string[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <List spacing={4}>
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </Paper>
  );
}
