import { screen, waitFor } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Category } from '#contracts/menu';
import { extraOptionsMachine, type GroupsData, type LoadGroupsCall, type SaveGroupsCall } from '#src/machines/menu/extra-options.machine';
import type { MenuScope } from '#src/services/menu/menu-types';
import { ExtraOptionsView, NO_GROUPS, PICK_CATEGORY } from '#src/views/menu/extra-options.view';
import { OWNER } from '../../machines/menu/category-editor.fixtures';
import { renderScreen } from './menu-view-harness';
import { provideChecked } from '../../support/contract-double';

const CATEGORIES: Category[] = [
  { id: 1, name: 'Pizza', description: '', restaurant_id: 3 },
  { id: 2, name: 'Salads', description: '', restaurant_id: 3 },
];

function machine(groups: Record<number, GroupsData>, saves: SaveGroupsCall[]) {
  return provideChecked(extraOptionsMachine, {
    actors: {
      loadCategories: fromPromise<Category[], { scope: MenuScope }>(async () => CATEGORIES),
      loadGroups: fromPromise<GroupsData, LoadGroupsCall>(async ({ input }) => groups[input.categoryId]!),
      saveGroups: fromPromise<void, SaveGroupsCall>(async ({ input }) => {
        saves.push(input);
      }),
    },
  });
}

describe('extra options view', () => {
  it('asks for a category, then shows its groups or "No groups for this category."', async () => {
    const saves: SaveGroupsCall[] = [];
    const { user } = renderScreen(
      <ExtraOptionsView
        scope={OWNER}
        machine={machine(
          {
            1: {
              groups: [{ id: 31, category_id: 1, name: 'Sauces', required: false, allow_multiple: true, add_images_to_selections: true }],
              selections: [],
              currency: 'USD',
            },
            2: { groups: [], selections: [], currency: 'USD' },
          },
          saves,
        )}
      />,
    );
    expect(await screen.findByText(PICK_CATEGORY)).toBeInTheDocument();
    await user.click(screen.getByPlaceholderText('Pick a category'));
    await user.click(await screen.findByRole('option', { name: 'Salads' }));
    expect(await screen.findByText(NO_GROUPS)).toBeInTheDocument();
    await user.click(screen.getByPlaceholderText('Pick a category'));
    await user.click(await screen.findByRole('option', { name: 'Pizza' }));
    expect(await screen.findByRole('button', { name: 'Sauces' })).toBeInTheDocument();
  });

  it('adds a group with a priced selection and sends it on Save', async () => {
    const saves: SaveGroupsCall[] = [];
    const { user } = renderScreen(<ExtraOptionsView scope={OWNER} machine={machine({ 1: { groups: [], selections: [], currency: 'GBP' } }, saves)} />);
    await user.click(await screen.findByPlaceholderText('Pick a category'));
    await user.click(await screen.findByRole('option', { name: 'Pizza' }));
    await user.click(await screen.findByRole('button', { name: 'Add group' }));
    expect(screen.getByRole('button', { name: 'New group' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Add selection' }));
    const price = screen.getByLabelText('Price');
    // The price input shows the restaurant's currency.
    expect(price.closest('.mantine-NumberInput-root')).toHaveTextContent('£');
    await user.clear(price);
    await user.type(price, '1.25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.rows.map((row) => [row.table, row.name, 'price' in row ? row.price : null])).toEqual([
      ['group', 'New group', null],
      ['selection', 'New', 1.25],
    ]);
  });
});

describe('extra options view: a refused Save (issue 12)', () => {
  it('reads the groups again and sends the focus to the alert that says why', async () => {
    const refusing = provideChecked(extraOptionsMachine, {
      actors: {
        loadCategories: fromPromise<Category[], { scope: MenuScope }>(async () => CATEGORIES),
        loadGroups: fromPromise<GroupsData, LoadGroupsCall>(async () => ({ groups: [], selections: [], currency: 'USD' })),
        saveGroups: fromPromise<void, SaveGroupsCall>(async () => {
          throw new Error('Server error');
        }),
      },
    });
    const { user } = renderScreen(<ExtraOptionsView scope={OWNER} machine={refusing} />);
    await user.click(await screen.findByPlaceholderText('Pick a category'));
    await user.click(await screen.findByRole('option', { name: 'Pizza' }));
    await user.click(await screen.findByRole('button', { name: 'Add group' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Save failed: Server error');
    await waitFor(() => expect(alert).toHaveFocus());
  });
});
