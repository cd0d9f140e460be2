import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/services/shared/api';
import { menuListMachine, type DeleteCall, type LoadCall, type SaveCall } from '../../../src/machines/menu/menu-list.machine';
import { assertPathCoverage } from '../../support/path-coverage';
import { OWNER } from './category-editor.fixtures';
import { provideChecked } from '../../support/contract-double';

describe('menu list machine: path coverage', () => {
  it('reaches every state and transition, every failure branch included', () => {
    assertPathCoverage(menuListMachine, {
      input: { scope: OWNER, nameMessage: 'Please enter a topping name.' },
      events: [
        { type: 'xstate.done.actor.loadItems', output: [], actorId: 'loadItems' },
        { type: 'item.save', id: null, values: { name: '' } },
        { type: 'item.save', id: null, values: { name: 'Olives' } },
        { type: 'item.delete', id: 1 },
        { type: 'list.search', search: 'ol' },
      ],
    });
  });
});

function start(overrides: { save?: (call: SaveCall) => Promise<unknown>; remove?: (call: DeleteCall) => Promise<unknown> } = {}) {
  const loads: LoadCall[] = [];
  const actor = createActor(provideChecked(menuListMachine, {
    actors: {
      loadItems: fromPromise<unknown[], LoadCall>(async ({ input }) => { loads.push(input); return [{ id: 1, name: 'Olives' }]; }),
      saveItem: fromPromise<unknown, SaveCall>(({ input }) => (overrides.save ?? (async () => ({})))(input)),
      deleteItem: fromPromise<unknown, DeleteCall>(({ input }) => (overrides.remove ?? (async () => undefined))(input)),
    },
  }), { input: { scope: OWNER, nameMessage: 'Please enter a topping name.' } }).start();
  return { actor, loads };
}

describe('menu list machine: behaviour', () => {
  it('searches with the term, scoped to the restaurant', async () => {
    const { actor, loads } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'list.search', search: 'oli' });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded') && loads.length === 2);
    expect(loads[1]).toEqual({ scope: OWNER, ownerId: null, search: 'oli' });
  });

  it('refuses a blank name with the list’s sentence and sends nothing', async () => {
    const saves: SaveCall[] = [];
    const { actor } = start({ save: async (call) => { saves.push(call); } });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'item.save', id: null, values: { name: '   ' } });
    expect(actor.getSnapshot().context.error).toBe('Please enter a topping name.');
    expect(saves).toEqual([]);
  });

  it('says "Failed to delete: ..." and "Save failed: ..." with the server’s reason', async () => {
    const { actor } = start({
      remove: async () => { throw new ApiError('Used by 2 categories.', { status: 409 }); },
      save: async () => { throw new ApiError('Name taken.', { status: 409 }); },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'item.delete', id: 1 });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Failed to delete: Used by 2 categories.');
    actor.send({ type: 'item.save', id: 1, values: { name: 'Olive' } });
    await waitFor(actor, (snapshot) => snapshot.context.error?.startsWith('Save failed') === true);
    expect(actor.getSnapshot().context.error).toBe('Save failed: Name taken.');
  });
});
