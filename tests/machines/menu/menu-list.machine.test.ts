import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#src/services/shared/api';
import { createListMachine, type DeleteCall, type ListForm, type LoadCall, type MenuListInput, type SaveCall } from '#src/machines/menu/menu-list.machine';
import { assertPathCoverage } from '../../support/path-coverage';
import { OWNER } from './category-editor.fixtures';
import { provideChecked } from '../../support/contract-double';

type Row = { id: number; name: string; price: number };
type Form = { name: string; price: string };
type Save = { name?: string; price?: number; is_available?: boolean };
/** A list of named, priced rows whose panel opens on demand; `double` (the submit detail) doubles the price. */
const FORM: ListForm<Row, Form, { double: boolean }, Save> = {
  blank: { name: '', price: '' },
  valuesOf: (row) => ({ name: row.name, price: String(row.price) }),
  toSave: (form, submit) => ({ name: form.name, price: Number(form.price) * (submit?.double ? 2 : 1) }),
  alwaysOpen: false,
};
const listMachine = createListMachine({ form: FORM });
const OLIVES: Row = { id: 1, name: 'Olives', price: 2 };

describe('menu list machine: path coverage', () => {
  it('reaches every state and transition, every failure branch included', () => {
    assertPathCoverage(listMachine, {
      input: { scope: OWNER, nameMessage: 'Please enter a topping name.' },
      events: [
        { type: 'xstate.done.actor.loadItems', output: [OLIVES], actorId: 'loadItems' },
        { type: 'form.new' },
        { type: 'form.edit', id: 1 },
        { type: 'form.edit', id: 2 },
        { type: 'field.change', field: 'name', value: 'Capers' },
        { type: 'form.submit' },
        { type: 'item.save', id: 1, values: { name: '' } },
        { type: 'item.save', id: 1, values: { price: 3 } },
        { type: 'item.delete', id: 1 },
        { type: 'list.search', search: 'ol' },
      ],
    });
  });
});

type Overrides = {
  load?: (call: LoadCall) => Promise<Row[]>;
  save?: (call: SaveCall<Save>) => Promise<unknown>;
  remove?: (call: DeleteCall) => Promise<unknown>;
  input?: Partial<MenuListInput>;
};

function start(overrides: Overrides = {}) {
  const loads: LoadCall[] = [];
  const saves: SaveCall<Save>[] = [];
  const deletes: DeleteCall[] = [];
  const actor = createActor(
    provideChecked(listMachine, {
      actors: {
        loadItems: fromPromise<Row[], LoadCall>(async ({ input }) => {
          loads.push(input);
          return overrides.load ? overrides.load(input) : [OLIVES];
        }),
        saveItem: fromPromise<unknown, SaveCall<Save>>(({ input }) => {
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

const loadedAfter = (loads: LoadCall[], count: number) => (snapshot: SnapshotFrom<typeof listMachine>) => snapshot.hasTag('ready') && loads.length === count;

describe('menu list machine: behaviour', () => {
  it('searches with the term, scoped to the restaurant', async () => {
    const { actor, loads } = start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'list.search', search: 'oli' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready') && loads.length === 2);
    expect(loads[1]).toEqual({ scope: OWNER, ownerId: null, search: 'oli' });
  });

  it('refuses a blank name with the list’s sentence and sends nothing', async () => {
    const saves: SaveCall<Save>[] = [];
    const { actor } = start({
      save: async (call) => {
        saves.push(call);
      },
    });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
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
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
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
        return [{ id: 2, name: 'Basil', price: 1 }];
      },
    });
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(actor.getSnapshot().context.error).toBe('The menu is not available.');
    fails = false;
    actor.send({ type: 'list.reload' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, loadedAfter(loads, 2));
    expect(actor.getSnapshot().context.items).toEqual([{ id: 2, name: 'Basil', price: 1 }]);
  });

  it('shows no items until the first read answers', async () => {
    const { actor, loads } = start();
    expect([...actor.getSnapshot().tags]).toEqual(['loading']);
    expect(actor.getSnapshot().context).toMatchObject({ items: [], search: '', error: null, fields: {}, form: null, editingId: null, ownerId: null });
    await waitFor(actor, loadedAfter(loads, 1));
    expect(actor.getSnapshot().context.items).toEqual([OLIVES]);
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

  it('sends the item’s id and values and reads the list again; the edited row’s open form closes, saying so', async () => {
    const { actor, loads, saves } = start({ input: { ownerId: 9 } });
    const closed = vi.fn();
    actor.on('form.closed', closed);
    await waitFor(actor, loadedAfter(loads, 1));
    actor.send({ type: 'form.edit', id: 1 });
    expect(actor.getSnapshot().context).toMatchObject({ form: { name: 'Olives', price: '2' }, editingId: 1 });
    actor.send({ type: 'item.save', id: 1, values: { name: 'Olive', price: 2 } });
    await waitFor(actor, loadedAfter(loads, 2));
    expect(saves).toEqual([{ scope: OWNER, ownerId: 9, id: 1, values: { name: 'Olive', price: 2 } }]);
    expect(actor.getSnapshot().context).toMatchObject({ form: null, editingId: null });
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('saves the form: a new row without an id, an edited one with its id, each as the list’s body built from the form', async () => {
    const { actor, loads, saves } = start();
    await waitFor(actor, loadedAfter(loads, 1));
    actor.send({ type: 'form.new' });
    expect(actor.getSnapshot().context).toMatchObject({ form: { name: '', price: '' }, editingId: null });
    actor.send({ type: 'field.change', field: 'name', value: 'Capers' });
    actor.send({ type: 'field.change', field: 'price', value: '1.5' });
    actor.send({ type: 'form.submit', submit: { double: true } });
    await waitFor(actor, loadedAfter(loads, 2));
    actor.send({ type: 'form.edit', id: 1 });
    actor.send({ type: 'field.change', field: 'price', value: '4' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, loadedAfter(loads, 3));
    expect(saves.map(({ id, values }) => ({ id, values }))).toEqual([
      { id: null, values: { name: 'Capers', price: 3 } },
      { id: 1, values: { name: 'Olives', price: 4 } },
    ]);
    expect(actor.getSnapshot().context.form).toBeNull();
  });

  it('refuses a form with a blank name, keeping it open; Cancel closes it, saying so, and nothing was sent', async () => {
    const { actor, loads, saves } = start();
    const closed = vi.fn();
    actor.on('form.closed', closed);
    await waitFor(actor, loadedAfter(loads, 1));
    actor.send({ type: 'form.edit', id: 7 });
    expect(actor.getSnapshot().context.form).toBeNull();
    actor.send({ type: 'field.change', field: 'name', value: 'ignored' });
    expect(actor.getSnapshot().context.form).toBeNull();
    actor.send({ type: 'form.new' });
    actor.send({ type: 'field.change', field: 'name', value: '  ' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'Please enter a topping name.',
      fields: { name: 'Please enter a topping name.' },
      form: { name: '  ' },
    });
    expect(closed).not.toHaveBeenCalled();
    actor.send({ type: 'form.close' });
    expect(actor.getSnapshot().context).toMatchObject({ form: null, editingId: null });
    expect(closed).toHaveBeenCalledTimes(1);
    expect(saves).toEqual([]);
  });

  it('a list whose panel is always shown gets the blank form back after a save and on Cancel', async () => {
    const alwaysOpen = createListMachine({
      form: { ...FORM, alwaysOpen: true },
      load: async () => [OLIVES],
      save: async () => ({}),
    });
    const actor = createActor(alwaysOpen, { input: { scope: OWNER } }).start();
    expect(actor.getSnapshot().context.form).toEqual({ name: '', price: '' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'form.edit', id: 1 });
    actor.send({ type: 'form.close' });
    expect(actor.getSnapshot().context).toMatchObject({ form: { name: '', price: '' }, editingId: null });
    actor.send({ type: 'form.edit', id: 1 });
    actor.send({ type: 'form.submit' });
    expect([...actor.getSnapshot().tags].sort()).toEqual(['ready', 'saving']);
    await waitFor(actor, (snapshot) => snapshot.hasTag('idle'));
    expect(actor.getSnapshot().context).toMatchObject({ form: { name: '', price: '' }, editingId: null });
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
    expect([...actor.getSnapshot().tags].sort()).toEqual(['deleting', 'ready']);
    await waitFor(actor, loadedAfter(loads, 2));
    expect(deletes).toEqual([{ scope: OWNER, ownerId: 9, id: 1 }]);
  });

  it('refuses loudly when a screen forgot to give the list one of its calls', async () => {
    const actor = createActor(listMachine, { input: { scope: OWNER } }).start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(actor.getSnapshot().context.error).toContain('"loadItems" actor was not provided');

    const readOnly = createActor(listMachine.provide({ actors: { loadItems: fromPromise<Row[], LoadCall>(async () => []) } }), {
      input: { scope: OWNER },
    }).start();
    await waitFor(readOnly, (snapshot) => snapshot.hasTag('ready'));
    readOnly.send({ type: 'item.save', id: null, values: { name: 'Olives' } });
    await waitFor(readOnly, (snapshot) => snapshot.context.error !== null);
    expect(readOnly.getSnapshot().context.error).toContain('"saveItem" actor was not provided');
    readOnly.send({ type: 'item.delete', id: 1 });
    await waitFor(readOnly, (snapshot) => snapshot.context.error?.includes('deleteItem') === true);
    expect(readOnly.getSnapshot().context.error).toContain('Failed to delete: ');
  });
});
