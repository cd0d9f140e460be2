import { createActor, createEmptyActor, fromCallback, toPromise, type AnyEventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#src/services/shared/api';
import type { Assignment } from '#src/services/menu/menu-types';
import type { ChipCall, CreateRowCall, DeleteRowCall, RereadChipsCall, RowCall, UnchipCall, UpdateRowCall } from '#src/machines/menu/category-editor.calls';
import type { EditorRow, GroupRow, SelectionRow, SizeRow } from '#src/machines/menu/category-editor.rows';
import { categoryRowSyncMachine, type ChipReport, type RowOutcome, type RowSyncInput } from '#src/machines/menu/category-row-sync.machine';
import { provideChecked, requestsOf } from '../../support/contract-double';
import { assertWalksCover } from '../../support/path-coverage';
import { scriptedAnswers } from './category-editor.doubles';
import { OWNER } from './category-editor.fixtures';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id });
const fail = (id: string, status: number) => ({ type: `xstate.error.actor.${id}`, error: new ApiError(`HTTP ${status}`, { status }), actorId: id });
const failure = (status: number) => new ApiError(`HTTP ${status}`, { status });

const TEMP_SIZE: SizeRow = { table: 'size', key: 'tmp-1', id: null, status: 'saving', name: 'Large', units: 14, measurement: 'Inches', position: 2 };
const SAVED_SIZE: SizeRow = { ...TEMP_SIZE, key: 'size-21', id: 21 };
const assignment = (id: number, itemId: number): Assignment => ({ id, category_id: 1, item_id: itemId });

const CALLS: Record<RowCall['actor'], RowCall> = {
  createRow: { actor: 'createRow', input: { row: TEMP_SIZE, categoryId: 1, groupId: null, scope: OWNER } },
  updateRow: { actor: 'updateRow', input: { row: SAVED_SIZE } },
  deleteRow: { actor: 'deleteRow', input: { table: 'size', id: 21 } },
  assignChip: { actor: 'assignChip', input: { list: 'toppings', categoryId: 1, itemId: 2, scope: OWNER } },
  unassignChip: { actor: 'unassignChip', input: { list: 'dressings', assignmentId: 8 } },
};
const inputFor = (call: RowCall): Omit<RowSyncInput, 'editor'> => ({ call, categoryId: 1, scope: OWNER });

describe('category row sync machine: path coverage', () => {
  it('reaches every state and transition from each kind of call, every failure branch included', () => {
    const answers: AnyEventObject[] = [
      done('createRow', { id: 70 }),
      fail('createRow', 500),
      done('updateRow', {}),
      fail('updateRow', 500),
      done('deleteRow', undefined),
      fail('deleteRow', 500),
      done('assignChip', assignment(9, 2)),
      fail('assignChip', 500),
      done('unassignChip', undefined),
      fail('unassignChip', 500),
      done('rereadChips', [assignment(9, 2)]),
      fail('rereadChips', 500),
    ];
    const reports = assertWalksCover(
      categoryRowSyncMachine,
      Object.values(CALLS).map((call) => ({ input: { ...inputFor(call), editor: createEmptyActor() }, events: answers })),
    );
    const failures = new Set(reports.flatMap((report) => report.transitions.reached.filter((label) => label.includes('xstate.error.actor'))));
    expect(failures.size).toBe(6);
  });
});

// ---------------------------------------------------------------------------------------------
// Behaviour: each call's answer becomes the outcome the editor applies.

type Answers = {
  createRow?: () => Promise<{ id: number }>;
  updateRow?: () => Promise<unknown>;
  deleteRow?: () => Promise<void>;
  assignChip?: () => Promise<Assignment>;
  unassignChip?: () => Promise<void>;
  rereadChips?: () => Promise<Assignment[]>;
};

/** The row sync with scripted answers, reporting a chip's answer to a stand-in editor that records it. */
function run(call: RowCall, answers: Answers) {
  const { calls, answer } = scriptedAnswers(answers);
  const reports: ChipReport[] = [];
  const rowSync = provideChecked(categoryRowSyncMachine, {
    actors: {
      createRow: answer<CreateRowCall, { id: number }>('createRow'),
      updateRow: answer<UpdateRowCall, unknown>('updateRow'),
      deleteRow: answer<DeleteRowCall, void>('deleteRow'),
      assignChip: answer<ChipCall, Assignment>('assignChip'),
      unassignChip: answer<UnchipCall, void>('unassignChip'),
      rereadChips: answer<RereadChipsCall, Assignment[]>('rereadChips'),
    },
  });
  const editor = createActor(fromCallback<ChipReport>(({ receive }) => receive((report) => reports.push(report)))).start();
  const outcome: Promise<RowOutcome> = toPromise(createActor(rowSync, { input: { ...inputFor(call), editor } }).start());
  return { calls, reports, outcome };
}

describe('category row sync machine: rows', () => {
  it('creates a temporary row once, with its values, and answers the server’s id for it', async () => {
    const { calls, outcome } = run(CALLS.createRow, { createRow: async () => ({ id: 101 }) });
    expect(await outcome).toEqual({ kind: 'created', id: 101 });
    expect(calls).toEqual([{ actor: 'createRow', input: CALLS.createRow.input }]);
  });

  it('a create the server refuses answers createFailed (the editor drops the row and says so)', async () => {
    expect(await run(CALLS.createRow, { createRow: () => Promise.reject(failure(500)) }).outcome).toEqual({ kind: 'createFailed' });
  });

  it('a saved row’s update answers updated, or updateFailed when refused (the editor then reads the category again)', async () => {
    expect(await run(CALLS.updateRow, { updateRow: async () => ({}) }).outcome).toEqual({ kind: 'updated' });
    expect(await run(CALLS.updateRow, { updateRow: () => Promise.reject(failure(500)) }).outcome).toEqual({ kind: 'updateFailed' });
  });

  it('a delete answers deleted, or deleteFailed with the server’s reason, so the row comes back with it', async () => {
    expect(await run(CALLS.deleteRow, { deleteRow: async () => undefined }).outcome).toEqual({ kind: 'deleted' });
    const refused = failure(409);
    expect(await run(CALLS.deleteRow, { deleteRow: () => Promise.reject(refused) }).outcome).toEqual({ kind: 'deleteFailed', error: refused });
  });

  it('a row call never touches the chips', async () => {
    const { calls, reports, outcome } = run(CALLS.deleteRow, { deleteRow: async () => undefined });
    await outcome;
    expect(reports).toEqual([]);
    expect(calls.map((call) => call.actor)).toEqual(['deleteRow']);
  });
});

describe('category row sync machine: chips (spec section 4)', () => {
  it('reports an assignment the moment the server takes it, then re-reads the list and answers what the server has', async () => {
    const { calls, reports, outcome } = run(CALLS.assignChip, {
      assignChip: async () => assignment(9, 2),
      // Another tab assigned item 1 meanwhile: the re-read brings it in.
      rereadChips: async () => [assignment(5, 1), assignment(9, 2)],
    });
    expect(await outcome).toEqual({ kind: 'chipsReread', assignments: [assignment(5, 1), assignment(9, 2)] });
    expect(reports).toEqual([{ type: 'chip.saved', assignmentId: 9 }]);
    expect(calls.map((call) => call.actor)).toEqual(['assignChip', 'rereadChips']);
    expect(calls[1]!.input).toEqual({ list: 'toppings', categoryId: 1, scope: OWNER });
  });

  it('a refused toggle is reported as refused (the chip rolls back) and its list is still re-read', async () => {
    const { calls, reports, outcome } = run(CALLS.unassignChip, { unassignChip: () => Promise.reject(failure(500)), rereadChips: async () => [] });
    expect(await outcome).toEqual({ kind: 'chipsReread', assignments: [] });
    expect(reports).toEqual([{ type: 'chip.refused', assign: false }]);
    expect(calls[1]).toEqual({ actor: 'rereadChips', input: { list: 'dressings', categoryId: 1, scope: OWNER } });
  });

  it('a re-read that fails answers chipsUnread: the chip stays as the toggle’s answer left it', async () => {
    const { reports, outcome } = run(CALLS.unassignChip, { unassignChip: async () => undefined, rereadChips: () => Promise.reject(failure(500)) });
    expect(await outcome).toEqual({ kind: 'chipsUnread' });
    expect(reports).toEqual([{ type: 'chip.saved', assignmentId: null }]);
  });
});

describe('category row sync machine: what the real calls send', () => {
  const GROUP: GroupRow = {
    table: 'group',
    key: 'group-40',
    id: 40,
    status: 'saving',
    name: ' Sauces ',
    required: true,
    allow_multiple: false,
    add_images_to_selections: true,
  };
  const SELECTION: SelectionRow = {
    table: 'selection',
    key: 'selection-60',
    id: 60,
    status: 'saving',
    groupKey: 'group-40',
    name: ' Garlic ',
    price: 1.5,
    image_url: null,
  };
  const sent = (actor: RowCall['actor'] | 'rereadChips', input: unknown) => requestsOf(categoryRowSyncMachine, actor, input);
  const groupBody = { name: 'Sauces', required: true, allow_multiple: false, add_images_to_selections: true };

  it('creates each kind of row in its own list, the name trimmed, for the owner’s restaurant', async () => {
    const create = (row: EditorRow) => sent('createRow', { row, categoryId: 1, groupId: 40, scope: OWNER });
    expect(await create({ ...TEMP_SIZE, name: ' Large ' })).toEqual([
      {
        method: 'POST',
        path: '/api/v2/categories/sizes/',
        body: { category_id: 1, name: 'Large', units: 14, measurement: 'Inches', position: 2, restaurant_id: 3 },
      },
    ]);
    expect(await create({ ...GROUP, id: null })).toEqual([
      { method: 'POST', path: '/api/v2/extra-options/groups/', body: { category_id: 1, ...groupBody, restaurant_id: 3 } },
    ]);
    expect(await create({ ...SELECTION, id: null })).toEqual([
      { method: 'POST', path: '/api/v2/extra-options/selections/', body: { group_id: 40, name: 'Garlic', price: 1.5, image_url: null, restaurant_id: 3 } },
    ]);
  });

  it('updates each kind of row at its own address, the name trimmed', async () => {
    expect(await sent('updateRow', { row: { ...SAVED_SIZE, name: ' Large ' } })).toEqual([
      { method: 'PATCH', path: '/api/v2/categories/sizes/21/', body: { name: 'Large', units: 14, measurement: 'Inches', position: 2 } },
    ]);
    expect(await sent('updateRow', { row: GROUP })).toEqual([{ method: 'PATCH', path: '/api/v2/extra-options/groups/40/', body: groupBody }]);
    expect(await sent('updateRow', { row: SELECTION })).toEqual([
      { method: 'PATCH', path: '/api/v2/extra-options/selections/60/', body: { name: 'Garlic', price: 1.5, image_url: null } },
    ]);
  });

  it('deletes each kind of row at its own address', async () => {
    const paths = await Promise.all(
      (['size', 'group', 'selection'] as const).map(async (table) =>
        (await sent('deleteRow', { table, id: 5 })).map((request) => `${request.method} ${request.path}`),
      ),
    );
    expect(paths).toEqual([['DELETE /api/v2/categories/sizes/5/'], ['DELETE /api/v2/extra-options/groups/5/'], ['DELETE /api/v2/extra-options/selections/5/']]);
  });

  it('assigns, unassigns and re-reads toppings and dressings in their own lists', async () => {
    expect(await sent('assignChip', { list: 'toppings', categoryId: 1, itemId: 2, scope: OWNER })).toEqual([
      { method: 'POST', path: '/api/v2/categories/toppings/', body: { category_id: 1, topping_id: 2, restaurant_id: 3 } },
    ]);
    expect(await sent('assignChip', { list: 'dressings', categoryId: 1, itemId: 2, scope: OWNER })).toEqual([
      { method: 'POST', path: '/api/v2/categories/dressings/', body: { category_id: 1, dressing_id: 2, restaurant_id: 3 } },
    ]);
    expect((await sent('unassignChip', { list: 'dressings', assignmentId: 8 }))[0]).toMatchObject({
      method: 'DELETE',
      path: '/api/v2/categories/dressings/8/',
    });
    const reread = await sent('rereadChips', { list: 'toppings', categoryId: 1, scope: OWNER });
    expect(reread.map((request) => request.path)).toEqual(['/api/v2/categories/toppings/?page_size=500&category_id=1&restaurant_id=3']);
  });
});
