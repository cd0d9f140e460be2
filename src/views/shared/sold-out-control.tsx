import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { Alert, Badge, Button, Group, Menu, Stack, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useId } from 'react';
import { soldOutNote } from '../../../contracts/shared/sold-out-words';
import { soldOutMachine } from '../../machines/shared/sold-out.machine';
import type { SoldOutTarget } from '../../services/shared/sold-out';
import { useRestaurantClock } from './restaurant-clock';

/**
 * A row's sold-out state and control (issue 45): "Sold out until 21:00" and "Back on sale" while it
 * is, else "Mark sold out" with "Until close", "Until tomorrow" and "Until a date and time…".
 * `onChanged` tells the list, which reloads the row.
 */
export function SoldOutControl({
  target,
  id,
  name,
  until,
  onChanged,
}: {
  target: SoldOutTarget;
  id: number;
  name: string;
  until: string | null | undefined;
  onChanged?: (until: string | null) => void;
}) {
  const [state, send, actor] = useMachine(soldOutMachine, { input: { target, id, until: until ?? null } });
  const fieldId = useId();
  const { context } = state;
  useEffect(() => send({ type: 'row.changed', until: until ?? null }), [send, until]);
  useEffect(() => {
    const subscription = actor.on('soldOut.changed', (event) => onChanged?.(event.until));
    return () => subscription.unsubscribe();
  }, [actor, onChanged]);
  const clock = useRestaurantClock();
  const note = soldOutNote(context.until, clock, new Date());
  const busy = state.hasTag('busy');

  return (
    <Stack gap={4} align="flex-end">
      {context.error ? (
        <Alert color="red" withCloseButton closeButtonLabel="Dismiss" onClose={() => send({ type: 'alert.dismiss' })} role="alert" p="xs">
          {context.error}
        </Alert>
      ) : null}
      {note ? (
        // On a phone the row's controls are narrow: the words wrap rather than being cut off.
        <Group gap={4} wrap="wrap" justify="flex-end">
          <Badge color="orange" variant="light" tt="none" h="auto" py={2} maw={170} styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}>
            {`Sold out ${note}`}
          </Badge>
          <Button size="xs" variant="subtle" loading={busy} onClick={() => send({ type: 'back' })} aria-label={`Back on sale: ${name}`}>
            Back on sale
          </Button>
        </Group>
      ) : state.hasTag('choosing') ? (
        <Group gap={4} align="flex-end" wrap="wrap" justify="flex-end">
          <TextInput
            id={fieldId}
            type="datetime-local"
            size="xs"
            label={`Sold out until (${name})`}
            description={`The restaurant\u2019s local time (${clock.zone})`}
            value={context.custom}
            error={context.fieldError}
            onChange={(event) => send({ type: 'custom.change', value: event.currentTarget.value })}
          />
          <Button size="xs" onClick={() => send({ type: 'custom.submit' })} disabled={context.custom === ''} aria-label={`Save sold out until: ${name}`}>
            Save
          </Button>
          <Button size="xs" variant="subtle" onClick={() => send({ type: 'custom.cancel' })}>
            Cancel
          </Button>
        </Group>
      ) : (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="light" color="orange" loading={busy} aria-label={`Mark sold out: ${name}`}>
              Mark sold out
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => send({ type: 'mark', until: 'close' })}>Until close</Menu.Item>
            <Menu.Item onClick={() => send({ type: 'mark', until: 'tomorrow' })}>Until tomorrow</Menu.Item>
            <Menu.Item onClick={() => send({ type: 'custom.open' })}>Until a date and time…</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Stack>
  );
}
