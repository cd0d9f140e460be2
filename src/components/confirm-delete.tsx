import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/**
 * Spec section 5: deleting asks for confirmation. Renders the trigger; the question opens in a
 * modal whose Delete does the work. Cancel takes the first focus, so Enter never deletes by
 * accident; Escape closes, and the focus goes back to the trigger (Mantine's returnFocus).
 */
export function ConfirmDelete(props: {
  what: string;
  onConfirm: () => void;
  label?: string;
  disabled?: boolean;
  size?: 'xs' | 'sm';
  /** What the delete does beyond this row (a platform library row: every restaurant loses it). */
  note?: string | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={props.size ?? 'xs'}
        variant="subtle"
        color="red"
        disabled={props.disabled}
        aria-label={props.label ?? `Delete ${props.what}`}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        Delete
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Delete ${props.what}?`} closeButtonProps={{ 'aria-label': 'Close' }} centered>
        <Stack gap="md">
          {props.note ? <Text size="sm">{props.note}</Text> : null}
          <Text size="sm">This cannot be undone.</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" data-autofocus onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                setOpen(false);
                props.onConfirm();
              }}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
