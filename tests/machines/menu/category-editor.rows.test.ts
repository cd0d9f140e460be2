/**
 * The category editor's rows, chips and queue (src/machines/menu/category-editor.rows.ts): the
 * pure rules the machine applies, each checked on its own with what the person would see.
 */
import { describe, expect, it } from 'vitest';
import type { Assignment } from '#src/services/menu/menu-types';
import {
  assignedIds,
  chipsFromData,
  enqueue,
  findChip,
  hasQueuedJob,
  mergeChips,
  mergeReread,
  newGroup,
  newSelection,
  newSize,
  nextTempKey,
  patchRow,
  pickPatch,
  priceFromInput,
  putChip,
  removeFamily,
  rowsFromData,
  setStatus,
  settledStatus,
  uniqueSelectionName,
  numberOrNullFromInput,
  type Chip,
  type EditorRow,
  type Job,
  type SizeRow,
} from '#src/machines/menu/category-editor.rows';
import { categoryData, chip, group, selection } from './category-editor.fixtures';

const size = (key: string, position: number, id: number | null = null): SizeRow => ({
  table: 'size',
  key,
  id,
  status: 'idle',
  name: 'Large',
  units: 14,
  measurement: 'Inches',
  position,
});
const assignment = (id: number, itemId: number): Assignment => ({ id, category_id: 1, item_id: itemId });
const keys = (rows: readonly EditorRow[]) => rows.map((row) => row.key);

describe('category editor rows: inputs (spec section 5)', () => {
  it('reads an empty or unreadable price as 0, and a number as itself', () => {
    expect(priceFromInput('')).toBe(0);
    expect(priceFromInput(' 2.5 ')).toBe(2.5);
    expect(priceFromInput('abc')).toBe(0);
    expect(priceFromInput(3)).toBe(3);
    expect(priceFromInput(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('reads empty or unreadable units or dish prices as none, and a number as itself', () => {
    expect(numberOrNullFromInput('')).toBeNull();
    expect(numberOrNullFromInput('   ')).toBeNull();
    expect(numberOrNullFromInput(' 12 ')).toBe(12);
    expect(numberOrNullFromInput('twelve')).toBeNull();
    expect(numberOrNullFromInput(14)).toBe(14);
    expect(numberOrNullFromInput(Number.NaN)).toBeNull();
  });
});

describe('category editor rows: new rows', () => {
  it('gives a new row the smallest free temporary key', () => {
    expect(nextTempKey([])).toBe('tmp-1');
    expect(nextTempKey([size('tmp-1', 1), size('tmp-3', 2), size('size-2', 3, 2)])).toBe('tmp-2');
  });

  it('puts a new size after the last size, named New, with no units', () => {
    expect(newSize([])).toEqual({ table: 'size', key: 'tmp-1', id: null, status: 'idle', name: 'New', units: null, measurement: null, position: 1 });
    const rows = [size('size-1', 4, 1), group('tmp-1'), size('size-2', 2, 2)];
    expect(newSize(rows)).toMatchObject({ key: 'tmp-2', position: 5 });
  });

  it('makes a new group named New group, optional, single choice, with images on its selections', () => {
    expect(newGroup([group('tmp-1')])).toEqual({
      table: 'group',
      key: 'tmp-2',
      id: null,
      status: 'idle',
      name: 'New group',
      required: false,
      allow_multiple: false,
      add_images_to_selections: true,
    });
  });

  it('names a new selection New, then New 2, New 3…, the first free in its own group', () => {
    expect(uniqueSelectionName([], 'g')).toBe('New');
    const rows = [selection('s1', 'g', ' New '), selection('s2', 'g', 'New 2'), selection('s3', 'other', 'New 3')];
    expect(uniqueSelectionName(rows, 'g')).toBe('New 3');
    expect(uniqueSelectionName(rows, 'other')).toBe('New');
    expect(newSelection(rows, 'g')).toEqual({
      table: 'selection',
      key: 'tmp-1',
      id: null,
      status: 'idle',
      groupKey: 'g',
      name: 'New 3',
      price: 0,
      image_url: null,
    });
  });
});

describe('category editor rows: read from the server', () => {
  it('orders sizes by position, then id, before the groups and their selections', () => {
    const rows = rowsFromData({
      sizes: [
        { id: 9, category_id: 1, name: 'Large', units: 14, measurement: 'Inches', position: 2 },
        { id: 8, category_id: 1, name: 'Medium', units: 12, measurement: 'Inches', position: 2 },
        { id: 7, category_id: 1, name: 'Small', units: null, measurement: null, position: 1 },
      ],
      groups: [{ id: 31, category_id: 1, name: 'Sauces', required: true, allow_multiple: false, add_images_to_selections: false }],
      selections: [{ id: 41, group_id: 31, name: 'BBQ', price: 0.5, image_url: '/uploads/bbq.png' }],
    });
    expect(keys(rows)).toEqual(['size-7', 'size-8', 'size-9', 'group-31', 'selection-41']);
    expect(rows[0]).toEqual({ table: 'size', key: 'size-7', id: 7, status: 'idle', name: 'Small', units: null, measurement: null, position: 1 });
    expect(rows[3]).toEqual({
      table: 'group',
      key: 'group-31',
      id: 31,
      status: 'idle',
      name: 'Sauces',
      required: true,
      allow_multiple: false,
      add_images_to_selections: false,
    });
    expect(rows[4]).toEqual({
      table: 'selection',
      key: 'selection-41',
      id: 41,
      status: 'idle',
      groupKey: 'group-31',
      name: 'BBQ',
      price: 0.5,
      image_url: '/uploads/bbq.png',
    });
  });

  it('makes an assigned chip of each topping and dressing assignment', () => {
    const chips = chipsFromData(categoryData({ toppingAssignments: [assignment(5, 1)], dressingAssignments: [assignment(6, 1)] }));
    expect(chips).toEqual([chip('toppings', 1, true, 5), chip('dressings', 1, true, 6)]);
  });
});

describe('category editor rows: a list re-read (spec section 4)', () => {
  const queued = (list: Chip['list'], itemId: number): Job => ({ kind: 'chip', list, itemId });

  it('takes the server’s assignments for chips with no toggle waiting, keeping a rolled-back mark the server agrees with', () => {
    const local = [chip('toppings', 1, true, 5, 'rolledBack'), chip('toppings', 2, false, null, 'rolledBack'), chip('dressings', 1, true, 6)];
    const merged = mergeChips('toppings', [assignment(5, 1), assignment(7, 2)], local, []);
    expect(merged).toEqual([chip('dressings', 1, true, 6), chip('toppings', 1, true, 5, 'rolledBack'), chip('toppings', 2, true, 7, 'idle')]);
  });

  it('keeps what the person clicked for a chip whose toggle still waits, with the server’s assignment', () => {
    const local = [chip('toppings', 1, false, 5, 'saving'), chip('toppings', 2, true, null, 'saving')];
    const queue = [queued('toppings', 1), queued('toppings', 2)];
    expect(mergeChips('toppings', [assignment(5, 1)], local, queue)).toEqual([
      chip('toppings', 1, false, 5, 'saving'),
      chip('toppings', 2, true, null, 'saving'),
    ]);
  });

  it('drops a chip the server no longer has unless it is an unassigned one at rest', () => {
    const local = [chip('toppings', 1, true, 5, 'confirmed'), chip('toppings', 2, false, null, 'rolledBack'), chip('toppings', 3, false, null, 'saving')];
    expect(mergeChips('toppings', [], local, [queued('dressings', 3)])).toEqual([chip('toppings', 2, false, null, 'rolledBack')]);
  });

  it('keeps queued edits and creates, follows known keys, and drops jobs for rows the server no longer has', () => {
    const data = categoryData({
      sizes: [{ id: 21, category_id: 1, name: 'Large (server)', units: 14, measurement: 'Inches', position: 1 }],
      groups: [{ id: 31, category_id: 1, name: 'Sauces', required: false, allow_multiple: true, add_images_to_selections: true }],
      selections: [{ id: 41, group_id: 31, name: 'BBQ', price: 0.5, image_url: null }],
      toppingAssignments: [assignment(5, 1)],
      dressingAssignments: [assignment(6, 1)],
    });
    const local = {
      // The size and the group were created here (temporary keys), and the size renamed since.
      rows: [
        { ...size('tmp-1', 1, 21), name: 'Large (mine)' },
        group('tmp-2', 31),
        selection('tmp-3', 'tmp-2', 'Garlic'),
        size('size-22', 2, 22),
        size('tmp-4', 3),
      ] as EditorRow[],
      chips: [] as Chip[],
      queue: [{ kind: 'update', key: 'tmp-1' }, { kind: 'create', key: 'tmp-3' }, { kind: 'update', key: 'size-22' }, { kind: 'detail' }] as Job[],
    };
    const merged = mergeReread(data, local);
    expect(merged.rows.map((row) => `${row.key}:${row.name}${row.table === 'selection' ? `@${row.groupKey}` : ''}`)).toEqual([
      'tmp-1:Large (mine)',
      'tmp-2:Sauces',
      'selection-41:BBQ@tmp-2',
      'tmp-3:Garlic@tmp-2',
    ]);
    expect(merged.queue).toEqual([{ kind: 'update', key: 'tmp-1' }, { kind: 'create', key: 'tmp-3' }, { kind: 'detail' }]);
    expect(merged.chips).toEqual([chip('toppings', 1, true, 5), chip('dressings', 1, true, 6)]);
  });

  it('takes the server’s version of a row whose delete still waits (a failed delete brings it back)', () => {
    const data = categoryData({ sizes: [{ id: 21, category_id: 1, name: 'Large (server)', units: 14, measurement: 'Inches', position: 1 }] });
    const merged = mergeReread(data, { rows: [{ ...size('size-21', 1, 21), name: 'Mine' }], chips: [], queue: [{ kind: 'delete', key: 'size-21' }] });
    expect(merged.rows.map((row) => row.name)).toEqual(['Large (server)']);
    expect(merged.queue).toEqual([{ kind: 'delete', key: 'size-21' }]);
  });
});

describe('category editor rows: edits', () => {
  const rows: EditorRow[] = [group('g1', 1), selection('s1', 'g1'), group('g2', 2), selection('s2', 'g2'), size('z1', 1)];

  it('removes a group with its selections, and the jobs for them', () => {
    const queue: Job[] = [{ kind: 'update', key: 's1' }, { kind: 'create', key: 's2' }, { kind: 'detail' }, { kind: 'delete', key: 'g1' }];
    const removed = removeFamily(rows, queue, 'g1');
    expect(keys(removed.rows)).toEqual(['g2', 's2', 'z1']);
    expect(removed.queue).toEqual([{ kind: 'create', key: 's2' }, { kind: 'detail' }]);
    expect(keys(removeFamily(rows, [], 's2').rows)).toEqual(['g1', 's1', 'g2', 'z1']);
  });

  it('patches only the row named, with values or a function of the row', () => {
    expect(patchRow(rows, 's1', { name: 'Garlic' }).map((row) => row.name)).toEqual(['Sauces', 'Garlic', 'Sauces', 'BBQ', 'Large']);
    expect(patchRow(rows, 'z1', (row) => ({ name: `${row.name}!` }))[4]!.name).toBe('Large!');
  });

  it('sets the status of one row, or of a set of rows', () => {
    expect(setStatus(rows, 's1', 'saving').map((row) => row.status)).toEqual(['idle', 'saving', 'idle', 'idle', 'idle']);
    expect(setStatus(rows, new Set(['g1', 'z1']), 'deleting').map((row) => row.status)).toEqual(['deleting', 'idle', 'idle', 'idle', 'deleting']);
  });

  it('keeps only the fields a row’s table has', () => {
    const patch = {
      name: 'X',
      units: 3,
      measurement: 'Grams' as const,
      position: 4,
      required: true,
      allow_multiple: true,
      add_images_to_selections: false,
      price: 2,
      image_url: 'u',
    };
    expect(pickPatch(size('z', 1), patch)).toEqual({ name: 'X', units: 3, measurement: 'Grams', position: 4 });
    expect(pickPatch(group('g'), patch)).toEqual({ name: 'X', required: true, allow_multiple: true, add_images_to_selections: false });
    expect(pickPatch(selection('s', 'g'), patch)).toEqual({ name: 'X', price: 2, image_url: 'u' });
  });
});

describe('category editor rows: chips', () => {
  const chips = [chip('toppings', 1, true, 5), chip('dressings', 1, false, null), chip('toppings', 2, true, null)];

  it('finds a chip by list and item, or an unassigned one', () => {
    expect(findChip(chips, 'dressings', 1)).toBe(chips[1]);
    expect(findChip(chips, 'dressings', 2)).toEqual(chip('dressings', 2, false, null));
  });

  it('puts a chip in place of the one for the same list and item, last', () => {
    expect(putChip(chips, chip('toppings', 1, false, 5, 'saving'))).toEqual([chips[1], chips[2], chip('toppings', 1, false, 5, 'saving')]);
  });

  it('lists the items assigned in one list', () => {
    expect(assignedIds(chips, 'toppings')).toEqual([1, 2]);
    expect(assignedIds(chips, 'dressings')).toEqual([]);
  });
});

describe('category editor rows: the queue', () => {
  it('adds a job once: a waiting one will send the latest values', () => {
    const queue: Job[] = [{ kind: 'update', key: 'a' }, { kind: 'chip', list: 'toppings', itemId: 1 }, { kind: 'detail' }];
    expect(enqueue(queue, { kind: 'update', key: 'a' })).toEqual(queue);
    expect(enqueue(queue, { kind: 'chip', list: 'toppings', itemId: 1 })).toEqual(queue);
    expect(enqueue(queue, { kind: 'detail' })).toEqual(queue);
    expect(enqueue(queue, { kind: 'update', key: 'b' })).toEqual([...queue, { kind: 'update', key: 'b' }]);
    expect(enqueue(queue, { kind: 'delete', key: 'a' })).toEqual([...queue, { kind: 'delete', key: 'a' }]);
    expect(enqueue(queue, { kind: 'chip', list: 'dressings', itemId: 1 })).toHaveLength(4);
    expect(enqueue(queue, { kind: 'chip', list: 'toppings', itemId: 2 })).toHaveLength(4);
    expect(enqueue(queue, { kind: 'category' })).toHaveLength(4);
  });

  it('lets a waiting create absorb an update of the same row', () => {
    const queue: Job[] = [{ kind: 'create', key: 'tmp-1' }];
    expect(enqueue(queue, { kind: 'update', key: 'tmp-1' })).toEqual(queue);
    expect(enqueue(queue, { kind: 'update', key: 'tmp-2' })).toEqual([...queue, { kind: 'update', key: 'tmp-2' }]);
    expect(enqueue([{ kind: 'delete', key: 'tmp-1' }], { kind: 'update', key: 'tmp-1' })).toHaveLength(2);
  });

  it('tells whether a row has a job waiting, of a kind or any, and a row’s status once its job is done', () => {
    const queue: Job[] = [{ kind: 'update', key: 'a' }, { kind: 'detail' }];
    expect(hasQueuedJob(queue, 'a')).toBe(true);
    expect(hasQueuedJob(queue, 'a', 'update')).toBe(true);
    expect(hasQueuedJob(queue, 'a', 'delete')).toBe(false);
    expect(hasQueuedJob(queue, 'b')).toBe(false);
    expect(settledStatus(queue, 'a')).toBe('saving');
    expect(settledStatus(queue, 'b')).toBe('confirmed');
  });
});
