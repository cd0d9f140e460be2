import { Button, Group, Modal, NumberInput, Paper, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useNarrowerThan } from '../../components/narrow-screen';
import { MEASUREMENTS } from '../../../contracts/menu';
import type { CategoryEditorEvent, SizeRemoval } from '../../machines/menu/category-editor.context';
import { numberOrNullFromInput, type SizeRow } from '../../machines/menu/category-editor.rows';
import { RowRemoval } from './row-status';

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

type SizeOfferingsProps = {
  rows: SizeRow[];
  send: (event: CategoryEditorEvent) => void;
  /** Refused rows' sentences, by row key. */
  errors?: Record<string, string>;
  removal?: SizeRemoval | null;
  checking?: string | null;
};

/**
 * One size's controls, for the table or a card. In the table the column headers name them for
 * the eye; a card has no headers, so there each control shows a label of its own. The accessible
 * names ("Size 1 units") are the same in both.
 */
function sizeControls(row: SizeRow, index: number, { send, errors = {}, checking = null }: SizeOfferingsProps, labelled: boolean) {
  const label = (text: string) => (labelled ? text : undefined);
  const save = () => send({ type: 'row.save', key: row.key });
  return {
    name: (
      <TextInput
        label={label('Name')}
        aria-label={`Size ${index + 1} name`}
        value={row.name}
        error={errors[row.key]}
        onChange={(event) => send({ type: 'row.change', key: row.key, patch: { name: event.currentTarget.value } })}
        onBlur={save}
      />
    ),
    units: (
      <NumberInput
        label={label('Units')}
        aria-label={`Size ${index + 1} units`}
        value={row.units ?? ''}
        min={0}
        decimalScale={2}
        hideControls
        onChange={(value) => send({ type: 'row.change', key: row.key, patch: { units: numberOrNullFromInput(value) } })}
        onBlur={save}
      />
    ),
    measurement: (
      <Select
        label={label('Measurement')}
        aria-label={`Size ${index + 1} measurement`}
        data={[...MEASUREMENTS]}
        value={row.measurement}
        placeholder="None"
        clearable
        onChange={(value) => {
          send({ type: 'row.change', key: row.key, patch: { measurement: (value as SizeRow['measurement']) ?? null } });
          save();
        }}
      />
    ),
    remove: (
      <RowRemoval
        status={row.status}
        label={`Remove size ${row.name.trim() || 'Untitled'}`}
        loading={checking === row.key}
        onRemove={() => send({ type: 'size.remove', key: row.key })}
      >
        Remove
      </RowRemoval>
    ),
  };
}

function SizeTable(props: SizeOfferingsProps & { visible: SizeRow[] }) {
  return (
    // Wide enough for every column from the `md` breakpoint up; only a zoomed page may still need
    // to scroll it sideways, inside its own region, which Tab can reach and name.
    <Table.ScrollContainer minWidth={600} type="native" tabIndex={0} role="region" aria-label="Size offerings table">
      <Table verticalSpacing="xs" aria-label="Size offerings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={170}>Name</Table.Th>
            <Table.Th w={110}>Units</Table.Th>
            {/* Room for "Centimeters" beside the select's clear button and chevron. */}
            <Table.Th w={200}>Measurement</Table.Th>
            <Table.Th w={140}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.visible.map((row, index) => {
            const controls = sizeControls(row, index, props, false);
            return (
              <Table.Tr key={row.key}>
                <Table.Td>{controls.name}</Table.Td>
                <Table.Td>{controls.units}</Table.Td>
                <Table.Td>{controls.measurement}</Table.Td>
                <Table.Td>{controls.remove}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A card's fields side by side where the card has room for each at 11rem (enough for "Centimeters"
 * beside the select's buttons), else one under another: measured on the card, not the window,
 * since the sidebar takes its share above `sm`.
 */
const CARD_FIELDS = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))', gap: 'var(--mantine-spacing-xs)' };

/** Narrow screens: one card per size, as the messages inbox does on phones. */
function SizeCards(props: SizeOfferingsProps & { visible: SizeRow[] }) {
  return (
    <Stack component="ul" gap="sm" aria-label="Size offerings" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {props.visible.map((row, index) => {
        const controls = sizeControls(row, index, props, true);
        return (
          <Paper component="li" key={row.key} withBorder radius="md" p="sm">
            <Stack gap="xs">
              <div style={CARD_FIELDS}>
                {controls.name}
                {controls.units}
                {controls.measurement}
              </div>
              <Group gap="xs">{controls.remove}</Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * The size offerings (shown when the category is priced by size): a table, or below the `md`
 * breakpoint (where the table no longer fits beside the sidebar, and on phones) one card per size,
 * so Measurement and Remove never hide behind a sideways scroll (issue 27). `removal` is the size
 * waiting for the person's confirmation; `checking` the one whose prices are being counted.
 */
export function SizeOfferings(props: SizeOfferingsProps) {
  const { rows, send, removal = null } = props;
  const narrow = useNarrowerThan('md');
  const visible = rows.filter((row) => row.status !== 'deleting');
  return (
    <Stack gap="sm">
      <Text fw={700}>Size offerings</Text>
      {visible.length === 0 ? (
        <Text size="sm" c="dimmed">
          No sizes yet.
        </Text>
      ) : narrow ? (
        <SizeCards {...props} visible={visible} />
      ) : (
        <SizeTable {...props} visible={visible} />
      )}
      <Button variant="light" size="sm" w="fit-content" onClick={() => send({ type: 'size.add' })}>
        Add size
      </Button>
      <ConfirmSizeRemoval removal={removal} send={send} />
    </Stack>
  );
}
