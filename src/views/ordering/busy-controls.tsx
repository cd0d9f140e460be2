import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Alert, Button, Group, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMachine, useSelector } from '@xstate/react';
import { useState } from 'react';
import { BUSY_MINUTES, busyLine, PAUSE_MINUTES, pauseBanner, pauseChoiceLabel } from '../../../contracts/ordering/kitchen-pause';
import { LoadFailed } from '../../components/load-failed';
import {
  kitchenPaceMachine,
  selectError,
  selectPace,
  selectSending,
  type KitchenPaceActor,
  type KitchenPaceMachine,
} from '../../machines/ordering/kitchen-pace.machine';
import { useScreen } from '../shared/use-screen';

export const PAUSE_NEW_ORDERS = 'Pause new orders';
export const REOPEN_NOW = 'Reopen now';
export const NORMAL_PREP = 'Back to normal prep times';
export const addPrepLabel = (minutes: number) => `Add ${minutes} minutes to prep`;

/**
 * Busy mode on the order board (issue 45): pause new orders for a while or until reopened, with
 * a banner while paused, and add minutes to every prep time. Its own machine beside the board's;
 * the board keys the whole screen by restaurant, so a new choice starts this over too.
 */
export function BusyControls({ restaurantId, machine = kitchenPaceMachine }: { restaurantId: number | null; machine?: KitchenPaceMachine }) {
  const [snapshot, send, actor] = useMachine(machine, { input: { restaurantId } });
  const [announcement, setAnnouncement] = useState('');
  useScreen(actor, { 'screen.announce': ({ message }) => setAnnouncement(message) });
  return (
    <section aria-label="Busy mode">
      {/* A live region of its own, not a second role=status beside the board's announcements. */}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      {snapshot.hasTag('failed') ? <LoadFailed message={snapshot.context.error ?? ''} onRetry={() => send({ type: 'pace.retry' })} /> : null}
      {snapshot.hasTag('ready') ? <PaceControls actor={actor} /> : null}
    </section>
  );
}

function PaceControls({ actor }: { actor: KitchenPaceActor }) {
  const pace = useSelector(actor, selectPace);
  const error = useSelector(actor, selectError);
  const sending = useSelector(actor, selectSending);
  if (!pace) return null;
  const banner = pauseBanner(pace);
  const busy = busyLine(pace);
  const working = sending !== null;
  return (
    <Stack gap="xs">
      {banner ? (
        <Alert color="red" variant="filled" title={banner}>
          <Button
            size="xs"
            variant="white"
            color="red"
            loading={sending?.kind === 'resume'}
            disabled={working}
            onClick={() => actor.send({ type: 'pause.resume' })}
          >
            {REOPEN_NOW}
          </Button>
        </Alert>
      ) : null}
      <Group gap="xs">
        <Menu position="bottom-start" disabled={working}>
          <Menu.Target>
            <Button variant="default" size="sm" loading={sending?.kind === 'pause'}>
              {PAUSE_NEW_ORDERS}
            </Button>
          </Menu.Target>
          <Menu.Dropdown aria-label={PAUSE_NEW_ORDERS}>
            {[...PAUSE_MINUTES, null].map((minutes) => (
              <Menu.Item key={String(minutes)} onClick={() => actor.send({ type: 'pause.choose', minutes })}>
                {pauseChoiceLabel(minutes)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {BUSY_MINUTES.map((minutes) => (
          <Button
            key={minutes}
            size="sm"
            variant={pace.busy_extra_minutes === minutes ? 'filled' : 'default'}
            aria-pressed={pace.busy_extra_minutes === minutes}
            loading={sending?.kind === 'busy' && sending.minutes === minutes}
            disabled={working}
            onClick={() => actor.send({ type: 'busy.choose', minutes })}
          >
            {addPrepLabel(minutes)}
          </Button>
        ))}
      </Group>
      {busy ? (
        <Group gap="xs">
          <Text size="sm">{busy}</Text>
          <Button size="compact-sm" variant="subtle" disabled={working} onClick={() => actor.send({ type: 'busy.choose', minutes: 0 })}>
            {NORMAL_PREP}
          </Button>
        </Group>
      ) : null}
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
