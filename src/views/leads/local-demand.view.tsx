import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Link, useRouter } from 'wouter';
import type { LocalDemand } from '../../../contracts/leads';
import { navigationBase } from '../../components/navigation-base';
import { usePageTitle } from '../../components/page-title';
import { localDemandMachine, type LocalDemandMachine } from '../../machines/leads/local-demand.machine';
import { restaurantLabel } from '../../machines/shared/restaurant-picker.machine';
import { MessagesTabs } from '../shared/messages-tabs';
import { isAdmin, useSession } from '../shared/session-context';
import classes from './local-demand.module.css';
import { LoadFailed } from '../../components/load-failed';
import { Spinner } from '../../components/spinner';
import { useRestaurantChanged } from '../shared/restaurant-changed';

export const LOCAL_DEMAND_TITLE = 'Local demand';

/** What is counted, in one sentence a restaurant owner understands. */
export const DEMAND_EXPLANATION =
  'People who asked on our landing page to be told when online ordering opens near them, counted for each zip code the restaurant serves. ' +
  'Every sign-up counts, whatever its state in the inbox; no one’s address is shown.';

const SOURCE_TEXT: Record<Exclude<LocalDemand['source'], 'none'>, string> = {
  delivery_zips: 'The zip codes are the ones the restaurant delivers to (onboarding, delivery step).',
  location_zip: 'The restaurant delivers by distance or has no delivery zip codes yet, so its own zip code is counted.',
};

/** Notify-me sign-ups around the session's restaurant (issue 13): owners see theirs, administrators the one they work on. */
export function LocalDemandView({ machine = localDemandMachine }: { machine?: LocalDemandMachine }) {
  usePageTitle(LOCAL_DEMAND_TITLE, 'Back office');
  const { user } = useSession();
  // The administrators' /admin base shows the leads tabs; an owner's /backoffice/messages has none.
  const adminBase = navigationBase(useRouter().base, user) === 'admin';
  const restaurantId = user.active_restaurant_id;
  const [state, send] = useMachine(machine, { input: { restaurantId } });
  // The session's restaurant is an input the machine follows (the header's picker changes it).
  useRestaurantChanged(send, restaurantId);
  const { demand, error } = state.context;
  const administrator = isAdmin(user);

  return (
    <Stack gap="lg" maw={1100} w="100%">
      <Title order={1} size="h2">
        {LOCAL_DEMAND_TITLE}
      </Title>
      {adminBase ? <MessagesTabs /> : null}
      <Text maw={720}>{DEMAND_EXPLANATION}</Text>
      {state.hasTag('noRestaurant') ? (
        <Text>
          {administrator
            ? 'Choose a restaurant in “Restaurant you work on” to see the demand around it.'
            : 'Your restaurant is not set up yet: its zip codes come from onboarding.'}
        </Text>
      ) : null}
      {state.hasTag('loading') ? (
        <Group justify="center" mih={160}>
          <Spinner label="Loading local demand" />
        </Group>
      ) : null}
      {state.hasTag('failed') ? <LoadFailed message={error} onRetry={() => send({ type: 'demand.retry' })} /> : null}
      {state.hasTag('loaded') && demand ? <DemandFigures demand={demand} administrator={administrator} /> : null}
    </Stack>
  );
}

function DemandFigures({ demand, administrator }: { demand: LocalDemand; administrator: boolean }) {
  const name = restaurantLabel({ id: demand.restaurant_id, name: demand.restaurant_name });
  return (
    <>
      {administrator ? (
        <Text>
          About <strong>{name}</strong>, the restaurant you work on.
        </Text>
      ) : null}
      {demand.source === 'none' ? (
        <Text>
          There are no zip codes to count yet. Add the zip codes you deliver to, or the restaurant’s address, in{' '}
          <Anchor component={Link} href={`~/onboard/${demand.restaurant_id}/delivery`}>
            the delivery step of onboarding
          </Anchor>
          .
        </Text>
      ) : (
        <>
          <div className={classes.figures}>
            <Figure label="Sign-ups in the last 30 days" value={demand.total_last_30_days} />
            <Figure label="Sign-ups in the last 90 days" value={demand.total_last_90_days} />
          </div>
          <Text size="sm" c="dimmed">
            {SOURCE_TEXT[demand.source]}
          </Text>
          <Table className={classes.table} verticalSpacing="xs" aria-label="Sign-ups per zip code">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Zip code</Table.Th>
                <Table.Th ta="right">Last 30 days</Table.Th>
                <Table.Th ta="right">Last 90 days</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {demand.zips.map((zip) => (
                <Table.Tr key={zip.zip_code}>
                  <Table.Td>{zip.zip_code}</Table.Td>
                  <Table.Td ta="right">{zip.last_30_days}</Table.Td>
                  <Table.Td ta="right">{zip.last_90_days}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className={classes.figure}>
      <Text size="sm">{label}</Text>
      <Text className={classes.number}>{value}</Text>
    </div>
  );
}
