import { Button, NumberInput, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { MEASUREMENTS } from '../../../contracts/menu';
import type { CategoryEditorEvent } from '../../machines/category-editor.machine';
import { unitsFromInput, type SizeRow } from '../../machines/category-editor.rows';
import { RowStatusMark } from './row-status';

/** The size offerings table (shown when the category is priced by size). */
export function SizeOfferings({ rows, send }: { rows: SizeRow[]; send: (event: CategoryEditorEvent) => void }) {
  const visible = rows.filter((row) => row.status !== 'deleting');
  return (
    <Stack gap="sm">
      <Text fw={700}>Size offerings</Text>
      {visible.length === 0 ? <Text size="sm" c="dimmed">No sizes yet.</Text> : (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="xs" aria-label="Size offerings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={170}>Name</Table.Th>
                <Table.Th w={110}>Units</Table.Th>
                <Table.Th w={160}>Measurement</Table.Th>
                <Table.Th w={140}><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((row, index) => (
                <Table.Tr key={row.key}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Size ${index + 1} name`}
                      value={row.name}
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
                      onChange={(value) => send({ type: 'row.change', key: row.key, patch: { units: unitsFromInput(value) } })}
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
                    <Button size="xs" variant="subtle" color="red" aria-label={`Remove size ${row.name}`} onClick={() => send({ type: 'row.remove', key: row.key })}>
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
    </Stack>
  );
}
