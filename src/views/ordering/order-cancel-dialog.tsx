import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { FormEvent } from 'react';
import { CANCEL_REASON_MAX } from '../../../contracts/ordering/order-lifecycle';
import type { CancelForm, OrderBoardEvent } from '../../machines/ordering/order-board.machine';

/**
 * Cancelling asks why (issue 30: the reason is required; the customer's mail and tracking page
 * say it). The reason lives in the machine, which refuses an empty one with a sentence tied to
 * the field. Closing without cancelling gives the focus back to the card's Cancel button
 * (Mantine's returnFocus).
 */
export function OrderCancelDialog({
  form,
  orderNumber,
  send,
}: {
  form: CancelForm | null;
  orderNumber: number | null;
  send: (event: OrderBoardEvent) => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'cancel.confirm' });
  };
  return (
    <Modal
      opened={form !== null}
      onClose={() => send({ type: 'cancel.close' })}
      title={`Cancel order #${orderNumber ?? ''}?`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">The customer is told that the order is cancelled, and why.</Text>
          <Textarea
            data-autofocus
            label="Reason"
            required
            maxLength={CANCEL_REASON_MAX}
            rows={3}
            value={form?.reason ?? ''}
            error={form?.error ?? undefined}
            onChange={(event) => send({ type: 'cancel.reason', reason: event.currentTarget.value })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => send({ type: 'cancel.close' })}>
              Keep the order
            </Button>
            <Button type="submit" color="red">
              Cancel order
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
