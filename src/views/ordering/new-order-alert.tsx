import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { selectRinging, type OrderBoardActor } from '../../machines/ordering/order-board.machine';

export const NEW_ORDERS_WAITING = 'New orders are waiting. The sound repeats until you accept them or acknowledge this.';
export const ACKNOWLEDGE = 'Acknowledge';

/**
 * While a new order rings (issue 45), the board says so and offers to stop the tone without
 * accepting: a kitchen that has seen the order may still need a minute before it decides.
 */
export function NewOrderAlert({ actor }: { actor: OrderBoardActor }) {
  const ringing = useSelector(actor, selectRinging);
  if (!ringing) return null;
  return (
    <Alert color="ember" variant="light" title="New orders">
      <Group justify="space-between" gap="sm">
        <Text inherit>{NEW_ORDERS_WAITING}</Text>
        <Button size="xs" onClick={() => actor.send({ type: 'alert.acknowledge' })}>
          {ACKNOWLEDGE}
        </Button>
      </Group>
    </Alert>
  );
}
