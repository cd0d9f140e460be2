import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToppingsView } from '#src/views/menu/toppings.view';
import { OWNER } from '../../machines/menu/category-editor.fixtures';
import { toppingsListMachine } from '#src/machines/menu/menu-lists';
import { memoryList, renderScreen } from './menu-view-harness';

const TOPPINGS = [
  { id: 1, name: 'Olives', image_url: '/uploads/olives.jpg', restaurant_id: 3 },
  { id: 2, name: 'Basil', image_url: null, restaurant_id: null },
];

describe('toppings view', () => {
  it('shows a card per topping and "No toppings." when there are none', async () => {
    renderScreen(<ToppingsView scope={OWNER} machine={memoryList(toppingsListMachine, TOPPINGS).machine} />);
    expect(await screen.findByRole('article', { name: 'Olives' })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Basil' })).getByText('No image')).toBeInTheDocument();
  });

  it('says "No toppings." for an empty list', async () => {
    renderScreen(<ToppingsView scope={OWNER} machine={memoryList(toppingsListMachine, []).machine} />);
    expect(await screen.findByText('No toppings.')).toBeInTheDocument();
  });

  it('refuses a blank name with the specified sentence, then saves name and image; the inventory switch is not sent', async () => {
    const list = memoryList(toppingsListMachine, TOPPINGS);
    const { user } = renderScreen(<ToppingsView scope={OWNER} machine={list.machine} />);
    await screen.findByRole('article', { name: 'Olives' });
    await user.click(screen.getByRole('button', { name: 'Add topping' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a topping name.');
    await user.type(screen.getByLabelText('Topping name'), 'Jalapeños');
    await user.type(screen.getByLabelText('Image URL'), '/uploads/j.jpg');
    await user.click(screen.getByRole('switch', { name: 'Add to inventory' }));
    await user.click(screen.getByRole('button', { name: 'Add topping' }));
    await waitFor(() => expect(list.calls.saves).toHaveLength(1));
    expect(list.calls.saves[0]).toMatchObject({ id: null, values: { name: 'Jalapeños', image_url: '/uploads/j.jpg' } });
    expect(Object.keys(list.calls.saves[0]!.values)).toEqual(['name', 'image_url']);
  });

  it('gives the focus to the blank name field once a topping is added, and after Cancel of an edit', async () => {
    const list = memoryList(toppingsListMachine, TOPPINGS);
    const { user } = renderScreen(<ToppingsView scope={OWNER} machine={list.machine} />);
    await screen.findByRole('article', { name: 'Olives' });
    await user.type(screen.getByLabelText('Topping name'), 'Capers');
    await user.click(screen.getByRole('button', { name: 'Add topping' }));
    await waitFor(() => expect(list.calls.saves).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('Topping name')).toHaveFocus());
    expect(screen.getByLabelText('Topping name')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Edit Olives' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByLabelText('Topping name')).toHaveFocus());
  });

  it('searches as the person types (once the typing settles)', async () => {
    const list = memoryList(toppingsListMachine, TOPPINGS);
    const { user } = renderScreen(<ToppingsView scope={OWNER} machine={list.machine} />);
    await screen.findByRole('article', { name: 'Olives' });
    await user.type(screen.getByRole('searchbox', { name: 'Search toppings' }), 'oli');
    await waitFor(() => expect(list.calls.loads.at(-1)!.search).toBe('oli'));
    expect(list.calls.loads).toHaveLength(2);
  });
});
