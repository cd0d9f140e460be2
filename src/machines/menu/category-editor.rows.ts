import { MENU_DEFAULTS, type ExtraGroup, type ExtraSelection, type Measurement, type Size } from '../../../contracts/menu';
import type { Assignment, CategoryEditorData, ChipList } from '../../services/menu/menu-types';

/**
 * The category editor's rows, chips and write queue, as pure functions (no XState), so the
 * machine stays a readable list of states and these rules can be read (and tested) on their own.
 *
 * Edit mode writes through ONE serial queue of jobs. A job names what to bring in line with
 * the server (a row by its key, a chip, the category, the detail), not the values: the values
 * are read when the job is sent. So rapid edits of one row coalesce into one pending job, a
 * row created and renamed before its create was sent is created once with its latest name,
 * and no answer can arrive out of order, because only one call is out at a time.
 */

/** idle: as loaded; saving: a job for it is queued or out; confirmed: the server took it; deleting: removal under way. */
export type RowStatus = 'idle' | 'saving' | 'confirmed' | 'deleting';
export type ChipStatus = 'idle' | 'saving' | 'confirmed' | 'rolledBack';
export type { ChipList };
export type RowTable = 'size' | 'group' | 'selection';

interface RowBase {
  /** Stable for the row's whole life: `tmp-n` for rows made here, `<table>-<id>` for loaded ones. */
  key: string;
  /** The server's id; null until the create answers. */
  id: number | null;
  status: RowStatus;
}
export interface SizeRow extends RowBase {
  table: 'size';
  name: string;
  units: number | null;
  measurement: Measurement | null;
  position: number;
}
export interface GroupRow extends RowBase {
  table: 'group';
  name: string;
  required: boolean;
  allow_multiple: boolean;
  add_images_to_selections: boolean;
}
export interface SelectionRow extends RowBase {
  table: 'selection';
  groupKey: string;
  name: string;
  price: number;
  image_url: string | null;
  /** Sold out until then (issue 45), as loaded; its own control changes it (src/views/menu/sold-out-control.tsx). */
  sold_out_until?: string | null;
}
export type EditorRow = SizeRow | GroupRow | SelectionRow;
export type RowPatch = Partial<Omit<SizeRow, 'table' | 'key' | 'id' | 'status'>> &
  Partial<Omit<GroupRow, 'table' | 'key' | 'id' | 'status'>> &
  Partial<Omit<SelectionRow, 'table' | 'key' | 'id' | 'status' | 'groupKey'>>;

export interface Chip {
  list: ChipList;
  itemId: number;
  /** What the person sees. */
  assigned: boolean;
  /** The server's assignment; null when the server has none. */
  assignmentId: number | null;
  status: ChipStatus;
}

export type Job =
  | { kind: 'category' }
  | { kind: 'detail' }
  | { kind: 'chip'; list: ChipList; itemId: number }
  | { kind: 'create' | 'update' | 'delete'; key: string };

// ---------------------------------------------------------------------------------------------
// Defaults (spec sections 3 and 9).

const NEW_SIZE_NAME = MENU_DEFAULTS.sizeName;
const NEW_GROUP_NAME = MENU_DEFAULTS.groupName;
const NEW_SELECTION_NAME = MENU_DEFAULTS.selectionName;
/** Spec section 5: prices move in steps of 0.01. */
export const PRICE_STEP = 0.01;

/** Empty extra-option price input is 0 (spec section 5). A dish's price is read otherwise: see below. */
export const priceFromInput = (value: string | number): number => {
  const number = typeof value === 'number' ? value : Number(value.trim());
  return value === '' || !Number.isFinite(number) ? 0 : number;
};

/**
 * Empty is null: size units (spec section 5), and a dish's price, where no price means "not
 * offered" (in that size), never free; only a typed 0 is free (issue 27).
 */
export const numberOrNullFromInput = (value: string | number): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const number = Number(value.trim());
  return value.trim() === '' || !Number.isFinite(number) ? null : number;
};

/**
 * The smallest free `tmp-n`. Reusing a freed key is safe: a row leaves the list only when no
 * job refers to it any more.
 */
export function nextTempKey(rows: readonly EditorRow[]): string {
  const used = new Set(rows.map((row) => row.key));
  let n = 1;
  while (used.has(`tmp-${n}`)) n += 1;
  return `tmp-${n}`;
}

export function newSize(rows: readonly EditorRow[]): SizeRow {
  const positions = rows.filter((row): row is SizeRow => row.table === 'size').map((row) => row.position);
  const last = positions.length > 0 ? Math.max(...positions) : 0;
  return { table: 'size', key: nextTempKey(rows), id: null, status: 'idle', name: NEW_SIZE_NAME, units: null, measurement: null, position: last + 1 };
}

export function newGroup(rows: readonly EditorRow[]): GroupRow {
  return {
    table: 'group',
    key: nextTempKey(rows),
    id: null,
    status: 'idle',
    name: NEW_GROUP_NAME,
    required: false,
    allow_multiple: false,
    add_images_to_selections: MENU_DEFAULTS.addImagesToSelections,
  };
}

/** 'New', then 'New 2', 'New 3'... whichever is first free in the group. */
export function uniqueSelectionName(rows: readonly EditorRow[], groupKey: string): string {
  const taken = new Set(rows.filter((row) => row.table === 'selection' && row.groupKey === groupKey).map((row) => row.name.trim()));
  if (!taken.has(NEW_SELECTION_NAME)) return NEW_SELECTION_NAME;
  let n = 2;
  while (taken.has(`${NEW_SELECTION_NAME} ${n}`)) n += 1;
  return `${NEW_SELECTION_NAME} ${n}`;
}

export function newSelection(rows: readonly EditorRow[], groupKey: string): SelectionRow {
  return {
    table: 'selection',
    key: nextTempKey(rows),
    id: null,
    status: 'idle',
    groupKey,
    name: uniqueSelectionName(rows, groupKey),
    price: 0,
    image_url: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Rows read from the server.

const sizeRow = (size: Size): SizeRow => ({
  table: 'size',
  key: `size-${size.id}`,
  id: size.id,
  status: 'idle',
  name: size.name,
  units: size.units,
  measurement: size.measurement,
  position: size.position,
});
const groupRow = (group: ExtraGroup): GroupRow => ({
  table: 'group',
  key: `group-${group.id}`,
  id: group.id,
  status: 'idle',
  name: group.name,
  required: group.required,
  allow_multiple: group.allow_multiple,
  add_images_to_selections: group.add_images_to_selections,
});
const selectionRow = (selection: ExtraSelection): SelectionRow => ({
  table: 'selection',
  key: `selection-${selection.id}`,
  id: selection.id,
  status: 'idle',
  groupKey: `group-${selection.group_id}`,
  name: selection.name,
  price: selection.price,
  image_url: selection.image_url,
  ...(selection.sold_out_until ? { sold_out_until: selection.sold_out_until } : {}),
});

export function rowsFromData(data: Pick<CategoryEditorData, 'sizes' | 'groups' | 'selections'>): EditorRow[] {
  const sizes = [...data.sizes].sort((a, b) => a.position - b.position || a.id - b.id).map(sizeRow);
  return [...sizes, ...data.groups.map(groupRow), ...data.selections.map(selectionRow)];
}

const chip = (list: ChipList, assignment: Assignment): Chip => ({
  list,
  itemId: assignment.item_id,
  assigned: true,
  assignmentId: assignment.id,
  status: 'idle',
});

export function chipsFromData(data: CategoryEditorData): Chip[] {
  return [
    ...data.toppingAssignments.map((assignment) => chip('toppings', assignment)),
    ...data.dressingAssignments.map((assignment) => chip('dressings', assignment)),
  ];
}

/**
 * One list's chips after reading its assignments (spec section 4: toggles are re-read from the
 * server): the server's assignments, except chips whose toggle is still queued, which keep what
 * the person clicked (the queued job sends it). A chip the server agrees with keeps its status
 * (a rolled-back one stays marked); one the server disagrees with takes the server's side.
 */
export function mergeChips(list: ChipList, assignments: readonly Assignment[], local: readonly Chip[], queue: readonly Job[]): Chip[] {
  const queued = (itemId: number) => queue.some((job) => job.kind === 'chip' && job.list === list && job.itemId === itemId);
  const server = new Map(assignments.map((assignment) => [assignment.item_id, assignment.id]));
  const merged: Chip[] = [];
  for (const [itemId, assignmentId] of server) {
    const mine = local.find((one) => one.list === list && one.itemId === itemId);
    if (mine && queued(itemId)) merged.push({ ...mine, assignmentId, status: 'saving' });
    else merged.push({ list, itemId, assigned: true, assignmentId, status: mine?.assigned ? mine.status : 'idle' });
  }
  for (const mine of local) {
    if (mine.list !== list || server.has(mine.itemId)) continue;
    if (queued(mine.itemId)) merged.push({ ...mine, assignmentId: null, status: 'saving' });
    else if (!mine.assigned && mine.status !== 'saving') merged.push({ ...mine, assignmentId: null });
  }
  return [...local.filter((one) => one.list !== list), ...merged];
}

/**
 * After a re-read: the server's rows and chips, plus what is still on its way there (rows whose
 * create or update is queued, chips whose job is queued), so a re-read never drops an owner's
 * change that has not been sent yet.
 */
export function mergeReread(
  data: CategoryEditorData,
  local: { rows: readonly EditorRow[]; chips: readonly Chip[]; queue: readonly Job[] },
): { rows: EditorRow[]; chips: Chip[]; queue: Job[] } {
  // Rows the editor already knows keep their keys, so queued jobs and a group's selections
  // still find them; a selection follows its group's key.
  const knownKey = new Map<string, string>(local.rows.flatMap((row) => (row.id === null ? [] : [[`${row.table}-${row.id}`, row.key] as const])));
  const rekeyed = rowsFromData(data).map((row) => ({ ...row, key: knownKey.get(row.key) ?? row.key }));
  const waiting = new Set(local.queue.flatMap((job) => (job.kind === 'update' ? [job.key] : [])));
  const rows = rekeyed.map((row) => {
    // An edit still queued keeps the owner's version: the server's is older, and the queued
    // update sends this one. (A queued delete takes the server's version, which is what a
    // failed delete must bring back.)
    const mine = waiting.has(row.key) ? findRow(local.rows, row.key) : undefined;
    if (mine) return mine;
    return row.table === 'selection' ? { ...row, groupKey: knownKey.get(row.groupKey) ?? row.groupKey } : row;
  });
  const pendingCreates = new Set(local.queue.flatMap((job) => (job.kind === 'create' ? [job.key] : [])));
  const keptRows = local.rows.filter((row) => pendingCreates.has(row.key) && !rows.some((loaded) => loaded.key === row.key));
  const mergedRows = [...rows, ...keptRows];
  const chips = mergeChips('dressings', data.dressingAssignments, mergeChips('toppings', data.toppingAssignments, local.chips, local.queue), local.queue);
  // Jobs for rows the server no longer has are dropped; the rest stay in their order.
  const queue = local.queue.filter((job) => !('key' in job) || mergedRows.some((row) => row.key === job.key));
  return { rows: mergedRows, chips, queue };
}

// ---------------------------------------------------------------------------------------------
// Row and chip edits.

export const findRow = (rows: readonly EditorRow[], key: string | undefined) => rows.find((row) => row.key === key);

/** The row and, for a group, its selections (they live and die with it). */
function familyOf(rows: readonly EditorRow[], key: string): Set<string> {
  const family = new Set([key]);
  for (const row of rows) if (row.table === 'selection' && row.groupKey === key) family.add(row.key);
  return family;
}

export function removeFamily(rows: readonly EditorRow[], queue: readonly Job[], key: string) {
  const family = familyOf(rows, key);
  return {
    rows: rows.filter((row) => !family.has(row.key)),
    queue: queue.filter((job) => !('key' in job) || !family.has(job.key)),
  };
}

export function patchRow(rows: readonly EditorRow[], key: string, patch: RowPatch | ((row: EditorRow) => RowPatch)): EditorRow[] {
  return rows.map((row) => (row.key === key ? ({ ...row, ...(typeof patch === 'function' ? patch(row) : patch) } as EditorRow) : row));
}

export const setStatus = (rows: readonly EditorRow[], keys: Set<string> | string, status: RowStatus): EditorRow[] =>
  rows.map((row) => ((typeof keys === 'string' ? row.key === keys : keys.has(row.key)) ? { ...row, status } : row));

/** Keeps only the fields a table has, so a stray field in an event cannot land on the wrong row. */
export function pickPatch(row: EditorRow, patch: RowPatch): RowPatch {
  const fields: Record<RowTable, readonly string[]> = {
    size: ['name', 'units', 'measurement', 'position'],
    group: ['name', 'required', 'allow_multiple', 'add_images_to_selections'],
    selection: ['name', 'price', 'image_url'],
  };
  return Object.fromEntries(Object.entries(patch).filter(([field]) => fields[row.table].includes(field))) as RowPatch;
}

export function findChip(chips: readonly Chip[], list: ChipList, itemId: number): Chip {
  return chips.find((one) => one.list === list && one.itemId === itemId) ?? { list, itemId, assigned: false, assignmentId: null, status: 'idle' };
}

export function putChip(chips: readonly Chip[], next: Chip): Chip[] {
  const others = chips.filter((one) => !(one.list === next.list && one.itemId === next.itemId));
  return [...others, next];
}

export const assignedIds = (chips: readonly Chip[], list: ChipList): number[] =>
  chips.filter((one) => one.list === list && one.assigned).map((one) => one.itemId);

// ---------------------------------------------------------------------------------------------
// The queue.

const sameJob = (a: Job, b: Job): boolean => {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'chip' && b.kind === 'chip') return a.list === b.list && a.itemId === b.itemId;
  if ('key' in a && 'key' in b) return a.key === b.key;
  return true;
};

/**
 * Adds a job unless it is already waiting: the waiting one will read the latest values when
 * sent. An update waiting behind a pending create of the same row is absorbed by the create.
 */
export function enqueue(queue: readonly Job[], job: Job): Job[] {
  if (queue.some((waiting) => sameJob(waiting, job))) return [...queue];
  if (job.kind === 'update' && queue.some((waiting) => waiting.kind === 'create' && waiting.key === job.key)) return [...queue];
  return [...queue, job];
}

export const hasQueuedJob = (queue: readonly Job[], key: string, kind?: Job['kind']) =>
  queue.some((job) => 'key' in job && job.key === key && (kind === undefined || job.kind === kind));

/** A row's status once a job for it finished: still saving while more jobs for it wait. */
export const settledStatus = (queue: readonly Job[], key: string): RowStatus => (hasQueuedJob(queue, key) ? 'saving' : 'confirmed');
