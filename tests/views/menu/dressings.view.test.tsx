import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DressingsView } from '#src/views/menu/dressings.view';
import { OWNER } from '../../machines/menu/category-editor.fixtures';
import { dressingsListMachine } from '#src/machines/menu/menu-lists';
import { memoryList, renderScreen } from './menu-view-harness';

describe('dressings view', () => {
  it('lists dressings as chips and says "No dressings." when there are none', async () => {
    renderScreen(<DressingsView scope={OWNER} machine={memoryList(dressingsListMachine, []).machine} />);
    expect(await screen.findByText('No dressings.')).toBeInTheDocument();
  });

  it('refuses a blank name, edits a chosen dressing, and deletes after confirmation', async () => {
    const list = memoryList(dressingsListMachine, [{ id: 1, name: 'Ranch', restaurant_id: 3 }]);
    const { user } = renderScreen(<DressingsView scope={OWNER} machine={list.machine} />);
    await user.click(await screen.findByRole('button', { name: 'Add dressing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a dressing name.');
    await user.click(within(screen.getByRole('list', { name: 'Dressings' })).getByText('Ranch'));
    const name = screen.getByLabelText('Dressing name');
    expect(name).toHaveValue('Ranch');
    await user.type(name, ' dip');
    await user.click(screen.getByRole('button', { name: 'Save dressing' }));
    await waitFor(() => expect(list.calls.saves).toEqual([expect.objectContaining({ id: 1, values: { name: 'Ranch dip' } })]));
    await waitFor(() => expect(screen.getByLabelText('Dressing name')).toHaveValue(''));
    await user.click(within(screen.getByRole('list', { name: 'Dressings' })).getByText('Ranch'));
    await user.click(screen.getByRole('button', { name: 'Delete Ranch' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(list.calls.deletes.map((call) => call.id)).toEqual([1]));
    expect(await screen.findByText('No dressings.')).toBeInTheDocument();
  });
});
