import { Button, Card, Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { Dressing } from '../../../contracts/menu';
import { labelsInError, useFocusAfterRefusal } from '../../components/form-errors';
import type { MenuListMachine } from '../../machines/menu/menu-list.machine';
import { dressingsListMachine, LIST_NAME_MESSAGES } from '../../machines/menu/menu-lists';
import type { MenuScope } from '../../services/menu/menu-types';
import { LoadFailed } from '../../components/load-failed';
import { EmptyList, Loading, MenuAlert, MenuPage } from './menu-page';
import { useRestaurantLabels } from '../shared/session-context';
import { RowDelete } from './row-restaurant';
import { SearchBox } from './search-box';

type Draft = { id: number | null; name: string };
const EMPTY: Draft = { id: null, name: '' };
/** The form's fields a save can be refused for, with their labels. */
const FIELDS = [['name', 'Dressing name']] as const;

/** Dressings (spec section 2): search, an add/edit panel, a chip list (a chip opens it for editing). */
export function DressingsView({ scope, machine = dressingsListMachine }: { scope: MenuScope; machine?: MenuListMachine }) {
  const [state, send] = useMachine(machine, { input: { scope, nameMessage: LIST_NAME_MESSAGES.dressings } });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const { context } = state;
  const dressings = context.items as Dressing[];
  // An administrator working across restaurants sees whose each dressing is.
  const restaurantOf = useRestaurantLabels();
  useEffect(() => setDraft(EMPTY), [context.saved]);
  // The alert and the form: a refused save sends the focus to the first field in error, else the alert.
  const formArea = useRef<HTMLDivElement>(null);
  const focusAfterRefusal = useFocusAfterRefusal(formArea, !state.matches({ loaded: 'saving' }));

  return (
    <MenuPage title="Dressings" back={{ href: '/menu', label: 'Menu' }}>
      <Stack gap="lg" ref={formArea}>
        {context.error && !state.matches('failed') ? (
          <MenuAlert onClose={() => send({ type: 'alert.dismiss' })} fields={labelsInError(context.fields, FIELDS)}>
            {context.error}
          </MenuAlert>
        ) : null}
        <Card
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="form"
          aria-label={draft.id === null ? 'Add dressing' : 'Edit dressing'}
          onSubmit={(event) => {
            event.preventDefault();
            focusAfterRefusal();
            send({ type: 'item.save', id: draft.id, values: { name: draft.name } });
          }}
        >
          <Stack gap="sm">
            <Text fw={700}>{draft.id === null ? 'Add dressing' : 'Edit dressing'}</Text>
            <TextInput
              label="Dressing name"
              value={draft.name}
              error={context.fields.name}
              onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
            />
            <Group gap="xs" justify="flex-end">
              {draft.id !== null ? (
                <>
                  <RowDelete
                    restaurantId={dressings.find((dressing) => dressing.id === draft.id)?.restaurant_id ?? null}
                    what={draft.name}
                    size="sm"
                    onConfirm={() => {
                      send({ type: 'item.delete', id: draft.id! });
                      setDraft(EMPTY);
                    }}
                  />
                  <Button variant="default" onClick={() => setDraft(EMPTY)}>
                    Cancel
                  </Button>
                </>
              ) : null}
              <Button type="submit" loading={state.matches({ loaded: 'saving' })} disabled={!state.matches('loaded')}>
                {draft.id === null ? 'Add dressing' : 'Save dressing'}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
      <SearchBox label="Search dressings" value={context.search} onSearch={(search) => send({ type: 'list.search', search })} />
      {state.matches('loading') && dressings.length === 0 ? <Loading label="Loading dressings" /> : null}
      {state.matches('failed') ? <LoadFailed message={context.error} onRetry={() => send({ type: 'list.reload' })} /> : null}
      {state.matches('loaded') && dressings.length === 0 ? <EmptyList>No dressings.</EmptyList> : null}
      {/* A reload keeps the last rows on screen instead of flashing a spinner. */}
      {!state.matches('failed') && dressings.length > 0 ? (
        <Group gap="xs" role="list" aria-label="Dressings">
          {dressings.map((dressing) => (
            <Chip
              key={dressing.id}
              wrapperProps={{ role: 'listitem' }}
              checked={draft.id === dressing.id}
              onChange={() => setDraft({ id: dressing.id, name: dressing.name })}
            >
              {dressing.name}
              {restaurantOf?.(dressing.restaurant_id) ? ` · ${restaurantOf(dressing.restaurant_id)}` : null}
            </Chip>
          ))}
        </Group>
      ) : null}
    </MenuPage>
  );
}
