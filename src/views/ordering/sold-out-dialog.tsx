import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { soldOutDialogMachine } from '../../machines/ordering/sold-out-dialog.machine';
import { LoadFailed } from '../../components/load-failed';
import { Spinner } from '../../components/spinner';
import { SoldOutControl } from '../shared/sold-out-control';

/**
 * The board's "Sold out" button and dialog (issue 45): the restaurant's dishes, a search box to
 * find one quickly, and each dish's sold-out control, so a kitchen 86es a dish without leaving
 * the board.
 */
export function SoldOutButton({ restaurantId, machine = soldOutDialogMachine }: { restaurantId: number; machine?: typeof soldOutDialogMachine }) {
  const [state, send] = useMachine(machine, { input: { restaurantId } });
  const { context } = state;
  return (
    <>
      <Button variant="light" color="orange" size="sm" onClick={() => send({ type: 'dialog.open' })}>
        Sold out
      </Button>
      <Modal
        opened={!state.hasTag('closed')}
        onClose={() => send({ type: 'dialog.close' })}
        title="Sold out"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="sm">
          <TextInput
            label="Find a dish"
            type="search"
            value={context.search}
            data-autofocus
            onChange={(event) => send({ type: 'search.change', value: event.currentTarget.value })}
          />
          {state.hasTag('loading') && context.items.length === 0 ? <Spinner label="Loading the menu" /> : null}
          {state.hasTag('failed') ? <LoadFailed message={context.error} onRetry={() => send({ type: 'list.reload' })} /> : null}
          {state.hasTag('ready') && context.items.length === 0 ? <Text size="sm">No dish matches.</Text> : null}
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Dishes">
            {context.items.map((item) => (
              <Group key={item.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600}>{item.name}</Text>
                <SoldOutControl target="item" id={item.id} name={item.name} until={item.sold_out_until} />
              </Group>
            ))}
          </Stack>
        </Stack>
      </Modal>
    </>
  );
}
