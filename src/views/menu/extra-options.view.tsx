import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useFocusAfterRefusal } from '../../components/form-errors';
import type { GroupRow, SelectionRow } from '../../machines/menu/category-editor.rows';
import { extraOptionsMachine, type ExtraOptionsMachine } from '../../machines/menu/extra-options.machine';
import type { MenuScope } from '../../services/menu/menu-types';
import { ExtraGroupsPanel, type GroupPanelEvent } from './extra-groups-panel';
import { CurrencyProvider } from './money';
import { LoadFailed } from '../../components/load-failed';
import { EmptyList, Loading, MenuAlert, MenuPage } from './menu-page';

export const PICK_CATEGORY = 'Pick a category to manage extra options.';
export const NO_GROUPS = 'No groups for this category.';
export const DISCARD_TITLE = 'Discard unsaved changes?';

/** Asks before another category drops the edits not saved yet; Keep editing has the focus, so Enter never drops them. */
function ConfirmDiscard({ opened, send }: { opened: boolean; send: (event: { type: 'discard.confirm' | 'discard.cancel' }) => void }) {
  return (
    <Modal opened={opened} onClose={() => send({ type: 'discard.cancel' })} title={DISCARD_TITLE} closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <Stack gap="md">
        <Text size="sm">The changes to this category's extra options are not saved. Picking another category drops them.</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" data-autofocus onClick={() => send({ type: 'discard.cancel' })}>
            Keep editing
          </Button>
          <Button color="red" onClick={() => send({ type: 'discard.confirm' })}>
            Discard changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** While edits are unsaved, the browser asks before the page is closed or reloaded. */
function useAskBeforeUnload(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return undefined;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}

/** Extra options (spec section 2): a category's groups and priced selections, saved together. */
export function ExtraOptionsView({ scope, machine = extraOptionsMachine }: { scope: MenuScope; machine?: ExtraOptionsMachine }) {
  const [state, send] = useMachine(machine, { input: { scope } });
  const [search, setSearch] = useState('');
  const { context } = state;
  const editing = state.hasTag('editing');
  useAskBeforeUnload(context.dirty);
  const term = search.trim().toLowerCase();
  const groups = context.rows.filter((row): row is GroupRow => row.table === 'group' && row.name.toLowerCase().includes(term));
  const selections = context.rows.filter((row): row is SelectionRow => row.table === 'selection');
  // This screen saves on Save, so a field's blur has nothing to send.
  const sendPanel = (event: GroupPanelEvent) => {
    if (event.type !== 'row.save') send(event);
  };
  // A refused Save (nothing was written) sends the focus to the first input in error, else to the alert saying why.
  const screenArea = useRef<HTMLDivElement>(null);
  const focusAfterRefusal = useFocusAfterRefusal(screenArea, !state.hasTag('saving') && !state.hasTag('loadingGroups'));

  return (
    <MenuPage
      ref={screenArea}
      title="Extra options"
      back={{ href: '/menu', label: 'Menu' }}
      actions={
        editing ? (
          <>
            <Button variant="default" onClick={() => send({ type: 'group.add' })}>
              Add group
            </Button>
            <Button
              onClick={() => {
                focusAfterRefusal();
                send({ type: 'groups.save' });
              }}
              loading={state.hasTag('saving')}
            >
              Save
            </Button>
          </>
        ) : null
      }
    >
      {context.error && !state.hasTag('failed') && !state.hasTag('groupsFailed') ? (
        <MenuAlert onClose={() => send({ type: 'alert.dismiss' })}>{context.error}</MenuAlert>
      ) : null}
      <ConfirmDiscard opened={state.hasTag('discarding')} send={send} />
      {state.hasTag('loading') ? <Loading label="Loading categories" /> : null}
      {state.hasTag('failed') ? <LoadFailed message={context.error} onRetry={() => send({ type: 'list.reload' })} /> : null}
      {state.hasTag('ready') ? (
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="Category"
              placeholder="Pick a category"
              style={{ flex: '1 1 220px' }}
              data={context.categories.map((category) => ({ value: String(category.id), label: category.name }))}
              value={context.categoryId === null ? null : String(context.categoryId)}
              onChange={(value) => {
                if (value) send({ type: 'category.pick', categoryId: Number(value) });
              }}
              searchable
              nothingFoundMessage="No categories"
            />
            <TextInput
              type="search"
              label="Search groups"
              style={{ flex: '1 1 220px' }}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              disabled={!editing}
            />
          </Group>
          {state.hasTag('unpicked') ? <EmptyList>{PICK_CATEGORY}</EmptyList> : null}
          {state.hasTag('loadingGroups') ? <Loading label="Loading groups" /> : null}
          {state.hasTag('groupsFailed') ? <LoadFailed message={context.error} onRetry={() => send({ type: 'list.reload' })} /> : null}
          {editing ? (
            <CurrencyProvider value={context.currency}>
              <ExtraGroupsPanel
                groups={groups}
                selections={selections}
                send={sendPanel}
                errors={context.fieldErrors}
                collapsible
                empty={NO_GROUPS}
                addButton={false}
              />
            </CurrencyProvider>
          ) : null}
        </Stack>
      ) : null}
    </MenuPage>
  );
}
