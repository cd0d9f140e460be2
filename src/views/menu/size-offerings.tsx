import { Button, Group, Modal, NumberInput, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { MEASUREMENTS } from '../../../contracts/menu';
import type { CategoryEditorEvent, SizeRemoval } from '../../machines/menu/category-editor.context';
import { numberOrNullFromInput, type SizeRow } from '../../machines/menu/category-editor.rows';
import { RowStatusMark } from './row-status';

/** What removing the size takes with it, in words. */
export function removalWarning(prices: number | null): string {
  if (prices === null) return 'Menu item prices for this size will be deleted with it. This cannot be undone.';
  const what = prices === 1 ? '1 menu item has a price' : `${prices} menu items have prices`;
  return `${what} for this size. Removing the size deletes ${prices === 1 ? 'that price' : 'those prices'}. This cannot be undone.`;
}

/** Asks before a size that menu items price is removed; Cancel has the focus, so Enter never deletes by accident. */
function ConfirmSizeRemoval({ removal, send }: { removal: SizeRemoval | null; send: (event: CategoryEditorEvent) => void }) {
  return (
    <Modal
      opened={removal !== null}
      onClose={() => send({ type: 'removal.cancel' })}
      title={`Remove size ${removal?.name.trim() || 'Untitled'}?`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{removalWarning(removal?.prices ?? null)}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" data-autofocus onClick={() => send({ type: 'removal.cancel' })}>
            Cancel
          </Button>
          <Button color="red" onClick={() => send({ type: 'removal.confirm' })}>
            Remove size
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The size offerings table (shown when the category is priced by size). `removal` is the size
 * waiting for the person's confirmation; `checking` the one whose prices are being counted.
 */
export function SizeOfferings({
  rows,
  send,
  errors = {},
  removal = null,
  checking = null,
}: {
  rows: SizeRow[];
  send: (event: CategoryEditorEvent) => void;
  /** Refused rows' sentences, by row key. */
  errors?: Record<string, string>;
  removal?: SizeRemoval | null;
  checking?: string | null;
}) {
  const visible = rows.filter((row) => row.status !== 'deleting');
  return (
    <Stack gap="sm">
      <Text fw={700}>Size offerings</Text>
      {visible.length === 0 ? (
        <Text size="sm" c="dimmed">
          No sizes yet.
        </Text>
      ) : (
        // On a phone the table scrolls sideways inside its own region, which Tab can reach and name.
        <Table.ScrollContainer minWidth={600} type="native" tabIndex={0} role="region" aria-label="Size offerings table">
          <Table verticalSpacing="xs" aria-label="Size offerings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={170}>Name</Table.Th>
                <Table.Th w={110}>Units</Table.Th>
                <Table.Th w={160}>Measurement</Table.Th>
                <Table.Th w={140}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((row, index) => (
                <Table.Tr key={row.key}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Size ${index + 1} name`}
                      value={row.name}
                      error={errors[row.key]}
                      onChange={(event) => send({ type: 'row.change', key: row.key, patch: { name: event.currentTarget.value } })}
                      onBlur={() => send({ type: 'row.save', key: row.key })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Size ${index + 1} units`}
                      value={row.units ?? ''}
                      min={0}
                      decimalScale={2}
                      hideControls
                      onChange={(value) => send({ type: 'row.change', key: row.key, patch: { units: numberOrNullFromInput(value) } })}
                      onBlur={() => send({ type: 'row.save', key: row.key })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Size ${index + 1} measurement`}
                      data={[...MEASUREMENTS]}
                      value={row.measurement}
                      placeholder="None"
                      clearable
                      onChange={(value) => {
                        send({ type: 'row.change', key: row.key, patch: { measurement: (value as SizeRow['measurement']) ?? null } });
                        send({ type: 'row.save', key: row.key });
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <RowStatusMark status={row.status} />
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove size ${row.name.trim() || 'Untitled'}`}
                      loading={checking === row.key}
                      onClick={() => send({ type: 'size.remove', key: row.key })}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Button variant="light" size="sm" w="fit-content" onClick={() => send({ type: 'size.add' })}>
        Add size
      </Button>
      <ConfirmSizeRemoval removal={removal} send={send} />
    </Stack>
  );
}
