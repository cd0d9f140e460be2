import { Button, Card, Group, Image, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import type { Topping } from '../../../contracts/menu';
import { LIST_NAME_MESSAGES, toppingsListMachine, type ToppingForm, type ToppingSave, type ToppingsListMachine } from '../../machines/menu/menu-lists';
import type { MenuScope } from '../../services/menu/menu-types';
import { fieldProps } from '../shared/bind-field';
import { ImageField } from './image-field';
import { LibraryListView, type LibraryParts, type LibraryRows, type LibraryScreen } from './library-list.view';
import { RowDelete, RowRestaurant } from './row-restaurant';

type Parts = LibraryParts<Topping, ToppingForm, ToppingSave>;

function ToppingFields({ form, errors, send }: Parts) {
  return (
    <>
      <TextInput label="Topping name" {...fieldProps('name', form.name, errors.name, (value) => send({ type: 'field.change', field: 'name', value }))} />
      <ImageField
        label="Image URL"
        value={form.image_url}
        error={errors.image_url}
        onChange={(value) => send({ type: 'field.change', field: 'image_url', value })}
      />
      {/* Spec: shown, not saved. */}
      <Switch
        label="Add to inventory"
        checked={form.inventory}
        onChange={(event) => send({ type: 'field.change', field: 'inventory', value: event.currentTarget.checked })}
      />
    </>
  );
}

/** A card per topping: its picture (or "No image"), name, whose it is, Edit and Delete. */
function ToppingCards({ rows, send }: LibraryRows<Topping, ToppingForm, ToppingSave>) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
      {rows.map((topping) => (
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
            <Button size="xs" variant="subtle" aria-label={`Edit ${topping.name}`} onClick={() => send({ type: 'form.edit', id: topping.id })}>
              Edit
            </Button>
            <RowDelete restaurantId={topping.restaurant_id} what={topping.name} onConfirm={() => send({ type: 'item.delete', id: topping.id })} />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export const TOPPINGS_SCREEN: LibraryScreen<Topping, ToppingForm, ToppingSave> = {
  machine: toppingsListMachine,
  title: 'Toppings',
  noun: 'topping',
  nameMessage: LIST_NAME_MESSAGES.toppings,
  fields: [
    ['name', 'Topping name'],
    ['image_url', 'Image URL'],
  ],
  deleteInForm: false,
  Fields: ToppingFields,
  Rows: ToppingCards,
};

/** Toppings (spec section 2): search, an add/edit panel, a card grid. */
export function ToppingsView({ scope, machine }: { scope: MenuScope; machine?: ToppingsListMachine }) {
  return <LibraryListView screen={TOPPINGS_SCREEN} scope={scope} machine={machine} />;
}
