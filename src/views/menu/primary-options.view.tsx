import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useCallback, useRef } from 'react';
import type { PrimaryOptionSet } from '../../../contracts/menu';
import { optionSetsListMachine, type OptionSetsListMachine } from '../../machines/menu/menu-lists';
import type { PrimaryOptionSetEditorMachine } from '../../machines/menu/primary-option-set-editor.machine';
import type { MenuScope } from '../../services/menu/menu-types';
import { LoadFailed } from '../../components/load-failed';
import { useScreen } from '../shared/use-screen';
import { EmptyList, Loading, MenuAlert, MenuPage } from './menu-page';
import { PrimaryOptionEditor } from './primary-option-editor';
import { RowDelete, RowRestaurant } from './row-restaurant';

export const OPTION_SETS_EMPTY = 'Create your first primary option';
/** Spec section 9: the list shows the first 4 selections. */
const SHOWN_SELECTIONS = 4;

function SelectionsPreview({ set }: { set: PrimaryOptionSet }) {
  const shown = set.selections.slice(0, SHOWN_SELECTIONS);
  const rest = set.selections.length - shown.length;
  return (
    <Group gap={6} wrap="wrap">
      {shown.map((selection) => (
        <Badge
          key={selection.id}
          variant="light"
          color="gray"
          radius="sm"
          size="lg"
          tt="none"
          fw={500}
          leftSection={selection.image_url ? <Avatar src={selection.image_url} size={18} radius="xs" alt="" /> : null}
        >
          {selection.name}
        </Badge>
      ))}
      {rest > 0 ? (
        <Text size="sm" c="dimmed">
          +{rest} more
        </Text>
      ) : null}
    </Group>
  );
}

/** Primary options (spec section 2): the list, and the editor for a new or chosen set. */
export function PrimaryOptionsView(props: { scope: MenuScope; machine?: OptionSetsListMachine; editorMachine?: PrimaryOptionSetEditorMachine }) {
  const [state, send, actor] = useMachine(props.machine ?? optionSetsListMachine, { input: { scope: props.scope } });
  const { items: sets, form, editingId } = state.context;
  // The editor is the list's panel: closed (no form), a new set (no id) or the set it edits.
  const editing = form !== null;
  // The button that opened the editor takes the focus back when it closes (a new set's Add
  // button, or the Edit button of the set); without this, Save left the focus on the page body.
  const opener = useRef<HTMLElement | null>(null);
  const open = (id: number | null, button: HTMLElement) => {
    opener.current = button;
    send(id === null ? { type: 'form.new' } : { type: 'form.edit', id });
  };
  const closeEditor = useCallback(
    (saved: boolean) => {
      send({ type: 'form.close' });
      if (saved) send({ type: 'list.reload' });
    },
    [send],
  );
  useScreen(actor, {
    // Once the page shows the list again (the Add button enabled), the opener takes the focus.
    'form.closed': () =>
      setTimeout(() => {
        if (opener.current?.isConnected) opener.current.focus();
        opener.current = null;
      }),
  });

  return (
    <MenuPage
      title="Primary options"
      back={{ href: '/menu', label: 'Menu' }}
      actions={
        <Button onClick={(event) => open(null, event.currentTarget)} disabled={editing}>
          Add primary option
        </Button>
      }
    >
      {editing ? (
        <PrimaryOptionEditor key={editingId ?? 'new'} setId={editingId} scope={props.scope} onDone={closeEditor} machine={props.editorMachine} />
      ) : null}
      {state.context.error && state.hasTag('ready') ? <MenuAlert onClose={() => send({ type: 'alert.dismiss' })}>{state.context.error}</MenuAlert> : null}
      {state.hasTag('loading') && sets.length === 0 ? <Loading label="Loading primary options" /> : null}
      {state.hasTag('failed') ? <LoadFailed message={state.context.error} onRetry={() => send({ type: 'list.reload' })} /> : null}
      {state.hasTag('ready') && sets.length === 0 ? <EmptyList>{OPTION_SETS_EMPTY}</EmptyList> : null}
      {/* A reload keeps the last rows on screen instead of flashing a spinner. */}
      {!state.hasTag('failed') && sets.length > 0 ? (
        <Stack gap="xs">
          {sets.map((set) => (
            <Card key={set.id} withBorder radius="md" p="md" component="article" aria-label={set.name}>
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Stack gap={4} style={{ flex: '1 1 220px' }}>
                  <Text fw={700}>{set.name}</Text>
                  <RowRestaurant restaurantId={set.restaurant_id} />
                  <SelectionsPreview set={set} />
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Button size="xs" variant="subtle" aria-label={`Edit ${set.name}`} onClick={(event) => open(set.id, event.currentTarget)}>
                    Edit
                  </Button>
                  <RowDelete restaurantId={set.restaurant_id} what={set.name} onConfirm={() => send({ type: 'item.delete', id: set.id })} />
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : null}
    </MenuPage>
  );
}
