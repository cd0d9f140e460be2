import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#src/services/shared/api';
import { menuListMachine, type DeleteCall, type LoadCall, type MenuListInput, type SaveCall } from '#src/machines/menu/menu-list.machine';
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

type Overrides = {
  load?: (call: LoadCall) => Promise<unknown[]>;
  save?: (call: SaveCall) => Promise<unknown>;
  remove?: (call: DeleteCall) => Promise<unknown>;
  input?: Partial<MenuListInput>;
};

function start(overrides: Overrides = {}) {
  const loads: LoadCall[] = [];
  const saves: SaveCall[] = [];
  const deletes: DeleteCall[] = [];
  const actor = createActor(
    provideChecked(menuListMachine, {
      actors: {
        loadItems: fromPromise<unknown[], LoadCall>(async ({ input }) => {
          loads.push(input);
          return overrides.load ? overrides.load(input) : [{ id: 1, name: 'Olives' }];
        }),
        saveItem: fromPromise<unknown, SaveCall>(({ input }) => {
          saves.push(input);
          return (overrides.save ?? (async () => ({})))(input);
        }),
        deleteItem: fromPromise<unknown, DeleteCall>(({ input }) => {
          deletes.push(input);
          return (overrides.remove ?? (async () => undefined))(input);
        }),
      },
    }),
    { input: { scope: OWNER, nameMessage: 'Please enter a topping name.', ...overrides.input } },
  ).start();
  return { actor, loads, saves, deletes };
}

const loadedAfter = (loads: LoadCall[], count: number) => (snapshot: SnapshotFrom<typeof menuListMachine>) =>
  snapshot.matches('loaded') && loads.length === count;

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
    const { actor } = start({
      save: async (call) => {
        saves.push(call);
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'item.save', id: null, values: { name: '   ' } });
    expect(actor.getSnapshot().context.error).toBe('Please enter a topping name.');
    expect(saves).toEqual([]);
  });

  it('says "Failed to delete: ..." and "Save failed: ..." with the server’s reason', async () => {
    const { actor } = start({
      remove: async () => {
        throw new ApiError('Used by 2 categories.', { status: 409 });
      },
      save: async () => {
        throw new ApiError('Name taken.', { status: 409 });
      },
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

describe('menu list machine: loading, saving and deleting', () => {
  it('shows the items it read; a failed read says why, and Retry reads again with the alert gone', async () => {
    let fails = true;
    const { actor, loads } = start({
      load: async () => {
        if (fails) throw new ApiError('The menu is not available.', { status: 503 });
        return [{ id: 2, name: 'Basil' }];
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('The menu is not available.');
    fails = false;
    actor.send({ type: 'list.reload' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, loadedAfter(loads, 2));
    expect(actor.getSnapshot().context.items).toEqual([{ id: 2, name: 'Basil' }]);
  });

  it('shows no items until the first read answers', async () => {
    const { actor, loads } = start();
    expect(actor.getSnapshot().context).toMatchObject({ items: [], search: '', error: null, fields: {}, saved: false, ownerId: null });
    await waitFor(actor, loadedAfter(loads, 1));
    expect(actor.getSnapshot().context.items).toEqual([{ id: 1, name: 'Olives' }]);
  });

  it('reads the list again on Reload, under the row it hangs off', async () => {
    const { actor, loads } = start({ input: { ownerId: 9 } });
    await waitFor(actor, loadedAfter(loads, 1));
    actor.send({ type: 'list.reload' });
    await waitFor(actor, loadedAfter(loads, 2));
    expect(loads).toEqual([
      { scope: OWNER, ownerId: 9, search: '' },
      { scope: OWNER, ownerId: 9, search: '' },
    ]);
  });

  it('sends the item’s id and values, reads the list again and flips `saved` for the view', async () => {
    const { actor, loads, saves } = start({ input: { ownerId: 9 } });
    await waitFor(actor, loadedAfter(loads, 1));
    expect(actor.getSnapshot().context.saved).toBe(false);
    actor.send({ type: 'item.save', id: 1, values: { name: 'Olive', price: 2 } });
    await waitFor(actor, loadedAfter(loads, 2));
    expect(saves).toEqual([{ scope: OWNER, ownerId: 9, id: 1, values: { name: 'Olive', price: 2 } }]);
    expect(actor.getSnapshot().context.saved).toBe(true);
    actor.send({ type: 'item.save', id: null, values: { name: 'Capers' } });
    await waitFor(actor, loadedAfter(loads, 3));
    expect(actor.getSnapshot().context.saved).toBe(false);
  });

  it('saves a change with no name in it (the Available switch), and any name when the list checks none', async () => {
    const { actor, loads, saves } = start();
    await waitFor(actor, loadedAfter(loads, 1));
    actor.send({ type: 'item.save', id: 1, values: { is_available: false } });
    await waitFor(actor, loadedAfter(loads, 2));
    expect(saves.map((call) => call.values)).toEqual([{ is_available: false }]);

    const unchecked = start({ input: { nameMessage: null } });
    await waitFor(unchecked.actor, loadedAfter(unchecked.loads, 1));
    unchecked.actor.send({ type: 'item.save', id: 1, values: { name: ' ' } });
    await waitFor(unchecked.actor, loadedAfter(unchecked.loads, 2));
    expect(unchecked.saves).toHaveLength(1);
    expect(unchecked.actor.getSnapshot().context).toMatchObject({ error: null, fields: {} });
  });

  it('marks the name field when the name is blank, and the server’s fields when it refuses; Dismiss clears both', async () => {
    const { actor, loads } = start({
      save: async () => {
        throw new ApiError('Check the fields.', { status: 400, fields: { price: 'Enter a price.' } });
      },
    });
    await waitFor(actor, loadedAfter(loads, 1));
    actor.send({ type: 'item.save', id: null, values: { name: '' } });
    expect(actor.getSnapshot().context.fields).toEqual({ name: 'Please enter a topping name.' });
    actor.send({ type: 'item.save', id: null, values: { name: 'Olives', price: -1 } });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, fields: {} });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Save failed: Check the fields.', fields: { price: 'Enter a price.' } });
    actor.send({ type: 'alert.dismiss' });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, fields: {} });
  });

  it('deletes the item by its id and reads the list again, the earlier alert gone', async () => {
    const { actor, loads, deletes } = start({ input: { ownerId: 9 } });
    await waitFor(actor, loadedAfter(loads, 1));
    actor.send({ type: 'item.save', id: null, values: { name: '' } });
    actor.send({ type: 'item.delete', id: 1 });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, loadedAfter(loads, 2));
    expect(deletes).toEqual([{ scope: OWNER, ownerId: 9, id: 1 }]);
  });

  it('refuses loudly when a screen forgot to give the list one of its calls', async () => {
    const actor = createActor(menuListMachine, { input: { scope: OWNER } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toContain('"loadItems" actor was not provided');

    const readOnly = createActor(menuListMachine.provide({ actors: { loadItems: fromPromise<unknown[], LoadCall>(async () => []) } }), {
      input: { scope: OWNER },
    }).start();
    await waitFor(readOnly, (snapshot) => snapshot.matches('loaded'));
    readOnly.send({ type: 'item.save', id: null, values: { name: 'Olives' } });
    await waitFor(readOnly, (snapshot) => snapshot.context.error !== null);
    expect(readOnly.getSnapshot().context.error).toContain('"saveItem" actor was not provided');
    readOnly.send({ type: 'item.delete', id: 1 });
    await waitFor(readOnly, (snapshot) => snapshot.context.error?.includes('deleteItem') === true);
    expect(readOnly.getSnapshot().context.error).toContain('Failed to delete: ');
  });
});
