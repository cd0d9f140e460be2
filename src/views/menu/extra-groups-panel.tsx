import { SoldOutControl } from '../shared/sold-out-control';
import { Accordion, Button, Card, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { priceFromInput, type GroupRow, type RowPatch, type SelectionRow } from '../../machines/menu/category-editor.rows';
import { PriceInput } from './price-input';
import { RowRemoval } from './row-status';

/** What the panel asks of its machine (the category editor's, or the extra options manager's). */
export type GroupPanelEvent =
  | { type: 'group.add' }
  | { type: 'selection.add'; groupKey: string }
  | { type: 'row.change'; key: string; patch: RowPatch }
  | { type: 'row.save'; key: string }
  | { type: 'row.remove'; key: string };
type Send = (event: GroupPanelEvent) => void;

/** A group's switches: each change is a change and a save at once. */
function GroupFlags({ group, send }: { group: GroupRow; send: Send }) {
  const flag = (field: 'required' | 'allow_multiple' | 'add_images_to_selections', label: string) => (
    <Checkbox
      label={label}
      // Each group has the same three boxes: the name says which group's this one is.
      aria-label={`${label}: ${group.name.trim() || 'Untitled group'}`}
      checked={group[field]}
      onChange={(event) => {
        send({ type: 'row.change', key: group.key, patch: { [field]: event.currentTarget.checked } });
        send({ type: 'row.save', key: group.key });
      }}
    />
  );
  return (
    <Group gap="md">
      {flag('required', 'Required')}
      {flag('allow_multiple', 'Multiple')}
      {flag('add_images_to_selections', 'Images on selections')}
    </Group>
  );
}

/**
 * Refused inputs' sentences: by row key for a name, `key.price` / `key.image_url` for the
 * other inputs (the extra options screen marks every field its Save refused).
 */
type RowErrors = Record<string, string>;
const rowInError = (errors: RowErrors, key: string) => Object.keys(errors).some((field) => field === key || field.startsWith(`${key}.`));

function SelectionLine({ selection, group, send, errors }: { selection: SelectionRow; group: GroupRow; send: Send; errors: RowErrors }) {
  const save = () => send({ type: 'row.save', key: selection.key });
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        label="Selection"
        style={{ flex: '2 1 140px' }}
        value={selection.name}
        error={errors[selection.key]}
        onChange={(event) => send({ type: 'row.change', key: selection.key, patch: { name: event.currentTarget.value } })}
        onBlur={save}
      />
      <PriceInput
        label="Price"
        style={{ flex: '1 1 90px' }}
        value={selection.price}
        error={errors[`${selection.key}.price`]}
        onChange={(value) => send({ type: 'row.change', key: selection.key, patch: { price: priceFromInput(value) } })}
        onBlur={save}
      />
      {group.add_images_to_selections ? (
        <TextInput
          label="Image URL"
          style={{ flex: '2 1 160px' }}
          value={selection.image_url ?? ''}
          error={errors[`${selection.key}.image_url`]}
          onChange={(event) =>
            send({ type: 'row.change', key: selection.key, patch: { image_url: event.currentTarget.value.trim() === '' ? null : event.currentTarget.value } })
          }
          onBlur={save}
        />
      ) : null}
      <Group gap={4} wrap="nowrap">
        {selection.id !== null ? (
          <SoldOutControl target="selection" id={selection.id} name={selection.name.trim() || 'Untitled'} until={selection.sold_out_until} />
        ) : null}
        <RowRemoval
          status={selection.status}
          label={`Delete selection ${selection.name.trim() || 'Untitled'}`}
          onRemove={() => send({ type: 'row.remove', key: selection.key })}
        >
          Delete
        </RowRemoval>
      </Group>
    </Group>
  );
}

function GroupBody({ group, selections, send, errors }: { group: GroupRow; selections: SelectionRow[]; send: Send; errors: RowErrors }) {
  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="Group name"
          style={{ flex: '1 1 200px' }}
          value={group.name}
          error={errors[group.key]}
          onChange={(event) => send({ type: 'row.change', key: group.key, patch: { name: event.currentTarget.value } })}
          onBlur={() => send({ type: 'row.save', key: group.key })}
        />
        <RowRemoval
          status={group.status}
          label={`Delete group ${group.name.trim() || 'Untitled group'}`}
          onRemove={() => send({ type: 'row.remove', key: group.key })}
        >
          Delete group
        </RowRemoval>
      </Group>
      <GroupFlags group={group} send={send} />
      {selections
        .filter((selection) => selection.groupKey === group.key && selection.status !== 'deleting')
        .map((selection) => (
          <SelectionLine key={selection.key} selection={selection} group={group} send={send} errors={errors} />
        ))}
      <Button variant="light" size="xs" w="fit-content" onClick={() => send({ type: 'selection.add', groupKey: group.key })}>
        Add selection
      </Button>
    </Stack>
  );
}

/**
 * Extra option groups: cards (the category editor), or expandable cards (the extra options
 * screen, `collapsible`). `empty` is what an empty list says.
 */
export function ExtraGroupsPanel(props: {
  groups: GroupRow[];
  selections: SelectionRow[];
  send: Send;
  errors?: RowErrors;
  collapsible?: boolean;
  empty?: ReactNode;
  addButton?: boolean;
}) {
  const { selections, send, errors = {} } = props;
  const visible = props.groups.filter((group) => group.status !== 'deleting');
  const body = (group: GroupRow) => <GroupBody group={group} selections={selections} send={send} errors={errors} />;
  const [open, setOpen] = useState<string[]>([]);
  // A group added here (not saved yet) opens at once: the person is about to fill it in. A group
  // holding a refused input opens too, so the mark (and the focus a refused Save sends to it) is seen.
  const inError = (group: GroupRow) =>
    rowInError(errors, group.key) || selections.some((selection) => selection.groupKey === group.key && rowInError(errors, selection.key));
  const expanded = [...new Set([...open, ...visible.filter((group) => group.id === null || inError(group)).map((group) => group.key)])];
  return (
    <Stack gap="sm">
      {visible.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.empty ?? 'No extra option groups yet.'}
        </Text>
      ) : null}
      {props.collapsible && visible.length > 0 ? (
        <Accordion variant="separated" radius="md" multiple value={expanded} onChange={setOpen}>
          {visible.map((group) => (
            <Accordion.Item key={group.key} value={group.key}>
              <Accordion.Control>{group.name.trim() || 'Untitled group'}</Accordion.Control>
              <Accordion.Panel>{body(group)}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      ) : null}
      {!props.collapsible
        ? visible.map((group) => (
            <Card key={group.key} withBorder radius="md" p="md" aria-label={`Group ${group.name}`} component="section">
              {body(group)}
            </Card>
          ))
        : null}
      {props.addButton !== false ? (
        <Button variant="light" size="sm" w="fit-content" onClick={() => send({ type: 'group.add' })}>
          Add group
        </Button>
      ) : null}
    </Stack>
  );
}
