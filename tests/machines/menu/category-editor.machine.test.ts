import { createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { CategoryDetailUpdate, type CategoryDetail } from '#contracts/menu';
import { parseWith } from '#contracts/shared/validation';
import { checkedBody, updateCategoryDetail } from '#src/services/menu/menu';
import { ApiError } from '#src/services/shared/api';
import type { Assignment, CategoryEditorData, MenuScope } from '#src/services/menu/menu-types';
import type { DetailOutcome } from '#src/machines/menu/category-detail-sync.machine';
import { categoryEditorMachine } from '#src/machines/menu/category-editor.machine';
import type { ChipCall, CreateRowCall, DeleteRowCall, UpdateDetailCall } from '#src/machines/menu/category-editor.calls';
import type { CategoryEditorEvent } from '#src/machines/menu/category-editor.context';
import type { ChipReport, RowOutcome } from '#src/machines/menu/category-row-sync.machine';
import { assertWalksCover, type PathCoverageOptions } from '../../support/path-coverage';
import { CATALOGUE, DETAIL, EMPTY_CATEGORY, NO_RESTAURANT, OWNER, SUPERADMIN, categoryData } from './category-editor.fixtures';
import { contractChecksDone } from '../../support/contract-double';
import { provideCategoryEditor } from './category-editor.doubles';
import { stateTags } from '../../support/state-tags';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id });
const fail = (id: string, status: number) => ({ type: `xstate.error.actor.${id}`, error: new ApiError(`HTTP ${status}`, { status }), actorId: id });

const SMALL = { id: 21, category_id: 1, name: 'Small', units: 10, measurement: 'Inches' as const, position: 1 };

/**
 * Answers for every actor, so no walk step reads an undefined output. The two children answer
 * with their outcome: one the editor applies and goes on, and the failed update that makes it
 * read the category again (each outcome's effect is tested below and in the children's tests).
 */
const ANSWERS: AnyEventObject[] = [
  done('createDetail', DETAIL),
  done('createCategory', { id: 1, name: 'Pizza', description: '', restaurant_id: 3 }),
  done('rowSync', { kind: 'created', id: 70 } satisfies RowOutcome),
  done('rowSync', { kind: 'updateFailed' } satisfies RowOutcome),
  done('detailSync', { kind: 'saved', detail: DETAIL } satisfies DetailOutcome),
  done('detailSync', { kind: 'updateFailed' } satisfies DetailOutcome),
  done('uploadHero', { url: '/uploads/hero.jpg', path: 'hero.jpg' }),
];

/** The editor's own events: a focused walk sends only some of them (the rest are skipped). */
const EDITOR_EVENTS: readonly CategoryEditorEvent['type'][] = [
  'load.retry',
  'field.change',
  'field.save',
  'detail.change',
  'topping.toggle',
  'dressing.toggle',
  'size.add',
  'group.add',
  'selection.add',
  'row.change',
  'row.save',
  'row.remove',
  'size.remove',
  'removal.confirm',
  'removal.cancel',
  'image.upload',
  'category.save',
  'alert.dismiss',
];
const sendingOnly = (...types: CategoryEditorEvent['type'][]) => ({ skip: EDITOR_EVENTS.filter((type) => !types.includes(type)) });

/**
 * The editor's state space multiplies (queue order × rows × chips × regions), so it is walked
 * in focused slices, each with a few payloads and only the events it is about; together they
 * must reach everything.
 */
const WALKS: Record<string, PathCoverageOptions> = {
  'new mode, an owner': {
    input: { categoryId: null, scope: OWNER, rowLimit: 1 },
    events: [
      ...ANSWERS,
      done('loadEditor', { ...EMPTY_CATEGORY, ...CATALOGUE, toppings: [CATALOGUE.toppings[0]!], dressings: [] }),
      fail('loadEditor', 500),
      fail('createCategory', 400),
      { type: 'field.change', field: 'name', value: 'Pizza' },
      { type: 'detail.change', patch: { pricedBy: 'size' } },
      { type: 'topping.toggle', id: 1 },
      { type: 'row.change', key: 'tmp-1', patch: { name: 'Large' } },
      { type: 'row.remove', key: 'tmp-1' },
    ],
  },
  'new mode, a superadmin with no restaurant': {
    input: { categoryId: null, scope: SUPERADMIN, rowLimit: 0 },
    events: [
      ...ANSWERS,
      done('loadEditor', EMPTY_CATEGORY),
      done('findFirstRestaurant', 5),
      done('findFirstRestaurant', null),
      fail('findFirstRestaurant', 500),
      { type: 'field.change', field: 'name', value: 'Pizza' },
    ],
  },
  'new mode, an owner with no restaurant': {
    input: { categoryId: null, scope: NO_RESTAURANT, rowLimit: 0 },
    events: [...ANSWERS, done('loadEditor', EMPTY_CATEGORY), { type: 'field.change', field: 'name', value: 'Pizza' }],
  },
  'edit mode: loading, a missing category, a missing detail': {
    input: { categoryId: 1, scope: OWNER, rowLimit: 0 },
    events: [
      ...ANSWERS,
      done('loadEditor', categoryData({ detail: null, toppings: [], dressings: [] })),
      // Another restaurant's category (issue 27): no detail is created for it.
      done('loadEditor', categoryData({ category: { id: 1, name: 'Tacos', description: '', restaurant_id: 4 }, detail: null, restaurantName: 'Taco Town' })),
      fail('loadEditor', 404),
      fail('loadEditor', 500),
    ],
  },
  'edit mode: chips': {
    input: { categoryId: 1, scope: OWNER, rowLimit: 0 },
    ...sendingOnly('topping.toggle', 'dressing.toggle'),
    events: [
      ...ANSWERS,
      done('loadEditor', categoryData({ toppings: [CATALOGUE.toppings[0]!], dressings: [] })),
      { type: 'topping.toggle', id: 1 },
      // What the row sync reports while it re-reads the chip's list, and how the re-read ends.
      { type: 'chip.saved', assignmentId: 9 } satisfies ChipReport,
      { type: 'chip.refused', assign: true } satisfies ChipReport,
      done('rowSync', { kind: 'chipsReread', assignments: [{ id: 9, category_id: 1, item_id: 1 }] } satisfies RowOutcome),
      done('rowSync', { kind: 'chipsUnread' } satisfies RowOutcome),
    ],
  },
  'edit mode: the detail saved, or refused': {
    input: { categoryId: 1, scope: OWNER, rowLimit: 0 },
    ...sendingOnly('detail.change'),
    events: [...ANSWERS, done('loadEditor', categoryData({ toppings: [], dressings: [] })), { type: 'detail.change', patch: { pricedBy: 'weight' } }],
  },
  'edit mode: the name': {
    input: { categoryId: 1, scope: OWNER, rowLimit: 0 },
    ...sendingOnly('field.change', 'field.save', 'alert.dismiss'),
    events: [
      ...ANSWERS,
      done('loadEditor', categoryData({ toppings: [], dressings: [] })),
      { type: 'field.change', field: 'name', value: '' },
      { type: 'field.save', field: 'name' },
    ],
  },
  'edit mode: the hero image upload': {
    input: { categoryId: 1, scope: OWNER, rowLimit: 0 },
    ...sendingOnly('image.upload'),
    events: [...ANSWERS, done('loadEditor', categoryData({ toppings: [], dressings: [] })), { type: 'image.upload', file: new Blob(['x']) }],
  },
  'edit mode: a size row': {
    input: { categoryId: 1, scope: OWNER, rowLimit: 1 },
    ...sendingOnly('size.add', 'row.change', 'row.save', 'row.remove', 'alert.dismiss'),
    events: [
      ...ANSWERS,
      done('loadEditor', categoryData({ toppings: [], dressings: [] })),
      { type: 'row.save', key: 'tmp-1' },
      { type: 'row.remove', key: 'tmp-1' },
    ],
  },
  'edit mode: removing a saved size that menu items price': {
    input: { categoryId: 1, scope: OWNER, rowLimit: 0 },
    ...sendingOnly('size.remove', 'removal.confirm', 'removal.cancel'),
    // Only the calls this walk makes: the rest multiplies its paths for nothing.
    events: [
      done('rowSync', { kind: 'deleted' } satisfies RowOutcome),
      done('loadEditor', categoryData({ toppings: [], dressings: [], sizes: [SMALL] })),
      done('countSizePrices', 2),
      done('countSizePrices', 0),
      fail('countSizePrices', 500),
      { type: 'size.remove', key: 'size-21' },
      { type: 'removal.confirm' },
      { type: 'removal.cancel' },
    ],
  },
  'new mode: removing a size': {
    input: { categoryId: null, scope: OWNER, rowLimit: 1 },
    events: [
      ...ANSWERS,
      done('loadEditor', { ...EMPTY_CATEGORY, ...CATALOGUE }),
      { type: 'detail.change', patch: { pricedBy: 'size' } },
      { type: 'size.remove', key: 'tmp-1' },
    ],
  },
  'edit mode: a group and its selection': {
    input: { categoryId: 1, scope: OWNER, rowLimit: 2 },
    ...sendingOnly('group.add', 'selection.add', 'row.change', 'row.save', 'row.remove'),
    events: [
      ...ANSWERS,
      done('loadEditor', categoryData({ toppings: [], dressings: [], detail: { ...DETAIL, priced_by: 'none' } })),
      { type: 'selection.add', groupKey: 'tmp-1' },
      { type: 'row.remove', key: 'tmp-2' },
    ],
  },
};

describe('category editor machine: path coverage', () => {
  it('reaches every state and transition, every failure branch included', () => {
    const reports = assertWalksCover(categoryEditorMachine, Object.values(WALKS));
    // Every failure branch is among them; counted so that one dropped from the machine shows here too.
    const failures = new Set(reports.flatMap((report) => report.transitions.reached.filter((label) => label.includes('xstate.error.actor'))));
    // The calls of the row and detail queues fail inside their own machines (their tests count those).
    expect(failures.size).toBe(8);
  });
});

// ---------------------------------------------------------------------------------------------
// Behaviour against a fake server whose answers the tests control.

type Pending = { actor: string; input: unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** `read` answers the editor's reads of the category (the first is 1); by default each gets `data`. */
function fakeServer(data: CategoryEditorData, read: (count: number) => Promise<CategoryEditorData> = async () => structuredClone(data)) {
  const pending: Pending[] = [];
  const calls: { actor: string; input: unknown }[] = [];
  let reads = 0;
  // Typed `never` so one helper can stand in for actors of every output type.
  const held = (actor: string) =>
    fromPromise<unknown, unknown>(({ input }) => {
      calls.push({ actor, input });
      return new Promise((resolve, reject) => pending.push({ actor, input, resolve, reject }));
    }) as never;
  const machine = provideCategoryEditor({
    actors: {
      loadEditor: fromPromise<CategoryEditorData, { categoryId: number | null; scope: MenuScope }>(() => read(++reads)),
      createDetail: held('createDetail'),
      findFirstRestaurant: held('findFirstRestaurant'),
      createCategory: held('createCategory'),
      updateCategory: held('updateCategory'),
      updateDetail: held('updateDetail'),
      assignChip: held('assignChip'),
      unassignChip: held('unassignChip'),
      rereadChips: held('rereadChips'),
      createRow: held('createRow'),
      updateRow: held('updateRow'),
      deleteRow: held('deleteRow'),
      uploadHero: held('uploadHero'),
      countSizePrices: held('countSizePrices'),
    },
  });
  /** Answers the one call out (the queue sends one at a time), checking which it is. */
  async function answer(actor: string, outcome: { ok: unknown } | { error: unknown }) {
    await Promise.resolve();
    expect(pending.map((call) => call.actor)).toEqual([actor]);
    const call = pending.shift()!;
    if ('ok' in outcome) call.resolve(outcome.ok);
    else call.reject(outcome.error);
    await contractChecksDone();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { machine, pending, calls, answer, reads: () => reads };
}

async function startEdit(data = categoryData(), scope: MenuScope = OWNER, read?: (count: number) => Promise<CategoryEditorData>) {
  const server = fakeServer(data, read);
  const actor = createActor(server.machine, { input: { categoryId: 1, scope } }).start();
  await waitFor(actor, (snapshot) => snapshot.matches({ editor: 'live' }));
  const send = (...events: CategoryEditorEvent[]) => events.forEach((event) => actor.send(event));
  const rows = () => actor.getSnapshot().context.rows;
  return { ...server, actor, send, rows, context: () => actor.getSnapshot().context };
}

const assignment = (id: number, itemId: number): Assignment => ({ id, category_id: 1, item_id: itemId });

describe('category editor machine: edit mode saves each change at once', () => {
  it('adds sizes in click order, each once, and swaps temporary ids for the server’s', async () => {
    const editor = await startEdit();
    editor.send({ type: 'size.add' }, { type: 'size.add' }, { type: 'size.add' });
    expect(
      editor
        .rows()
        .filter((row) => row.table === 'size')
        .map((row) => [row.key, row.name, row.status]),
    ).toEqual([
      ['tmp-1', 'New', 'saving'],
      ['tmp-2', 'New', 'saving'],
      ['tmp-3', 'New', 'saving'],
    ]);
    expect(
      editor
        .rows()
        .filter((row) => row.table === 'size')
        .map((row) => row.table === 'size' && row.position),
    ).toEqual([1, 2, 3]);
    // Only one call is out at a time: the second waits for the first answer.
    expect(editor.pending).toHaveLength(1);
    await editor.answer('createRow', { ok: { id: 101 } });
    await editor.answer('createRow', { ok: { id: 102 } });
    await editor.answer('createRow', { ok: { id: 103 } });
    expect(editor.rows().map((row) => [row.key, row.id, row.status])).toEqual([
      ['tmp-1', 101, 'confirmed'],
      ['tmp-2', 102, 'confirmed'],
      ['tmp-3', 103, 'confirmed'],
    ]);
    expect(editor.calls.map((call) => (call.input as CreateRowCall).row.key)).toEqual(['tmp-1', 'tmp-2', 'tmp-3']);
  });

  it('a renamed row whose create has not been sent is created once, with its latest name', async () => {
    const editor = await startEdit();
    editor.send({ type: 'size.add' }, { type: 'size.add' });
    editor.send({ type: 'row.change', key: 'tmp-2', patch: { name: 'Large', units: 30, measurement: 'Centimeters' } }, { type: 'row.save', key: 'tmp-2' });
    await editor.answer('createRow', { ok: { id: 101 } });
    await editor.answer('createRow', { ok: { id: 102 } });
    expect(editor.calls).toHaveLength(2);
    const second = (editor.calls[1]!.input as CreateRowCall).row;
    expect(second).toMatchObject({ name: 'Large', units: 30, measurement: 'Centimeters' });
    expect(editor.pending).toHaveLength(0);
  });

  it('a failed create removes its row and says so; the next queued call still goes', async () => {
    const editor = await startEdit();
    const group = editor.rows().find((row) => row.table === 'group');
    expect(group).toBeUndefined();
    editor.send({ type: 'group.add' });
    await editor.answer('createRow', { ok: { id: 300 } });
    editor.send({ type: 'selection.add', groupKey: 'tmp-1' }, { type: 'selection.add', groupKey: 'tmp-1' });
    expect(
      editor
        .rows()
        .filter((row) => row.table === 'selection')
        .map((row) => row.name),
    ).toEqual(['New', 'New 2']);
    await editor.answer('createRow', { error: new ApiError('HTTP 500', { status: 500 }) });
    expect(editor.context().error).toBe('Failed to add selection');
    expect(
      editor
        .rows()
        .filter((row) => row.table === 'selection')
        .map((row) => row.key),
    ).toEqual(['tmp-3']);
    await editor.answer('createRow', { ok: { id: 302 } });
    expect((editor.calls.at(-1)!.input as CreateRowCall).groupId).toBe(300);
    expect(editor.rows().find((row) => row.key === 'tmp-3')).toMatchObject({ id: 302, status: 'confirmed' });
  });

  it('a failed group create says "Failed to add group" and takes its unsent selections with it', async () => {
    const editor = await startEdit();
    editor.send({ type: 'group.add' }, { type: 'selection.add', groupKey: 'tmp-1' });
    await editor.answer('createRow', { error: new ApiError('HTTP 500', { status: 500 }) });
    expect(editor.context().error).toBe('Failed to add group');
    expect(editor.rows()).toEqual([]);
    expect(editor.pending).toHaveLength(0);
  });

  it('a failed delete restores the selection where it was', async () => {
    const data = categoryData({
      groups: [{ id: 31, category_id: 1, name: 'Sauces', required: false, allow_multiple: true, add_images_to_selections: true }],
      selections: [
        { id: 41, group_id: 31, name: 'BBQ', price: 0.5, image_url: null },
        { id: 42, group_id: 31, name: 'Garlic', price: 0.75, image_url: null },
      ],
    });
    const editor = await startEdit(data);
    editor.send({ type: 'row.remove', key: 'selection-41' });
    expect(editor.rows().find((row) => row.key === 'selection-41')?.status).toBe('deleting');
    await editor.answer('deleteRow', { error: new ApiError('HTTP 500', { status: 500 }) });
    expect(editor.context().error).toBe('Failed to delete selection');
    expect(
      editor
        .rows()
        .filter((row) => row.table === 'selection')
        .map((row) => [row.key, row.status]),
    ).toEqual([
      ['selection-41', 'idle'],
      ['selection-42', 'idle'],
    ]);
    expect(editor.calls[0]!.input as DeleteRowCall).toEqual({ table: 'selection', id: 41 });
  });

  it('deleting a row whose create is still waiting sends nothing; deleting one whose create is out waits for its id', async () => {
    const editor = await startEdit();
    editor.send({ type: 'size.add' }, { type: 'size.add' });
    editor.send({ type: 'row.remove', key: 'tmp-2' });
    editor.send({ type: 'row.remove', key: 'tmp-1' });
    expect(editor.rows().map((row) => [row.key, row.status])).toEqual([['tmp-1', 'deleting']]);
    await editor.answer('createRow', { ok: { id: 101 } });
    expect(editor.rows()[0]).toMatchObject({ id: 101, status: 'deleting' });
    await editor.answer('deleteRow', { ok: undefined });
    expect(editor.rows()).toEqual([]);
    expect(editor.calls.map((call) => call.actor)).toEqual(['createRow', 'deleteRow']);
  });

  it('a failed update re-reads the category and says "Failed to save change"', async () => {
    const data = categoryData({ sizes: [{ id: 21, category_id: 1, name: 'Small', units: 10, measurement: 'Inches', position: 1 }] });
    const editor = await startEdit(data);
    editor.send({ type: 'row.change', key: 'size-21', patch: { name: 'Tiny' } }, { type: 'row.save', key: 'size-21' });
    await editor.answer('updateRow', { error: new ApiError('HTTP 400', { status: 400 }) });
    await waitFor(editor.actor, (snapshot) => snapshot.matches({ editor: { live: { sync: 'idle' } } }));
    expect(editor.context().error).toBe('Failed to save change');
    // The server's name is back: nothing shows a saved state the server does not have.
    expect(editor.rows().find((row) => row.key === 'size-21')).toMatchObject({ name: 'Small', status: 'idle' });
  });

  it('a re-read after a failed update keeps the edits still waiting to be sent, and sends them', async () => {
    const data = categoryData({
      sizes: [
        { id: 21, category_id: 1, name: 'Small', units: 10, measurement: 'Inches', position: 1 },
        { id: 22, category_id: 1, name: 'Large', units: 14, measurement: 'Inches', position: 2 },
      ],
    });
    const editor = await startEdit(data);
    editor.send(
      { type: 'row.change', key: 'size-21', patch: { name: 'Tiny' } },
      { type: 'row.save', key: 'size-21' },
      // Typed while the first update is out: queued behind it.
      { type: 'row.change', key: 'size-22', patch: { name: 'Huge' } },
      { type: 'row.save', key: 'size-22' },
      { type: 'field.change', field: 'description', value: 'Stone baked' },
      { type: 'field.save', field: 'description' },
    );
    await editor.answer('updateRow', { error: new ApiError('HTTP 400', { status: 400 }) });
    // The fake server answers the re-read at once with what it has; then the queue goes on.
    await vi.waitFor(() => expect(editor.pending.map((call) => call.actor)).toEqual(['updateRow']));
    expect(editor.context().error).toBe('Failed to save change');
    expect(editor.rows().find((row) => row.key === 'size-21')).toMatchObject({ name: 'Small' });
    expect(editor.rows().find((row) => row.key === 'size-22')).toMatchObject({ name: 'Huge', status: 'saving' });
    expect(editor.context().form.description).toBe('Stone baked');
    expect(editor.pending[0]!.input).toMatchObject({ row: { key: 'size-22', name: 'Huge' } });
  });

  it('a failed update whose re-read fails too keeps the alert, and the queue goes on', async () => {
    const data = categoryData({
      sizes: [
        { id: 21, category_id: 1, name: 'Small', units: 10, measurement: 'Inches', position: 1 },
        { id: 22, category_id: 1, name: 'Large', units: 14, measurement: 'Inches', position: 2 },
      ],
    });
    const editor = await startEdit(data, OWNER, async (count) => {
      if (count > 1) throw new ApiError('The service is temporarily unavailable.', { status: 503 });
      return structuredClone(data);
    });
    editor.send(
      { type: 'row.change', key: 'size-21', patch: { name: 'Tiny' } },
      { type: 'row.save', key: 'size-21' },
      { type: 'row.change', key: 'size-22', patch: { name: 'Huge' } },
      { type: 'row.save', key: 'size-22' },
    );
    await editor.answer('updateRow', { error: new ApiError('HTTP 400', { status: 400 }) });
    // The re-read failed: the editor says the change failed and sends what is still queued.
    await vi.waitFor(() => expect(editor.pending.map((call) => call.actor)).toEqual(['updateRow']));
    expect(editor.reads()).toBe(2);
    expect(editor.context().error).toBe('Failed to save change');
    // Nothing is out or queued for the refused row any more: it no longer says "Saving…".
    expect(editor.rows().find((row) => row.key === 'size-21')).toMatchObject({ name: 'Tiny', status: 'idle' });
    expect(editor.actor.getSnapshot().matches({ editor: { live: { sync: 'sendingRow' } } })).toBe(true);
    expect(editor.pending[0]!.input).toMatchObject({ row: { key: 'size-22', name: 'Huge' } });
    await editor.answer('updateRow', { ok: {} });
    expect(editor.actor.getSnapshot().matches({ editor: { live: { sync: 'idle' } } })).toBe(true);
    expect(editor.rows().find((row) => row.key === 'size-22')).toMatchObject({ name: 'Huge', status: 'confirmed' });
  });

  it('toggles chips optimistically; a failure rolls back with the specified words', async () => {
    const editor = await startEdit();
    editor.send({ type: 'topping.toggle', id: 1 });
    expect(editor.context().chips).toEqual([{ list: 'toppings', itemId: 1, assigned: true, assignmentId: null, status: 'saving' }]);
    await editor.answer('assignChip', { error: new ApiError('HTTP 500', { status: 500 }) });
    expect(editor.context().chips[0]).toMatchObject({ assigned: false, status: 'rolledBack' });
    expect(editor.context().error).toBe('Failed to assign topping');
    await editor.answer('rereadChips', { ok: [] });
    expect(editor.context().chips[0]).toMatchObject({ assigned: false, status: 'rolledBack' });

    editor.send({ type: 'dressing.toggle', id: 1 });
    await editor.answer('assignChip', { ok: assignment(8, 1) });
    await editor.answer('rereadChips', { ok: [assignment(8, 1)] });
    expect(editor.context().chips.find((chip) => chip.list === 'dressings')).toMatchObject({ assigned: true, assignmentId: 8, status: 'confirmed' });
    editor.send({ type: 'dressing.toggle', id: 1 });
    await editor.answer('unassignChip', { error: new ApiError('HTTP 500', { status: 500 }) });
    expect(editor.context().error).toBe('Failed to unassign dressing');
    await editor.answer('rereadChips', { ok: [assignment(8, 1)] });
    expect(editor.context().chips.find((chip) => chip.list === 'dressings')).toMatchObject({ assigned: true, assignmentId: 8, status: 'rolledBack' });
  });

  it('rapid toggles while a call is out end where the last click left them, with no extra calls', async () => {
    const editor = await startEdit();
    editor.send({ type: 'topping.toggle', id: 2 });
    editor.send({ type: 'topping.toggle', id: 2 }, { type: 'topping.toggle', id: 2 }, { type: 'topping.toggle', id: 2 });
    await editor.answer('assignChip', { ok: assignment(5, 2) });
    // The re-read between the two calls keeps the clicks still queued.
    await editor.answer('rereadChips', { ok: [assignment(5, 2)] });
    expect(editor.context().chips.find((chip) => chip.itemId === 2)).toMatchObject({ assigned: false, assignmentId: 5, status: 'saving' });
    // Four clicks: on, off, on, off. The last three collapse into one job: unassign.
    await editor.answer('unassignChip', { ok: undefined });
    await editor.answer('rereadChips', { ok: [] });
    expect(editor.pending).toHaveLength(0);
    expect(editor.calls.map((call) => call.actor)).toEqual(['assignChip', 'rereadChips', 'unassignChip', 'rereadChips']);
    expect(editor.context().chips.find((chip) => chip.itemId === 2)).toMatchObject({ assigned: false, assignmentId: null, status: 'confirmed' });
    expect((editor.calls[0]!.input as ChipCall).scope).toEqual(OWNER);
  });

  it('re-reads the toggled list from the server after each toggle, success or failure, and shows what the server has', async () => {
    const editor = await startEdit();
    editor.send({ type: 'topping.toggle', id: 1 });
    await editor.answer('assignChip', { ok: assignment(5, 1) });
    // The list that was toggled, for this category, in this restaurant.
    expect(editor.pending[0]).toMatchObject({ actor: 'rereadChips', input: { list: 'toppings', categoryId: 1, scope: OWNER } });
    // Meanwhile another tab assigned Basil: the re-read brings it in.
    await editor.answer('rereadChips', { ok: [assignment(5, 1), assignment(6, 2)] });
    const toppings = () =>
      editor
        .context()
        .chips.filter((chip) => chip.list === 'toppings' && chip.assigned)
        .map((chip) => [chip.itemId, chip.assignmentId]);
    expect(toppings()).toEqual([
      [1, 5],
      [2, 6],
    ]);

    // A failed unassign still re-reads: here the server had already lost the assignment.
    editor.send({ type: 'topping.toggle', id: 2 });
    await editor.answer('unassignChip', { error: new ApiError('HTTP 500', { status: 500 }) });
    expect(editor.pending[0]).toMatchObject({ actor: 'rereadChips', input: { list: 'toppings' } });
    await editor.answer('rereadChips', { ok: [assignment(5, 1)] });
    expect(toppings()).toEqual([[1, 5]]);

    // A re-read that fails leaves the chips as the call's answer left them, and the queue goes on.
    editor.send({ type: 'dressing.toggle', id: 1 });
    await editor.answer('assignChip', { ok: assignment(8, 1) });
    await editor.answer('rereadChips', { error: new ApiError('HTTP 500', { status: 500 }) });
    expect(editor.context().chips.find((chip) => chip.list === 'dressings')).toMatchObject({ assigned: true, assignmentId: 8, status: 'confirmed' });
    expect(editor.actor.getSnapshot().matches({ editor: { live: { sync: 'idle' } } })).toBe(true);
    expect(editor.context().current).toBeNull();
  });

  it('creates a missing detail on load with priced_by none', async () => {
    const server = fakeServer(categoryData({ detail: null }));
    const actor = createActor(server.machine, { input: { categoryId: 1, scope: OWNER } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ editor: 'creatingDetail' }));
    expect(server.calls[0]).toMatchObject({ actor: 'createDetail', input: { categoryId: 1, values: { priced_by: 'none' } } });
    await server.answer('createDetail', { ok: { ...DETAIL, priced_by: 'none', id: 12 } satisfies CategoryDetail });
    expect(actor.getSnapshot().matches({ editor: 'live' })).toBe(true);
    expect(actor.getSnapshot().context.detailId).toBe(12);
  });

  it('another restaurant’s category, opened by link, is shown as whose it is, and nothing is written for it, not even its missing detail (issue 27)', async () => {
    const tacos = { id: 1, name: 'Tacos', description: '', restaurant_id: 4 };
    const server = fakeServer(categoryData({ category: tacos, detail: null, restaurantName: 'Taco Town' }));
    const actor = createActor(server.machine, { input: { categoryId: 1, scope: OWNER } }).start();
    // Read: then either shown as another restaurant's or (wrongly) on to create its detail.
    const shown = await waitFor(actor, (snapshot) => !snapshot.matches({ editor: 'loading' }));
    expect(shown.matches({ editor: 'otherRestaurant' })).toBe(true);
    expect(shown.hasTag('otherRestaurant')).toBe(true);
    expect(shown.context.restaurant).toEqual({ id: 4, name: 'Taco Town' });
    expect(server.calls).toEqual([]);
  });

  it('a missing detail that cannot be created fails the load; Retry reads the category again and creates it', async () => {
    const server = fakeServer(categoryData({ detail: null }));
    const actor = createActor(server.machine, { input: { categoryId: 1, scope: OWNER } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ editor: 'creatingDetail' }));
    await server.answer('createDetail', { error: new ApiError('The service is temporarily unavailable.', { status: 503 }) });
    expect(actor.getSnapshot().matches({ editor: 'loadFailed' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('The service is temporarily unavailable.');
    actor.send({ type: 'load.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches({ editor: 'creatingDetail' }));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(server.reads()).toBe(2);
    await server.answer('createDetail', { ok: { ...DETAIL, priced_by: 'none', id: 12 } satisfies CategoryDetail });
    expect(actor.getSnapshot().matches({ editor: 'live' })).toBe(true);
    expect(actor.getSnapshot().context.detailId).toBe(12);
    expect(server.calls.map((call) => call.actor)).toEqual(['createDetail', 'createDetail']);
  });

  it('a detail update answering 404 creates the detail instead, with the new values', async () => {
    const editor = await startEdit();
    editor.send({ type: 'detail.change', patch: { pricedBy: 'weight', allowToppings: false } });
    expect(editor.calls[0]!.input as UpdateDetailCall).toMatchObject({ detailId: 11, values: { priced_by: 'weight', allow_toppings: false } });
    await editor.answer('updateDetail', { error: new ApiError('Not found.', { status: 404 }) });
    expect(editor.calls[1]).toMatchObject({ actor: 'createDetail', input: { categoryId: 1, values: { priced_by: 'weight', allow_toppings: false } } });
    await editor.answer('createDetail', { ok: { ...DETAIL, id: 13, priced_by: 'weight' } });
    expect(editor.context().detailId).toBe(13);
    expect(editor.context().error).toBeNull();
  });

  it('every settings change sends exactly a CategoryDetailUpdate, the body the server accepts (issue 10)', async () => {
    const editor = await startEdit(categoryData({ detail: { ...DETAIL, priced_by: 'none', allow_toppings: false, allow_dressings: false } }));
    const changes: CategoryEditorEvent[][] = [
      [{ type: 'detail.change', patch: { pricedBy: 'size' } }],
      [{ type: 'detail.change', patch: { primaryOptionSets: [5] } }],
      [
        { type: 'field.change', field: 'imageUrl', value: ' https://example.com/hero.jpg ' },
        { type: 'field.save', field: 'imageUrl' },
      ],
      [{ type: 'detail.change', patch: { allowToppings: true } }],
      [{ type: 'detail.change', patch: { allowDressings: true } }],
    ];
    for (const change of changes) {
      editor.send(...change);
      const body = (editor.pending[0]!.input as UpdateDetailCall).values;
      // Validated as the server validates it: an unknown field (category_id) fails here.
      expect(() => parseWith(CategoryDetailUpdate, body)).not.toThrow();
      expect(body).not.toHaveProperty('category_id');
      await editor.answer('updateDetail', { ok: DETAIL });
    }
    expect((editor.calls.at(-1)!.input as UpdateDetailCall).values).toEqual({
      priced_by: 'size',
      primary_option_sets: [5],
      image_url: 'https://example.com/hero.jpg',
      allow_toppings: true,
      allow_dressings: true,
    });
  });

  it('the menu service refuses a body its contract refuses, as the server answers it: 400 with fields', () => {
    const refusal = (() => {
      try {
        checkedBody(CategoryDetailUpdate, { category_id: 1, priced_by: 'size' });
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 400, code: 'invalid', fields: { category_id: 'Unknown field.' } });
    expect(checkedBody(CategoryDetailUpdate, { priced_by: 'size', image_url: '' })).toEqual({ priced_by: 'size', image_url: null });
  });

  it('a refused body fails the call with a rejected promise (the actor’s error event), never a throw that escapes the machine', async () => {
    const bad = { category_id: 1, priced_by: 'size' } as unknown as Parameters<typeof updateCategoryDetail>[1];
    let pending: Promise<unknown> | null = null;
    expect(() => {
      pending = updateCategoryDetail(11, bad);
    }).not.toThrow();
    await expect(pending).rejects.toMatchObject({ status: 400, fields: { category_id: 'Unknown field.' } });
  });

  it('Save sends the name, waits for everything queued, then leaves for the list; a blank name stays', async () => {
    const editor = await startEdit();
    const navigate = vi.fn();
    editor.actor.on('screen.navigate', navigate);
    editor.send({ type: 'field.change', field: 'name', value: '   ' }, { type: 'category.save' });
    expect(editor.context().nameError).toBe('Please enter a category name');
    expect(editor.actor.getSnapshot().matches({ editor: { live: { leave: 'editing' } } })).toBe(true);
    editor.send({ type: 'field.change', field: 'name', value: '  Pizzas ' }, { type: 'size.add' }, { type: 'category.save' });
    await editor.answer('createRow', { ok: { id: 101 } });
    expect(editor.actor.getSnapshot().matches({ editor: { live: { leave: 'leaving' } } })).toBe(true);
    expect(editor.actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(editor.calls.at(-1)).toMatchObject({ actor: 'updateCategory', input: { id: 1, name: 'Pizzas' } });
    expect(navigate).not.toHaveBeenCalled();
    await editor.answer('updateCategory', { ok: { id: 1, name: 'Pizzas', description: '', restaurant_id: 3 } });
    expect(editor.actor.getSnapshot().matches({ editor: { live: { leave: 'left' } } })).toBe(true);
    expect(navigate.mock.calls).toEqual([[{ type: 'screen.navigate', to: '/menu/categories', replace: false }]]);
  });

  it('an uploaded hero image is saved to the detail; a failed upload says "Upload failed: ..."', async () => {
    const editor = await startEdit();
    editor.send({ type: 'image.upload', file: new Blob(['jpeg']) });
    await editor.answer('uploadHero', { ok: { url: '/uploads/hero.jpg', path: 'hero.jpg' } });
    expect(editor.context().form.imageUrl).toBe('/uploads/hero.jpg');
    expect(editor.calls.at(-1)).toMatchObject({ actor: 'updateDetail', input: { values: { image_url: '/uploads/hero.jpg' } } });
    await editor.answer('updateDetail', { ok: DETAIL });
    editor.send({ type: 'image.upload', file: new Blob(['gif']) });
    await editor.answer('uploadHero', { error: new ApiError('Not an image.', { status: 415 }) });
    expect(editor.context().error).toBe('Upload failed: Not an image.');
  });

  it('a failure while leaving keeps the person on the editor with the alert', async () => {
    const editor = await startEdit();
    editor.send({ type: 'category.save' });
    await editor.answer('updateCategory', { error: new ApiError('HTTP 500', { status: 500 }) });
    expect(editor.context().error).toBe('Failed to save change');
    expect(editor.actor.getSnapshot().matches({ editor: { live: { leave: 'editing' } } })).toBe(true);
  });
});

describe('category editor machine: removing a size that menu items price (issue 10)', () => {
  const twoSizes = () => categoryData({ sizes: [SMALL, { ...SMALL, id: 22, name: 'Large', position: 2 }] });

  it('counts the prices first and removes only once the person confirms', async () => {
    const editor = await startEdit(twoSizes());
    editor.send({ type: 'size.remove', key: 'size-21' });
    expect(editor.pending[0]).toMatchObject({ actor: 'countSizePrices', input: { categoryId: 1, sizeId: 21, scope: OWNER } });
    await editor.answer('countSizePrices', { ok: 3 });
    expect(editor.actor.getSnapshot().matches({ editor: { live: { removal: 'confirming' } } })).toBe(true);
    expect(editor.context().sizeRemoval).toEqual({ key: 'size-21', name: 'Small', prices: 3 });
    // Nothing is sent, and the size stays, until the person says so.
    expect(editor.pending).toEqual([]);
    expect(editor.rows().find((row) => row.key === 'size-21')?.status).toBe('idle');
    editor.send({ type: 'removal.confirm' });
    expect(editor.context().sizeRemoval).toBeNull();
    expect(editor.rows().find((row) => row.key === 'size-21')?.status).toBe('deleting');
    await editor.answer('deleteRow', { ok: undefined });
    expect(editor.rows().map((row) => row.key)).toEqual(['size-22']);
  });

  it('Cancel keeps the size; a size no item prices goes without asking', async () => {
    const editor = await startEdit(twoSizes());
    editor.send({ type: 'size.remove', key: 'size-21' });
    await editor.answer('countSizePrices', { ok: 1 });
    editor.send({ type: 'removal.cancel' });
    expect(editor.context().sizeRemoval).toBeNull();
    expect(editor.rows().map((row) => [row.key, row.status])).toEqual([
      ['size-21', 'idle'],
      ['size-22', 'idle'],
    ]);
    editor.send({ type: 'size.remove', key: 'size-22' });
    await editor.answer('countSizePrices', { ok: 0 });
    expect(editor.actor.getSnapshot().matches({ editor: { live: { removal: 'idle' } } })).toBe(true);
    expect(editor.pending).toMatchObject([{ actor: 'deleteRow', input: { table: 'size', id: 22 } }]);
  });

  it('asks without a number when the prices cannot be counted; an unsaved size goes at once', async () => {
    const editor = await startEdit(twoSizes());
    editor.send({ type: 'size.remove', key: 'size-21' });
    await editor.answer('countSizePrices', { error: new ApiError('HTTP 500', { status: 500 }) });
    expect(editor.context().sizeRemoval).toEqual({ key: 'size-21', name: 'Small', prices: null });
    editor.send({ type: 'removal.cancel' }, { type: 'size.add' }, { type: 'size.add' }, { type: 'size.remove', key: 'tmp-2' });
    // Its create was still waiting: nothing to count, nothing to delete; no item can price it.
    expect(editor.rows().map((row) => row.key)).toEqual(['size-21', 'size-22', 'tmp-1']);
    expect(editor.pending.map((call) => call.actor)).toEqual(['createRow']);
    expect(editor.actor.getSnapshot().matches({ editor: { live: { removal: 'idle' } } })).toBe(true);
  });
});

describe('category editor machine: new mode keeps everything local until Save', () => {
  async function startNew(scope: MenuScope) {
    const server = fakeServer({ ...EMPTY_CATEGORY, ...CATALOGUE });
    const actor = createActor(server.machine, { input: { categoryId: null, scope } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ editor: 'drafting' }));
    const send = (...events: CategoryEditorEvent[]) => events.forEach((event) => actor.send(event));
    return { ...server, actor, send };
  }

  it('sends one deep create with sizes, toppings and dressings', async () => {
    const editor = await startNew(OWNER);
    editor.send(
      { type: 'field.change', field: 'name', value: ' Pizza ' },
      { type: 'detail.change', patch: { pricedBy: 'size', allowToppings: true, allowDressings: true, primaryOptionSets: [5] } },
      { type: 'size.add' },
      { type: 'size.add' },
      { type: 'row.change', key: 'tmp-2', patch: { name: 'Large', units: 14, measurement: 'Inches' } },
      { type: 'topping.toggle', id: 1 },
      { type: 'topping.toggle', id: 2 },
      { type: 'dressing.toggle', id: 1 },
      { type: 'group.add' },
    );
    expect(editor.actor.getSnapshot().context.error).toBe('Save the category first.');
    expect(editor.calls).toEqual([]);
    editor.send({ type: 'category.save' });
    expect(editor.calls).toHaveLength(1);
    expect(editor.calls[0]!.input).toEqual({
      scope: OWNER,
      payload: {
        restaurant_id: 3,
        name: 'Pizza',
        description: '',
        detail: { priced_by: 'size', primary_option_sets: [5], allow_toppings: true, allow_dressings: true, image_url: null },
        sizes: [
          { name: 'New', units: null, measurement: null, position: 1 },
          { name: 'Large', units: 14, measurement: 'Inches', position: 2 },
        ],
        toppings: [1, 2],
        dressings: [1],
        extra_groups: [],
      },
    });
    const navigate = vi.fn();
    editor.actor.on('screen.navigate', navigate);
    await editor.answer('createCategory', { ok: { id: 77, name: 'Pizza', description: '', restaurant_id: 3 } });
    expect(editor.actor.getSnapshot().context.createdId).toBe(77);
    // The new category opens in its own editor, in place of the new one in the history.
    expect(navigate.mock.calls).toEqual([[{ type: 'screen.navigate', to: '/menu/categories/77/editor', replace: true }]]);
  });

  it('a failed create says "Failed to create category: ..." and keeps the form', async () => {
    const editor = await startNew(OWNER);
    editor.send({ type: 'field.change', field: 'name', value: 'Pizza' }, { type: 'category.save' });
    await editor.answer('createCategory', { error: new ApiError('Name already used.', { status: 409 }) });
    expect(editor.actor.getSnapshot().context.error).toBe('Failed to create category: Name already used.');
    expect(editor.actor.getSnapshot().context.form.name).toBe('Pizza');
  });

  it('needs a name and a restaurant; a superadmin without one uses the first restaurant', async () => {
    const owner = await startNew(NO_RESTAURANT);
    owner.send({ type: 'category.save' });
    expect(owner.actor.getSnapshot().context.nameError).toBe('Please enter a category name');
    owner.send({ type: 'field.change', field: 'name', value: 'Pizza' }, { type: 'category.save' });
    expect(owner.actor.getSnapshot().context.error).toBe('No active restaurant selected.');
    expect(owner.calls).toEqual([]);

    const admin = await startNew(SUPERADMIN);
    admin.send({ type: 'field.change', field: 'name', value: 'Pizza' }, { type: 'category.save' });
    await admin.answer('findFirstRestaurant', { ok: 9 });
    expect(admin.calls.at(-1)).toMatchObject({ actor: 'createCategory', input: { payload: { restaurant_id: 9 } } });
  });

  it('a row removed by its key (as the groups panel sends it) goes from the form at once, and nothing is sent', async () => {
    // New mode shows no groups, so only its sizes are rows; the machine removes any row the same way.
    const editor = await startNew(OWNER);
    editor.send({ type: 'detail.change', patch: { pricedBy: 'size' } }, { type: 'size.add' }, { type: 'size.add' });
    expect(editor.actor.getSnapshot().context.rows.map((row) => row.key)).toEqual(['tmp-1', 'tmp-2']);
    editor.send({ type: 'row.remove', key: 'tmp-1' });
    expect(editor.actor.getSnapshot().context.rows.map((row) => row.key)).toEqual(['tmp-2']);
    expect(editor.actor.getSnapshot().matches({ editor: { drafting: 'editing' } })).toBe(true);
    expect(editor.calls).toEqual([]);
  });

  it('sizes are dropped from the payload unless priced by size; price and units inputs follow section 5', async () => {
    const editor = await startNew(OWNER);
    editor.send({ type: 'size.add' });
    expect(editor.actor.getSnapshot().context.rows).toEqual([]);
    editor.send({ type: 'detail.change', patch: { pricedBy: 'size' } }, { type: 'size.add' }, { type: 'detail.change', patch: { pricedBy: 'weight' } });
    editor.send({ type: 'field.change', field: 'name', value: 'Soup' }, { type: 'category.save' });
    expect((editor.calls[0]!.input as { payload: { sizes: unknown[] } }).payload.sizes).toEqual([]);
  });
});

describe('category editor machine: the tags its view reads', () => {
  it('tags loading, each refusal to show a category, a save, a size removal being counted or confirmed, and an upload', () => {
    const tagsAt = stateTags(categoryEditorMachine, { categoryId: 1, scope: OWNER });
    const live = (removal: string, leave: string) => ({ live: { sync: 'idle', removal, leave } });
    const editorStates = [
      'loading',
      'checkingDetail',
      'creatingDetail',
      'loadFailed',
      'notFound',
      'otherRestaurant',
      { drafting: 'editing' },
      { drafting: 'findingRestaurant' },
      { drafting: 'creating' },
      live('idle', 'editing'),
      live('counting', 'editing'),
      live('confirming', 'editing'),
      live('idle', 'leaving'),
    ];
    expect(editorStates.map((editor) => tagsAt({ editor, upload: 'idle' }))).toEqual([
      ['loading'],
      ['loading'],
      ['loading'],
      ['failed'],
      ['notFound'],
      ['otherRestaurant'],
      [],
      ['saving'],
      ['saving'],
      [],
      ['countingRemoval'],
      ['confirmingRemoval'],
      ['saving'],
    ]);
    expect(tagsAt({ editor: live('idle', 'editing'), upload: 'uploading' })).toEqual(['uploading']);
  });
});
