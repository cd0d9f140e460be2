import { Button, Group, Image, Table, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { categoriesListMachine, type CategoriesListMachine } from '../../machines/menu/menu-lists';
import type { CategoryOverview } from '../../services/menu/menu';
import type { MenuScope } from '../../services/menu/menu-types';
import { useRestaurantLabels } from '../shared/session-context';
import { LoadFailed } from '../../components/load-failed';
import { useNarrowerThan } from '../../components/narrow-screen';
import { RecordCards } from '../../components/record-cards';
import { ConfirmDelete, EmptyList, Loading, MenuAlert, MenuPage } from './menu-page';

export const CATEGORIES_EMPTY = 'Create your first menu category';

const PRICING_LABEL = { weight: 'Weight', size: 'Size', none: 'None' } as const;
const yesNo = (value: boolean | undefined) => (value ? 'Yes' : 'No');

/** The category's picture (or 'No image') and name, in its table cell or at the top of its card. */
function CategoryName({ row: { category, detail } }: { row: CategoryOverview }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {detail?.image_url ? (
        <Image src={detail.image_url} alt="" w={48} h={36} radius="sm" fit="cover" />
      ) : (
        <Text
          size="xs"
          c="dimmed"
          w={48}
          h={36}
          ta="center"
          lh="36px"
          bg="gray.1"
          style={{ borderRadius: 4, whiteSpace: 'nowrap', fontSize: 10, flex: 'none' }}
        >
          No image
        </Text>
      )}
      <Text fw={600}>{category.name}</Text>
    </Group>
  );
}

/** The categories list (spec section 2). */
export function CategoriesListView({ scope, machine = categoriesListMachine }: { scope: MenuScope; machine?: CategoriesListMachine }) {
  const [state, send] = useMachine(machine, { input: { scope } });
  const [, navigate] = useLocation();
  const rows = state.context.items;
  const editorOf = (id: number) => `/menu/categories/${id}/editor`;
  // An administrator working across restaurants sees whose each category is (a chosen
  // restaurant's categories are all its own: no row needs a label, so there is no column).
  const labelOf = useRestaurantLabels();
  const restaurantOf = labelOf && rows.some(({ category }) => labelOf(category.restaurant_id) !== null) ? labelOf : null;

  // Phones get one card per category, with the same fields and actions as the table.
  // Phones (below xs) get one card per row: a table would hide its last columns behind a sideways scroll.
  const phone = useNarrowerThan('xs');
  /** The columns between the name and the actions, as label and value (spec section 2). */
  const fieldsOf = ({ category, detail, optionSetNames }: CategoryOverview): [string, ReactNode][] => [
    ...(restaurantOf ? [['Restaurant', restaurantOf(category.restaurant_id)] as [string, ReactNode]] : []),
    ['Options', optionSetNames.length > 0 ? optionSetNames.join(', ') : 'None'],
    ['Weight/Size', PRICING_LABEL[detail?.priced_by ?? 'none']],
    ['Toppings', yesNo(detail?.allow_toppings)],
    ['Dressings', yesNo(detail?.allow_dressings)],
  ];
  const actionsOf = ({ category }: CategoryOverview) => (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" variant="subtle" component={Link} href={editorOf(category.id)} aria-label={`Edit ${category.name}`}>
        Edit
      </Button>
      <ConfirmDelete what={category.name} disabled={!state.hasTag('idle')} onConfirm={() => send({ type: 'item.delete', id: category.id })} />
    </Group>
  );

  const addButton = (
    <Button component={Link} href="/menu/categories/new">
      Add category
    </Button>
  );
  return (
    <MenuPage
      title="Categories"
      back={{ href: '/menu', label: 'Menu' }}
      actions={
        <>
          {/* Spec: Export and Print are shown and do nothing yet. */}
          <Button variant="default" disabled>
            Export
          </Button>
          <Button variant="default" disabled>
            Print
          </Button>
          {addButton}
        </>
      }
    >
      {state.context.error && state.hasTag('ready') ? <MenuAlert onClose={() => send({ type: 'alert.dismiss' })}>{state.context.error}</MenuAlert> : null}
      {state.hasTag('loading') && rows.length === 0 ? <Loading label="Loading categories" /> : null}
      {state.hasTag('failed') ? (
        // Spec section 8: a failed load shows an empty list; the reason and a retry come with it.
        <>
          <LoadFailed message={state.context.error} onRetry={() => send({ type: 'list.reload' })} />
          <EmptyList>{CATEGORIES_EMPTY}</EmptyList>
        </>
      ) : null}
      {state.hasTag('ready') && rows.length === 0 ? <EmptyList action={addButton}>{CATEGORIES_EMPTY}</EmptyList> : null}
      {/* A reload keeps the last rows on screen instead of flashing a spinner. */}
      {!state.hasTag('failed') && rows.length > 0 ? (
        phone ? (
          <RecordCards
            label="Categories"
            cards={rows.map((row) => ({ key: row.category.id, title: <CategoryName row={row} />, fields: fieldsOf(row), actions: actionsOf(row) }))}
          />
        ) : (
          // Between phone and desktop widths the table scrolls sideways inside its own region, which Tab can reach and name.
          <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label="Categories table">
            <Table highlightOnHover verticalSpacing="sm" aria-label="Categories">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Category</Table.Th>
                  {fieldsOf(rows[0]!).map(([label]) => (
                    <Table.Th key={label}>{label}</Table.Th>
                  ))}
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.category.id} onClick={() => navigate(editorOf(row.category.id))} style={{ cursor: 'pointer' }}>
                    <Table.Td>
                      <CategoryName row={row} />
                    </Table.Td>
                    {fieldsOf(row).map(([label, value]) => (
                      <Table.Td key={label}>{value}</Table.Td>
                    ))}
                    <Table.Td onClick={(event) => event.stopPropagation()}>{actionsOf(row)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      ) : null}
    </MenuPage>
  );
}
