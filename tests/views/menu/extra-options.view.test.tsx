import { screen, waitFor, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MENU_MESSAGES, type Category } from '#contracts/menu';
import { extraOptionsMachine, type GroupsData, type LoadGroupsCall, type SaveGroupsCall, type SavedGroups } from '#src/machines/menu/extra-options.machine';
import type { MenuScope } from '#src/services/menu/menu-types';
import { DISCARD_TITLE, ExtraOptionsView, NO_GROUPS, PICK_CATEGORY } from '#src/views/menu/extra-options.view';
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
      saveGroups: fromPromise<SavedGroups, SaveGroupsCall>(async ({ input }) => {
        saves.push(input);
        return { groups: [], selections: [] };
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
    // Focus selects the whole amount at once, before any key can arrive, so what is typed replaces it.
    const input = price as HTMLInputElement;
    input.focus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
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

describe('extra options view: a refused Save (issues 12 and 27)', () => {
  it('keeps the edits and sends the focus to the alert that says why', async () => {
    const refusing = provideChecked(extraOptionsMachine, {
      actors: {
        loadCategories: fromPromise<Category[], { scope: MenuScope }>(async () => CATEGORIES),
        loadGroups: fromPromise<GroupsData, LoadGroupsCall>(async () => ({ groups: [], selections: [], currency: 'USD' })),
        saveGroups: fromPromise<SavedGroups, SaveGroupsCall>(async () => {
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
    expect(screen.getByRole('button', { name: 'New group' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('a blank row sends nothing, not even the price changed beside it: every group stays open, the row stays, its input is marked and focused', async () => {
    const saves: SaveGroupsCall[] = [];
    const groups: GroupsData = {
      groups: [{ id: 31, category_id: 1, name: 'Sauces', required: false, allow_multiple: true, add_images_to_selections: false }],
      selections: [{ id: 41, group_id: 31, name: 'BBQ', price: 0.5, image_url: null }],
      currency: 'USD',
    };
    const { user } = renderScreen(<ExtraOptionsView scope={OWNER} machine={machine({ 1: groups }, saves)} />);
    await user.click(await screen.findByPlaceholderText('Pick a category'));
    await user.click(await screen.findByRole('option', { name: 'Pizza' }));
    await user.click(await screen.findByRole('button', { name: 'Sauces' }));
    // Focus selects the amount, so what is typed replaces it.
    await user.click(screen.getByLabelText('Price'));
    await user.keyboard('2');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const newGroup = screen.getByRole('button', { name: 'New group' });
    const newPanel = document.getElementById(newGroup.getAttribute('aria-controls')!)!;
    await user.click(within(newPanel).getByRole('button', { name: 'Add selection' }));
    const blank = within(newPanel).getByLabelText('Selection');
    await user.clear(blank);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Save failed: Some fields are not valid.');
    expect(saves).toEqual([]);
    expect(screen.getByRole('button', { name: 'Sauces' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'New group' })).toHaveAttribute('aria-expanded', 'true');
    const marked = within(newPanel).getByLabelText('Selection');
    expect(marked).toHaveAttribute('aria-invalid', 'true');
    expect(marked).toHaveAccessibleDescription(MENU_MESSAGES.name);
    await waitFor(() => expect(marked).toHaveFocus());
    expect(screen.getAllByLabelText('Price').map((input) => (input as HTMLInputElement).value)).toEqual(['2.00', '0.00']);
  });
});

describe('extra options view: leaving unsaved edits (issue 27)', () => {
  it('asks before another category drops them, and has the browser ask before the page is left', async () => {
    const saves: SaveGroupsCall[] = [];
    const groups: GroupsData = {
      groups: [{ id: 31, category_id: 1, name: 'Sauces', required: false, allow_multiple: true, add_images_to_selections: false }],
      selections: [],
      currency: 'USD',
    };
    const { user } = renderScreen(
      <ExtraOptionsView scope={OWNER} machine={machine({ 1: groups, 2: { groups: [], selections: [], currency: 'USD' } }, saves)} />,
    );
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await user.click(await screen.findByPlaceholderText('Pick a category'));
    await user.click(await screen.findByRole('option', { name: 'Pizza' }));
    await user.click(await screen.findByRole('button', { name: 'Add group' }));
    expect(leave()).toBe(true);

    await user.click(screen.getByPlaceholderText('Pick a category'));
    await user.click(await screen.findByRole('option', { name: 'Salads' }));
    const dialog = await screen.findByRole('dialog', { name: DISCARD_TITLE });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep editing' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'New group' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Pick a category')).toHaveValue('Pizza');

    await user.click(screen.getByPlaceholderText('Pick a category'));
    await user.click(await screen.findByRole('option', { name: 'Salads' }));
    await user.click(within(await screen.findByRole('dialog', { name: DISCARD_TITLE })).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByText(NO_GROUPS)).toBeInTheDocument();
    expect(leave()).toBe(false);
    expect(saves).toEqual([]);
  });
});
