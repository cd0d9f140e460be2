import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Category } from '#contracts/menu';
import { ApiError } from '#src/services/shared/api';
import {
  extraOptionsMachine,
  type ExtraOptionsEvent,
  type GroupsData,
  type LoadGroupsCall,
  type SaveGroupsCall,
  type SavedGroups,
} from '#src/machines/menu/extra-options.machine';
import { MENU_MESSAGES } from '#contracts/menu';
import type { MenuScope } from '#src/services/menu/menu-types';
import { assertPathCoverage } from '../../support/path-coverage';
import { OWNER } from './category-editor.fixtures';
import { jsonResponse, provideChecked, requestsOf } from '../../support/contract-double';
import type { CheckedRequest } from '../../support/contract-routes';
import type { EditorRow } from '#src/machines/menu/category-editor.rows';

const PIZZA: Category = { id: 1, name: 'Pizza', description: '', restaurant_id: 3 };
const GROUPS: GroupsData = {
  groups: [{ id: 31, category_id: 1, name: 'Sauces', required: false, allow_multiple: true, add_images_to_selections: true }],
  selections: [{ id: 41, group_id: 31, name: 'BBQ', price: 0.5, image_url: null }],
  currency: 'CAD',
};
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id });

describe('extra options machine: path coverage', () => {
  it('reaches every state and transition, every failure branch included', () => {
    const report = assertPathCoverage(extraOptionsMachine, {
      input: { scope: OWNER, rowLimit: 2 },
      events: [
        done('loadCategories', [PIZZA]),
        done('loadGroups', { groups: [], selections: [], currency: 'USD' }),
        done('saveGroups', { groups: [], selections: [] }),
        { type: 'category.pick', categoryId: 1 },
        // Another category while edits are unsaved: the question before they are dropped.
        { type: 'category.pick', categoryId: 2 },
        { type: 'group.add' },
        { type: 'selection.add', groupKey: 'tmp-1' },
        // A blank name: the Save the contract refuses before anything is sent.
        { type: 'row.change', key: 'tmp-1', patch: { name: ' ' } },
        { type: 'row.remove', key: 'tmp-1' },
      ],
    });
    expect(report.states.missing).toEqual([]);
  });
});

type Reads = { categories?: () => Promise<Category[]>; groups?: () => Promise<GroupsData>; rowLimit?: number };

const SAVED: SavedGroups = { groups: GROUPS.groups, selections: GROUPS.selections };

function start(save: (call: SaveGroupsCall) => Promise<SavedGroups>, answers: Reads = {}) {
  const saves: SaveGroupsCall[] = [];
  let reads = 0;
  const loads: LoadGroupsCall[] = [];
  const actor = createActor(
    provideChecked(extraOptionsMachine, {
      actors: {
        loadCategories: fromPromise<Category[], { scope: MenuScope }>(() => (answers.categories ?? (async () => [PIZZA]))()),
        loadGroups: fromPromise<GroupsData, LoadGroupsCall>(async ({ input }) => {
          reads += 1;
          loads.push(input);
          return answers.groups ? answers.groups() : structuredClone(GROUPS);
        }),
        saveGroups: fromPromise<SavedGroups, SaveGroupsCall>(({ input }) => {
          saves.push(input);
          return save(input);
        }),
      },
    }),
    { input: { scope: OWNER, rowLimit: answers.rowLimit } },
  ).start();
  const send = (...events: ExtraOptionsEvent[]) => events.forEach((event) => actor.send(event));
  return { actor, send, saves, loads, reads: () => reads };
}

describe('extra options machine: behaviour', () => {
  it('tells the screen what to show by its tags: loading, the picker, the groups (kept while saving or asking), a failure', async () => {
    let failGroups = false;
    let finishSave: (saved: SavedGroups) => void = () => undefined;
    const { actor, send } = start(() => new Promise((resolve) => (finishSave = resolve)), {
      groups: async () => {
        if (failGroups) throw new ApiError('Category not found.', { status: 404 });
        return structuredClone(GROUPS);
      },
    });
    const tags = () => [...actor.getSnapshot().tags].sort();
    expect(tags()).toEqual(['loading']);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    expect(tags()).toEqual(['ready', 'unpicked']);
    send({ type: 'category.pick', categoryId: 1 });
    expect(tags()).toEqual(['loadingGroups', 'ready']);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    expect(tags()).toEqual(['editing', 'ready']);
    send({ type: 'groups.save' });
    expect(tags()).toEqual(['editing', 'ready', 'saving']);
    finishSave(SAVED);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    send({ type: 'row.change', key: 'selection-41', patch: { price: 3 } }, { type: 'category.pick', categoryId: 2 });
    expect(tags()).toEqual(['discarding', 'editing', 'ready']);
    failGroups = true;
    send({ type: 'discard.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'groupsFailed' }));
    expect(tags()).toEqual(['groupsFailed', 'ready']);

    const failing = start(async () => SAVED, {
      categories: async () => {
        throw new ApiError('The menu is not available.', { status: 503 });
      },
    });
    await waitFor(failing.actor, (snapshot) => snapshot.matches('failed'));
    expect([...failing.actor.getSnapshot().tags]).toEqual(['failed']);
  });

  it('reads the picked category’s restaurant currency with its groups', async () => {
    const { actor, send, loads } = start(async () => SAVED);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    expect(actor.getSnapshot().context.currency).toBe('USD');
    send({ type: 'category.pick', categoryId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    expect(loads[0]).toEqual({ scope: OWNER, categoryId: 1, restaurantId: 3 });
    expect(actor.getSnapshot().context.currency).toBe('CAD');
  });

  it('keeps edits local until Save, then sends the removals and the rows in screen order', async () => {
    const { actor, send, saves, reads } = start(async () => SAVED);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    send({ type: 'category.pick', categoryId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    send(
      { type: 'row.remove', key: 'selection-41' },
      { type: 'group.add' },
      { type: 'selection.add', groupKey: 'tmp-1' },
      { type: 'selection.add', groupKey: 'tmp-1' },
      { type: 'row.change', key: 'tmp-2', patch: { price: 2.5 } },
    );
    const rows = actor.getSnapshot().context.rows;
    expect(rows.map((row) => [row.key, row.name])).toEqual([
      ['group-31', 'Sauces'],
      ['tmp-1', 'New group'],
      ['tmp-2', 'New'],
      ['tmp-3', 'New 2'],
    ]);
    expect(saves).toEqual([]);
    send({ type: 'groups.save' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }) && saves.length === 1);
    expect(saves[0]!.removed).toEqual([{ table: 'selection', id: 41 }]);
    expect(saves[0]!.rows.find((row) => row.key === 'tmp-2')).toMatchObject({ price: 2.5, groupKey: 'tmp-1' });
    // The answer is the rows as saved: nothing to read again.
    expect(reads()).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ removed: [], error: null });
    expect(actor.getSnapshot().context.rows.map((row) => row.key)).toEqual(['group-31', 'selection-41']);
  });

  it('a Save with a row the contract refuses sends nothing, keeps every edit and marks that input (issue 27)', async () => {
    const { actor, send, saves } = start(async () => SAVED);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    send({ type: 'category.pick', categoryId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    send(
      { type: 'row.change', key: 'selection-41', patch: { price: 2 } },
      { type: 'group.add' },
      { type: 'selection.add', groupKey: 'tmp-1' },
      { type: 'row.change', key: 'tmp-2', patch: { name: '  ' } },
      { type: 'groups.save' },
    );
    expect(saves).toEqual([]);
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(context.error).toBe('Save failed: Some fields are not valid.');
    expect(context.fieldErrors).toEqual({ 'tmp-2': MENU_MESSAGES.name });
    expect(context.rows.map((row) => [row.key, row.name])).toEqual([
      ['group-31', 'Sauces'],
      ['selection-41', 'BBQ'],
      ['tmp-1', 'New group'],
      ['tmp-2', '  '],
    ]);
    // Fixing the row clears its mark; the next Save goes.
    send({ type: 'row.change', key: 'tmp-2', patch: { name: 'Ranch' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    send({ type: 'groups.save' });
    await waitFor(actor, () => saves.length === 1);
    expect(saves[0]!.rows.find((row) => row.key === 'selection-41')).toMatchObject({ price: 2 });
  });

  it('a refused save wrote nothing: it says "Save failed: ...", keeps the edits and marks the inputs the server named', async () => {
    const { actor, send, reads } = start(async () => {
      throw new ApiError('Some fields are not valid.', {
        status: 400,
        fields: { 'groups.0.selections.0.price': 'Enter a price of 0 or more with at most two decimals.', removed_groups: 'Expected a list.' },
      });
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    send({ type: 'category.pick', categoryId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    send({ type: 'group.add' }, { type: 'groups.save' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }) && snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Save failed: Some fields are not valid.');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ 'selection-41.price': 'Enter a price of 0 or more with at most two decimals.' });
    expect(actor.getSnapshot().context.rows.map((row) => row.key)).toEqual(['group-31', 'selection-41', 'tmp-1']);
    expect(reads()).toBe(1);
  });
});

describe('extra options machine: reading and editing', () => {
  const unsaved = async () => SAVED;
  const keys = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.rows.map((row) => row.key);

  it('says why the categories could not be read, and reads them again on Retry', async () => {
    let fails = true;
    const { actor, send } = start(unsaved, {
      categories: async () => {
        if (fails) throw new ApiError('The menu is not available.', { status: 503 });
        return [PIZZA];
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('The menu is not available.');
    fails = false;
    send({ type: 'list.reload' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    expect(actor.getSnapshot().context.categories).toEqual([PIZZA]);
  });

  it('says why the groups could not be read, reads them again on Retry, and Dismiss clears an alert', async () => {
    let fails = true;
    const { actor, send, reads } = start(unsaved, {
      groups: async () => {
        if (fails) throw new ApiError('Category not found.', { status: 404 });
        return structuredClone(GROUPS);
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    send({ type: 'category.pick', categoryId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'groupsFailed' }));
    expect(actor.getSnapshot().context.error).toBe('Category not found.');
    send({ type: 'alert.dismiss' });
    expect(actor.getSnapshot().context.error).toBeNull();
    send({ type: 'list.reload' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'groupsFailed' }) && reads() === 2);
    fails = false;
    send({ type: 'list.reload' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    expect(keys(actor)).toEqual(['group-31', 'selection-41']);
  });

  it('picking another category with edits unsaved asks first: Keep editing keeps them, Discard changes reads the other', async () => {
    const { actor, send, loads } = start(unsaved);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    send({ type: 'category.pick', categoryId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    expect(actor.getSnapshot().context.dirty).toBe(false);
    send({ type: 'row.change', key: 'selection-41', patch: { price: 3 } });
    expect(actor.getSnapshot().context.dirty).toBe(true);
    send({ type: 'category.pick', categoryId: 2 });
    expect(actor.getSnapshot().matches({ ready: 'discarding' })).toBe(true);
    send({ type: 'discard.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ categoryId: 1, pendingCategoryId: null, dirty: true });
    expect(actor.getSnapshot().context.rows.find((row) => row.key === 'selection-41')).toMatchObject({ price: 3 });
    send({ type: 'category.pick', categoryId: 2 }, { type: 'discard.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }) && loads.length === 2);
    expect(loads[1]).toMatchObject({ categoryId: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ categoryId: 2, dirty: false });
  });

  it('picking another category starts from its own rows, with nothing left to delete and no alert', async () => {
    const { actor, send, loads } = start(unsaved, { categories: async () => [PIZZA, { ...PIZZA, id: 2, name: 'Salads', restaurant_id: 4 }] });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    send({ type: 'category.pick', categoryId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    send({ type: 'row.remove', key: 'selection-41' }, { type: 'category.pick', categoryId: 2 }, { type: 'discard.confirm' });
    expect(actor.getSnapshot().context).toMatchObject({ categoryId: 2, rows: [], removed: [], error: null });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }) && loads.length === 2);
    expect(loads[1]).toEqual({ scope: OWNER, categoryId: 2, restaurantId: 4 });
    expect(actor.getSnapshot().context.removed).toEqual([]);
  });

  it('adds rows up to the limit, a selection only under a group, and ignores rows that are not there', async () => {
    const { actor, send } = start(unsaved, { rowLimit: 3 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    send({ type: 'category.pick', categoryId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    const before = actor.getSnapshot().context;
    send(
      { type: 'selection.add', groupKey: 'selection-41' },
      { type: 'selection.add', groupKey: 'group-99' },
      { type: 'row.change', key: 'group-99', patch: { name: 'Gone' } },
      { type: 'row.remove', key: 'group-99' },
    );
    expect(actor.getSnapshot().context.rows).toEqual(before.rows);
    expect(actor.getSnapshot().context.removed).toEqual([]);
    send({ type: 'group.add' }, { type: 'group.add' }, { type: 'selection.add', groupKey: 'group-31' });
    expect(keys(actor)).toEqual(['group-31', 'selection-41', 'tmp-1']);
    // A row made here and removed again has nothing on the server to delete.
    send({ type: 'row.remove', key: 'tmp-1' });
    expect(actor.getSnapshot().context.removed).toEqual([]);
  });

  it('removing a saved group deletes only the group: its selections go with it', async () => {
    const { actor, send } = start(unsaved);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    send({ type: 'category.pick', categoryId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    send({ type: 'row.remove', key: 'group-31' });
    expect(actor.getSnapshot().context).toMatchObject({ rows: [], removed: [{ table: 'group', id: 31 }] });
  });

  it('a category the list does not hold is read with no restaurant (the default currency)', async () => {
    const { actor, send, loads } = start(unsaved);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    send({ type: 'category.pick', categoryId: 8 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    expect(loads[0]).toEqual({ scope: OWNER, categoryId: 8, restaurantId: null });
  });
});

describe('extra options machine: what counts as an unsaved edit', () => {
  const unsaved = async () => SAVED;
  async function editing(save: (call: SaveGroupsCall) => Promise<SavedGroups> = unsaved) {
    const harness = start(save);
    expect(harness.actor.getSnapshot().context).toMatchObject({ categories: [], rows: [], removed: [], fieldErrors: {} });
    await waitFor(harness.actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    harness.send({ type: 'category.pick', categoryId: 1 });
    await waitFor(harness.actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    return harness;
  }

  it.each<[string, ExtraOptionsEvent]>([
    ['a new group', { type: 'group.add' }],
    ['a new selection', { type: 'selection.add', groupKey: 'group-31' }],
    ['a removed row', { type: 'row.remove', key: 'selection-41' }],
  ])('%s is an edit: picking another category asks first', async (_, edit) => {
    const { actor, send } = await editing();
    send(edit);
    expect(actor.getSnapshot().context.dirty).toBe(true);
    send({ type: 'category.pick', categoryId: 2 });
    expect(actor.getSnapshot().matches({ ready: 'discarding' })).toBe(true);
  });

  it('a save that fails on the way (no answer from the server) marks no input', async () => {
    const { actor, send } = await editing(async () => {
      throw new TypeError('Failed to fetch');
    });
    send({ type: 'group.add' }, { type: 'groups.save' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }) && snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toMatch(/^Save failed: /);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('Save again clears the inputs the last refusal marked while it saves', async () => {
    let refuse = true;
    const { actor, send } = await editing(async () => {
      if (refuse) throw new ApiError('Some fields are not valid.', { status: 400, fields: { 'groups.0.name': 'Enter a group name.' } });
      return new Promise<SavedGroups>(() => undefined);
    });
    send({ type: 'groups.save' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }) && snapshot.context.error !== null);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ 'group-31': 'Enter a group name.' });
    refuse = false;
    send({ type: 'groups.save' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('saving'));
    expect(actor.getSnapshot().context).toMatchObject({ fieldErrors: {}, error: null });
  });
});

describe('extra options machine: what the real calls send', () => {
  /** Answers as the server would: a created row gets an id, a change echoes the row, a delete is 204, lists hold the fixtures. */
  function server(request: CheckedRequest): Response {
    const { pathname } = new URL(request.url);
    if (request.method === 'POST') return jsonResponse(200, { groups: [{ ...GROUPS.groups[0], selections: GROUPS.selections }] });
    if (pathname.endsWith('/extra-options/groups/')) return jsonResponse(200, GROUPS.groups);
    if (pathname.endsWith('/extra-options/selections/')) return jsonResponse(200, GROUPS.selections);
    if (pathname.endsWith('/categories/')) return jsonResponse(200, [PIZZA]);
    return jsonResponse(200, []);
  }
  const sent = async (actor: 'loadCategories' | 'loadGroups' | 'saveGroups', input: unknown) =>
    (await requestsOf(extraOptionsMachine, actor, input, server)).map(
      (request) => `${request.method} ${request.path.replace('/api/v2', '')}${request.body === undefined ? '' : ` ${JSON.stringify(request.body)}`}`,
    );

  it('reads the categories, then a category’s groups, its restaurant’s currency and each group’s selections', async () => {
    expect(await sent('loadCategories', { scope: OWNER })).toEqual(['GET /categories/?page_size=100&ordering=id&restaurant_id=3']);
    expect(await sent('loadGroups', { scope: OWNER, categoryId: 1, restaurantId: 3 })).toEqual([
      'GET /extra-options/groups/?page_size=500&category_id=1&restaurant_id=3',
      'GET /restaurants/?restaurant_id=3&page_size=1',
      'GET /extra-options/selections/?page_size=500&group_id=31&restaurant_id=3',
    ]);
    // A category of no restaurant prices in the default currency: nothing to read for it.
    expect(await sent('loadGroups', { scope: OWNER, categoryId: 1, restaurantId: null })).not.toContainEqual(expect.stringContaining('/restaurants/'));
  });

  it('saves the removals and every group with its selections, in screen order, as one request', async () => {
    const rows: EditorRow[] = [
      { table: 'group', key: 'group-31', id: 31, status: 'idle', name: ' Sauces ', required: false, allow_multiple: true, add_images_to_selections: true },
      { table: 'selection', key: 'tmp-3', id: null, status: 'idle', groupKey: 'group-31', name: ' Garlic ', price: 1, image_url: null },
      { table: 'group', key: 'tmp-1', id: null, status: 'idle', name: 'Dips', required: true, allow_multiple: false, add_images_to_selections: false },
      { table: 'selection', key: 'selection-41', id: 41, status: 'idle', groupKey: 'group-31', name: 'BBQ', price: 0.5, image_url: '/uploads/bbq.png' },
      { table: 'selection', key: 'tmp-2', id: null, status: 'idle', groupKey: 'tmp-1', name: 'Salsa', price: 0, image_url: null },
    ];
    const removed = [
      { table: 'selection', id: 42 },
      { table: 'group', id: 32 },
    ];
    expect(await sent('saveGroups', { categoryId: 1, rows, removed })).toEqual([
      `POST /categories/1/extra-options/ ${JSON.stringify({
        removed_groups: [32],
        removed_selections: [42],
        groups: [
          {
            id: 31,
            name: 'Sauces',
            required: false,
            allow_multiple: true,
            add_images_to_selections: true,
            selections: [
              { name: 'Garlic', price: 1, image_url: null },
              { id: 41, name: 'BBQ', price: 0.5, image_url: '/uploads/bbq.png' },
            ],
          },
          { name: 'Dips', required: true, allow_multiple: false, add_images_to_selections: false, selections: [{ name: 'Salsa', price: 0, image_url: null }] },
        ],
      })}`,
    ]);
  });
});
