import './menu-styles';
import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FieldsToFix } from '../../components/form-errors';

// The frame, the spinner and the delete confirmation are the back office's own (components/),
// named here as the menu screens have always called them.
export { ScreenFrame as MenuPage, ScreenLoading as Loading } from '../../components/screen-frame';
/** Spec section 5: deleting asks for confirmation. */
export { ConfirmDelete } from '../../components/confirm-delete';

/** An alert the person can dismiss (spec section 8's texts go here), then the fields to fix, if any. */
export function MenuAlert({ children, onClose, fields = [] }: { children: ReactNode; onClose?: () => void; fields?: readonly string[] }) {
  return (
    <Alert role="alert" color="red" variant="light" radius="md" withCloseButton={Boolean(onClose)} onClose={onClose} closeButtonLabel="Dismiss">
      {children}
      <FieldsToFix labels={fields} />
    </Alert>
  );
}

/** An empty list's one line, centred in a dashed box. */
export function EmptyList({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" gap="sm" p="xl" style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 12 }}>
      <Text c="dimmed">{children}</Text>
      {action}
    </Stack>
  );
}
