import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#src/services/shared/api';
import type { CategoryOverview } from '#src/services/menu/menu';
import { CategoriesListView } from '#src/views/menu/categories-list.view';
import { DETAIL, OWNER } from '../../machines/menu/category-editor.fixtures';
import { categoriesListMachine } from '#src/machines/menu/menu-lists';
import { memoryList, renderScreen } from './menu-view-harness';
import { setViewport } from '../../support/happy-dom-gaps';

const ROWS: (CategoryOverview & { id: number })[] = [
  {
    id: 1,
    category: { id: 1, name: 'Pizza', description: '', restaurant_id: 3 },
    detail: { ...DETAIL, image_url: '/uploads/pizza.jpg' },
    optionSetNames: ['Crust'],
  },
  {
    id: 2,
    category: { id: 2, name: 'Salads', description: '', restaurant_id: 3 },
    detail: { ...DETAIL, id: 12, category_id: 2, priced_by: 'weight', allow_toppings: false, allow_dressings: false },
    optionSetNames: [],
  },
  { id: 3, category: { id: 3, name: 'Soups', description: '', restaurant_id: 3 }, detail: null, optionSetNames: [] },
];

describe('categories list view', () => {
  it('shows the specified columns, image or "No image", Yes/No, and opens the editor on a row click', async () => {
    const list = memoryList(categoriesListMachine, ROWS);
    const { user, path } = renderScreen(<CategoriesListView scope={OWNER} machine={list.machine} />, '/menu/categories');
    const table = await screen.findByRole('table', { name: 'Categories' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Category', 'Options', 'Weight/Size', 'Toppings', 'Dressings', 'Actions']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Pizza', 'Crust', 'Size', 'Yes', 'Yes'],
      ['No imageSalads', 'None', 'Weight', 'No', 'No'],
      ['No imageSoups', 'None', 'None', 'No', 'No'],
    ]);
    expect(list.calls.loads[0]!.scope).toEqual(OWNER);
    await user.click(screen.getByText('Salads'));
    expect(path()).toBe('/menu/categories/2/editor');
  });

  it('on a phone shows one card per category with the same fields, Edit and Delete, instead of a table (issue 27)', async () => {
    setViewport('phone');
    const list = memoryList(categoriesListMachine, ROWS);
    const { user, path } = renderScreen(<CategoriesListView scope={OWNER} machine={list.machine} />, '/menu/categories');
    const cards = within(await screen.findByRole('list', { name: 'Categories' })).getAllByRole('listitem');
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards).toHaveLength(3);
    const pairs = (card: HTMLElement) => [...card.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(pairs(cards[0]!)).toEqual(['Options: Crust', 'Weight/Size: Size', 'Toppings: Yes', 'Dressings: Yes']);
    expect(pairs(cards[1]!)).toEqual(['Options: None', 'Weight/Size: Weight', 'Toppings: No', 'Dressings: No']);
    expect(within(cards[1]!).getByText('No image')).toBeInTheDocument();
    expect(within(cards[2]!).getByRole('button', { name: 'Delete Soups' })).toBeEnabled();
    await user.click(within(cards[1]!).getByRole('link', { name: 'Edit Salads' }));
    expect(path()).toBe('/menu/categories/2/editor');
  });

  it('says "Create your first menu category" when empty, with Add category', async () => {
    const { path, user } = renderScreen(<CategoriesListView scope={OWNER} machine={memoryList(categoriesListMachine, []).machine} />, '/menu/categories');
    expect(await screen.findByText('Create your first menu category')).toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: 'Add category' })[0]!);
    expect(path()).toBe('/menu/categories/new');
  });

  it('deletes after confirmation only, and says "Failed to delete: ..." when the server refuses', async () => {
    const list = memoryList(categoriesListMachine, ROWS, { remove: new ApiError('Category is in use.', { status: 409 }) });
    const { user } = renderScreen(<CategoriesListView scope={OWNER} machine={list.machine} />, '/menu/categories');
    await user.click(await screen.findByRole('button', { name: 'Delete Pizza' }));
    expect(list.calls.deletes).toEqual([]);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Pizza?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete: Category is in use.');
    expect(list.calls.deletes.map((call) => call.id)).toEqual([1]);
    expect(screen.getByText('Pizza')).toBeInTheDocument();
  });

  it('a failed load shows an empty list, the reason and Retry (spec section 8)', async () => {
    renderScreen(
      <CategoriesListView
        scope={OWNER}
        machine={memoryList(categoriesListMachine, ROWS, { load: new ApiError('Service unavailable', { status: 503 }) }).machine}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    expect(screen.getByText('Create your first menu category')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled());
  });
});
