import { Button, Card, Group, Image, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Topping } from '../../../contracts/menu';
import { labelsInError, useFocusAfterRefusal } from '../../components/form-errors';
import type { MenuListMachine } from '../../machines/menu/menu-list.machine';
import { LIST_NAME_MESSAGES, toppingsListMachine } from '../../machines/menu/menu-lists';
import type { MenuScope } from '../../services/menu/menu-types';
import { ImageField } from './image-field';
import { RowDelete, RowRestaurant } from './row-restaurant';
import { LoadFailed } from '../../components/load-failed';
import { EmptyList, Loading, MenuAlert, MenuPage } from './menu-page';
import { SearchBox } from './search-box';

type Draft = { id: number | null; name: string; image_url: string; inventory: boolean };
const EMPTY: Draft = { id: null, name: '', image_url: '', inventory: false };
/** The form's fields a save can be refused for, in the form's order, with their labels. */
const FIELDS = [
  ['name', 'Topping name'],
  ['image_url', 'Image URL'],
] as const;

/** Toppings (spec section 2): search, an add/edit panel, a card grid. */
export function ToppingsView({ scope, machine = toppingsListMachine }: { scope: MenuScope; machine?: MenuListMachine }) {
  const [state, send] = useMachine(machine, { input: { scope, nameMessage: LIST_NAME_MESSAGES.toppings } });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const { context } = state;
  const toppings = context.items as Topping[];
  useEffect(() => setDraft(EMPTY), [context.saved]);
  const setImage = useCallback((url: string) => setDraft((current) => ({ ...current, image_url: url })), []);
  // The alert and the form: a refused save sends the focus to the first field in error, else the alert.
  const formArea = useRef<HTMLDivElement>(null);
  const focusAfterRefusal = useFocusAfterRefusal(formArea, !state.matches({ loaded: 'saving' }));

  return (
    <MenuPage title="Toppings" back={{ href: '/menu', label: 'Menu' }}>
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
          aria-label={draft.id === null ? 'Add topping' : 'Edit topping'}
          onSubmit={(event) => {
            event.preventDefault();
            focusAfterRefusal();
            send({ type: 'item.save', id: draft.id, values: { name: draft.name, image_url: draft.image_url } });
          }}
        >
          <Stack gap="sm">
            <Text fw={700}>{draft.id === null ? 'Add topping' : 'Edit topping'}</Text>
            <TextInput
              label="Topping name"
              value={draft.name}
              error={context.fields.name}
              onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
            />
            <ImageField label="Image URL" value={draft.image_url} error={context.fields.image_url} onChange={setImage} />
            {/* Spec: shown, not saved. */}
            <Switch label="Add to inventory" checked={draft.inventory} onChange={(event) => setDraft({ ...draft, inventory: event.currentTarget.checked })} />
            <Group gap="xs" justify="flex-end">
              {draft.id !== null ? (
                <Button variant="default" onClick={() => setDraft(EMPTY)}>
                  Cancel
                </Button>
              ) : null}
              <Button type="submit" loading={state.matches({ loaded: 'saving' })} disabled={!state.matches('loaded')}>
                {draft.id === null ? 'Add topping' : 'Save topping'}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
      <SearchBox label="Search toppings" value={context.search} onSearch={(search) => send({ type: 'list.search', search })} />
      {state.matches('loading') && toppings.length === 0 ? <Loading label="Loading toppings" /> : null}
      {state.matches('failed') ? <LoadFailed message={context.error} onRetry={() => send({ type: 'list.reload' })} /> : null}
      {state.matches('loaded') && toppings.length === 0 ? <EmptyList>No toppings.</EmptyList> : null}
      {/* A reload keeps the last rows on screen instead of flashing a spinner. */}
      {!state.matches('failed') && toppings.length > 0 ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {toppings.map((topping) => (
            <Card key={topping.id} withBorder radius="md" p="sm" component="article" aria-label={topping.name}>
              <Card.Section>
                {topping.image_url ? (
                  <Image src={topping.image_url} alt="" h={110} fit="cover" />
                ) : (
                  <Text h={110} c="dimmed" size="xs" ta="center" pt={46} bg="gray.0">
                    No image
                  </Text>
                )}
              </Card.Section>
              <Text fw={600} mt="xs" truncate>
                {topping.name}
              </Text>
              <RowRestaurant restaurantId={topping.restaurant_id} />
              {/* Two cards a row leave 320 px phones no room for both buttons side by side: they wrap. */}
              <Group gap={4} mt={4}>
                <Button
                  size="xs"
                  variant="subtle"
                  aria-label={`Edit ${topping.name}`}
                  onClick={() => setDraft({ id: topping.id, name: topping.name, image_url: topping.image_url ?? '', inventory: false })}
                >
                  Edit
                </Button>
                <RowDelete restaurantId={topping.restaurant_id} what={topping.name} onConfirm={() => send({ type: 'item.delete', id: topping.id })} />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
    </MenuPage>
  );
}
