import { screen, waitFor, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { PrimaryOptionSet } from '#contracts/menu';
import { dressingsListMachine, menuItemsListMachine, toppingsListMachine } from '#src/machines/menu/menu-lists';
import { primaryOptionSetEditorMachine, type SaveSetCall } from '#src/machines/menu/primary-option-set-editor.machine';
import { DressingsView } from '#src/views/menu/dressings.view';
import { MenuItemsList } from '#src/views/menu/menu-items-list';
import { PrimaryOptionEditor } from '#src/views/menu/primary-option-editor';
import { ToppingsView } from '#src/views/menu/toppings.view';
import { OWNER } from '../../machines/menu/category-editor.fixtures';
import { provideChecked } from '../../support/contract-double';
import { memoryList, renderScreen } from './menu-view-harness';

/**
 * What a keyboard or screen reader user meets on the menu screens (issue 12): the delete dialog's
 * focus and names, and refused saves that mark, describe, name and focus the fields in error.
 */

const TOPPINGS = [{ id: 1, name: 'Olives', image_url: null, restaurant_id: 3 }];

/** The sentence an input is described by (Mantine links the error with aria-describedby). */
function description(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('the delete dialog', () => {
  it('names its close button, focuses Cancel first, closes on Escape and gives the focus back to Delete', async () => {
    const list = memoryList(toppingsListMachine, TOPPINGS);
    const { user } = renderScreen(<ToppingsView scope={OWNER} machine={list.machine} />);
    const card = await screen.findByRole('article', { name: 'Olives' });
    const trigger = within(card).getByRole('button', { name: 'Delete Olives' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Olives?' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(list.calls.deletes).toEqual([]);
  });
});

describe('a refused save', () => {
  it('toppings: marks the blank name invalid, describes it, names it in the alert and focuses it', async () => {
    const { user } = renderScreen(<ToppingsView scope={OWNER} machine={memoryList(toppingsListMachine, TOPPINGS).machine} />);
    await screen.findByRole('article', { name: 'Olives' });
    const name = screen.getByLabelText('Topping name');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Add topping' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a topping name.Check Topping name.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(description(name)).toBe('Please enter a topping name.');
    await waitFor(() => expect(name).toHaveFocus());
    // Typing a name answers it.
    await user.type(name, 'Basil');
    await user.click(screen.getByRole('button', { name: 'Add topping' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('toppings: an image address the contract refuses marks the image field, not the name, and focuses it', async () => {
    const { user } = renderScreen(<ToppingsView scope={OWNER} machine={memoryList(toppingsListMachine, TOPPINGS).machine} />);
    await screen.findByRole('article', { name: 'Olives' });
    await user.type(screen.getByLabelText('Topping name'), 'Basil');
    // The real save checks the body with the server's contract before sending it.
    await user.type(screen.getByLabelText('Image URL'), 'olives.png');
    await user.click(screen.getByRole('button', { name: 'Add topping' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Check Image URL.');
    expect(alert).not.toHaveTextContent('Topping name');
    const image = screen.getByLabelText('Image URL');
    expect(image).toHaveAttribute('aria-invalid', 'true');
    expect(description(image)).toMatch(/^Enter an image address/);
    expect(screen.getByLabelText('Topping name')).not.toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(image).toHaveFocus());
  });

  it('dressings: the blank name is invalid, named and focused', async () => {
    const { user } = renderScreen(<DressingsView scope={OWNER} machine={memoryList(dressingsListMachine, []).machine} />);
    await screen.findByText('No dressings.');
    await user.click(screen.getByRole('button', { name: 'Add dressing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check Dressing name.');
    const name = screen.getByLabelText('Dressing name');
    expect(description(name)).toBe('Please enter a dressing name.');
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('menu items: the blank dish name is invalid, named and focused', async () => {
    const { user } = renderScreen(
      <MenuItemsList categoryId={1} scope={OWNER} sizes={[]} bySize={false} machine={memoryList(menuItemsListMachine, []).machine} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Add menu item' }));
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check Item name.');
    const name = screen.getByLabelText('Item name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('a new primary option: a blank name and no selection mark both, and the focus goes to the name', async () => {
    const saves: SaveSetCall[] = [];
    const machine = provideChecked(primaryOptionSetEditorMachine, {
      actors: {
        saveSet: fromPromise<PrimaryOptionSet, SaveSetCall>(async ({ input }) => {
          saves.push(input);
          throw new Error('not expected');
        }),
      },
    });
    const { user } = renderScreen(<PrimaryOptionEditor setId={null} scope={OWNER} onDone={() => undefined} machine={machine} />);
    await user.click(screen.getByRole('button', { name: 'Add selection' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please enter a set name and at least one unique selection.');
    expect(alert).toHaveTextContent('Check Set name and Selections.');
    expect(screen.getByLabelText('Selection 1')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Set name')).toHaveFocus());
    // With a name, only the selections are left to fix; the focus goes there.
    await user.type(screen.getByLabelText('Set name'), 'Crust');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check Selections.');
    expect(screen.getByLabelText('Set name')).not.toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Selection 1')).toHaveFocus());
    expect(saves).toEqual([]);
  });
});

describe('row controls', () => {
  it('a dressing is a checkbox named by the dressing, one item of the list', async () => {
    const dressings = [
      { id: 1, name: 'Ranch', restaurant_id: 3 },
      { id: 2, name: 'Caesar', restaurant_id: 3 },
    ];
    renderScreen(<DressingsView scope={OWNER} machine={memoryList(dressingsListMachine, dressings).machine} />);
    const list = await screen.findByRole('list', { name: 'Dressings' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('checkbox', { name: 'Ranch' })).not.toBeChecked();
    expect(within(items[1]!).getByRole('checkbox', { name: 'Caesar' })).not.toBeChecked();
  });
});

describe('screen titles', () => {
  it('name the screen in the tab, in the back office', async () => {
    renderScreen(<DressingsView scope={OWNER} machine={memoryList(dressingsListMachine, []).machine} />);
    await waitFor(() => expect(document.title).toBe('Dressings · Back office · Tablefront'));
  });
});
