import { screen, waitFor, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { PrimaryOptionSet } from '#contracts/menu';
import { primaryOptionSetEditorMachine, type SaveSetCall } from '#src/machines/menu/primary-option-set-editor.machine';
import { PrimaryOptionsView } from '#src/views/menu/primary-options.view';
import { OWNER } from '../../machines/menu/category-editor.fixtures';
import { optionSetsListMachine } from '#src/machines/menu/menu-lists';
import { memoryList, renderScreen } from './menu-view-harness';
import { provideChecked } from '../../support/contract-double';

const CRUST: PrimaryOptionSet = {
  id: 5,
  name: 'Crust',
  restaurant_id: 3,
  prevent_restaurant_changes: false,
  allow_images: true,
  selections: ['Thin', 'Thick', 'Stuffed', 'Pan', 'Gluten free', 'Deep'].map((name, index) => ({
    id: 50 + index,
    name,
    image_url: index === 0 ? '/uploads/thin.jpg' : null,
    position: index,
  })),
};

function editorMachine(saves: SaveSetCall[]) {
  return provideChecked(primaryOptionSetEditorMachine, {
    actors: {
      loadSet: fromPromise<PrimaryOptionSet, { id: number }>(async () => CRUST),
      saveSet: fromPromise<PrimaryOptionSet, SaveSetCall>(async ({ input }) => {
        saves.push(input);
        return CRUST;
      }),
    },
  });
}

describe('primary options view', () => {
  it('shows the first 4 selections and a count of the rest; empty says "Create your first primary option"', async () => {
    renderScreen(<PrimaryOptionsView scope={OWNER} machine={memoryList(optionSetsListMachine, [CRUST]).machine} />);
    const card = await screen.findByRole('article', { name: 'Crust' });
    expect(within(card).getByText('Thin')).toBeInTheDocument();
    expect(within(card).getByText('Pan')).toBeInTheDocument();
    expect(within(card).queryByText('Gluten free')).toBeNull();
    expect(within(card).getByText('+2 more')).toBeInTheDocument();
  });

  it('says "Create your first primary option" for an empty list', async () => {
    renderScreen(<PrimaryOptionsView scope={OWNER} machine={memoryList(optionSetsListMachine, []).machine} />);
    expect(await screen.findByText('Create your first primary option')).toBeInTheDocument();
  });

  it('builds a new set: validation sentence, toggles, reorder, image Add disabled while blank', async () => {
    const saves: SaveSetCall[] = [];
    const list = memoryList(optionSetsListMachine, []);
    const { user } = renderScreen(<PrimaryOptionsView scope={OWNER} machine={list.machine} editorMachine={editorMachine(saves)} />);
    await user.click(await screen.findByRole('button', { name: 'Add primary option' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a set name and at least one unique selection.');
    await user.type(screen.getByLabelText('Set name'), 'Base');
    await user.click(screen.getByRole('switch', { name: 'Prevent restaurants from making changes' }));
    await user.click(screen.getByRole('switch', { name: 'Add images to selections' }));
    await user.click(screen.getByRole('button', { name: 'Add selection' }));
    await user.type(screen.getByLabelText('Selection 1'), 'Tomato');
    await user.click(screen.getByRole('button', { name: 'Add selection' }));
    await user.type(screen.getByLabelText('Selection 2'), 'Cream');
    await user.click(screen.getByRole('button', { name: 'Move Cream up' }));
    await user.click(screen.getByRole('button', { name: 'Add image for Cream' }));
    const add = await screen.findByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Image URL'), '/uploads/cream.jpg');
    expect(add).toBeEnabled();
    await user.click(add);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body).toEqual({
      name: 'Base',
      prevent_restaurant_changes: true,
      allow_images: true,
      selections: [
        { name: 'Cream', image_url: '/uploads/cream.jpg' },
        { name: 'Tomato', image_url: '' },
      ],
    });
    await waitFor(() => expect(list.calls.loads).toHaveLength(2));
  });

  it('refuses an image address the page could not show, next to the field, and keeps the picker open', async () => {
    const saves: SaveSetCall[] = [];
    const list = memoryList(optionSetsListMachine, []);
    const { user } = renderScreen(<PrimaryOptionsView scope={OWNER} machine={list.machine} editorMachine={editorMachine(saves)} />);
    await user.click(await screen.findByRole('button', { name: 'Add primary option' }));
    await user.click(screen.getByRole('switch', { name: 'Add images to selections' }));
    await user.click(screen.getByRole('button', { name: 'Add selection' }));
    await user.type(screen.getByLabelText('Selection 1'), 'Tomato');
    await user.click(screen.getByRole('button', { name: 'Add image for Tomato' }));
    await user.type(screen.getByLabelText('Image URL'), 'http://img.example.com/tomato.png');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByLabelText('Image URL')).toHaveAccessibleDescription('Enter an image address starting with https://, or upload a picture.');
    expect(screen.getByRole('button', { name: 'Add image for Tomato' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Image URL'));
    await user.type(screen.getByLabelText('Image URL'), 'https://img.example.com/tomato.png');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('button', { name: 'Change image for Tomato' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Set name'), 'Base');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body.selections).toEqual([{ name: 'Tomato', image_url: 'https://img.example.com/tomato.png' }]);
  });
});
