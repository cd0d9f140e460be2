import { Button, Loader, Text } from '@mantine/core';
import type { ChipStatus, RowStatus } from '../../machines/menu/category-editor.rows';

/** A row's save state in words, for sighted people and screen readers alike. */
export function RowStatusMark({ status }: { status: RowStatus | ChipStatus }) {
  if (status === 'saving' || status === 'deleting') {
    return (
      <Text component="span" size="xs" c="dimmed" role="status" style={{ display: 'inline-flex', gap: 4, alignItems: 'center', whiteSpace: 'nowrap' }}>
        <Loader size={10} color="gray" /> Saving…
      </Text>
    );
  }
  if (status === 'confirmed') {
    return (
      <Text component="span" size="xs" c="teal.8" style={{ whiteSpace: 'nowrap' }}>
        Saved
      </Text>
    );
  }
  return null;
}

/**
 * The end of an editor's row: its save state, then the button that takes the row away. `label`
 * names the row for a screen reader ("Delete group Sauces"); `children` is the word shown.
 */
export function RowRemoval({
  status,
  label,
  loading = false,
  onRemove,
  children,
}: {
  status: RowStatus | ChipStatus;
  label: string;
  loading?: boolean;
  onRemove: () => void;
  children: string;
}) {
  return (
    <>
      <RowStatusMark status={status} />
      <Button variant="subtle" color="red" size="xs" aria-label={label} loading={loading} onClick={onRemove}>
        {children}
      </Button>
    </>
  );
}
