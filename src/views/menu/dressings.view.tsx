import { Chip, Group, TextInput } from '@mantine/core';
import type { Dressing } from '../../../contracts/menu';
import { dressingsListMachine, LIST_NAME_MESSAGES, type DressingForm, type DressingsListMachine } from '../../machines/menu/menu-lists';
import type { MenuScope } from '../../services/menu/menu-types';
import { fieldProps } from '../shared/bind-field';
import { useRestaurantLabels } from '../shared/session-context';
import { LibraryListView, type LibraryParts, type LibraryRows, type LibraryScreen } from './library-list.view';

function DressingFields({ form, errors, send }: LibraryParts<Dressing, DressingForm, DressingForm>) {
  return <TextInput label="Dressing name" {...fieldProps('name', form.name, errors.name, (value) => send({ type: 'field.change', field: 'name', value }))} />;
}

/** A chip per dressing; a chip opens it for editing. */
function DressingChips({ rows, editingId, send }: LibraryRows<Dressing, DressingForm, DressingForm>) {
  // An administrator working across restaurants sees whose each dressing is.
  const restaurantOf = useRestaurantLabels();
  return (
    <Group gap="xs" role="list" aria-label="Dressings">
      {rows.map((dressing) => (
        <Chip
          key={dressing.id}
          wrapperProps={{ role: 'listitem' }}
          checked={editingId === dressing.id}
          onChange={() => send({ type: 'form.edit', id: dressing.id })}
        >
          {dressing.name}
          {restaurantOf?.(dressing.restaurant_id) ? ` · ${restaurantOf(dressing.restaurant_id)}` : null}
        </Chip>
      ))}
    </Group>
  );
}

export const DRESSINGS_SCREEN: LibraryScreen<Dressing, DressingForm, DressingForm> = {
  machine: dressingsListMachine,
  title: 'Dressings',
  noun: 'dressing',
  nameMessage: LIST_NAME_MESSAGES.dressings,
  fields: [['name', 'Dressing name']],
  deleteInForm: true,
  Fields: DressingFields,
  Rows: DressingChips,
};

/** Dressings (spec section 2): search, an add/edit panel, a chip list (a chip opens it for editing). */
export function DressingsView({ scope, machine }: { scope: MenuScope; machine?: DressingsListMachine }) {
  return <LibraryListView screen={DRESSINGS_SCREEN} scope={scope} machine={machine} />;
}
