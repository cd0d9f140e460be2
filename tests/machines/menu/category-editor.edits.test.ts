/**
 * What the category editor's edits, reads and answers do to its context, and what its calls are
 * given (src/machines/menu/category-editor.{edits,outcomes,calls}.ts): the pure rules the machine
 * applies, each checked on its own with what the person would see or the server would be sent.
 */
import { describe, expect, it } from 'vitest';
import { MENU_MESSAGES } from '#contracts/menu';
import { ApiError } from '#src/services/shared/api';
import {
  countPricesCall,
  deepPayload,
  detailValues,
  isDetailCall,
  isRowCall,
  missingDetailCall,
  resolveCall,
  syncInput,
} from '#src/machines/menu/category-editor.calls';
import { initialContext, type CategoryEditorContext } from '#src/machines/menu/category-editor.context';
import {
  addRow,
  applyLoaded,
  applyReread,
  askRemoval,
  changeRow,
  enqueueForField,
  isSavedSize,
  removeAskedSize,
  removeLive,
  saveRow,
  setDetail,
  setField,
  setRemovalCount,
  setUploadedImage,
  startSave,
  toggleChip,
} from '#src/machines/menu/category-editor.edits';
import { applyChipReport, applyDetailOutcome, applyRowOutcome, dropJob } from '#src/machines/menu/category-editor.outcomes';
import type { EditorRow, Job, SizeRow } from '#src/machines/menu/category-editor.rows';
import { CATALOGUE, DETAIL, OWNER, categoryData, chip, group, selection } from './category-editor.fixtures';

const size = (key: string, id: number | null, status: SizeRow['status'] = 'idle'): SizeRow => ({
  table: 'size',
  key,
  id,
  status,
  name: 'Large',
  units: 14,
  measurement: 'Inches',
  position: 1,
});

/** An editor of category 1 (edit mode) or a new one, with what a test sets. */
function editor(overrides: Partial<CategoryEditorContext> = {}, categoryId: number | null = 1): CategoryEditorContext {
  return { ...initialContext({ categoryId, scope: OWNER }), toppings: CATALOGUE.toppings, dressings: CATALOGUE.dressings, ...overrides };
}
const form = (overrides: Partial<CategoryEditorContext['form']> = {}) => ({ ...editor().form, ...overrides });

describe('category editor context: reading the category', () => {
  it('starts new or editing from its input, with the row limit given or the default', () => {
    expect(initialContext({ categoryId: null, scope: OWNER })).toMatchObject({
      mode: 'new',
      categoryId: null,
      rowLimit: 300,
      currency: 'USD',
      toppings: [],
      dressings: [],
      optionSets: [],
      savedName: '',
    });
    expect(initialContext({ categoryId: 4, scope: OWNER, rowLimit: 2 })).toMatchObject({ mode: 'edit', categoryId: 4, rowLimit: 2 });
  });

  it('fills the form from the category and its detail, or keeps it when there is no category', () => {
    const loaded = applyLoaded(editor(), categoryData({ detail: { ...DETAIL, image_url: '/uploads/hero.jpg', primary_option_sets: [5] }, currency: 'CAD' }));
    expect(loaded.form).toEqual({
      name: 'Pizza',
      description: 'Stone baked',
      imageUrl: '/uploads/hero.jpg',
      pricedBy: 'size',
      primaryOptionSets: [5],
      allowToppings: true,
      allowDressings: true,
    });
    expect(loaded).toMatchObject({ savedName: 'Pizza', detailId: 11, currency: 'CAD', toppings: CATALOGUE.toppings, optionSets: CATALOGUE.optionSets });
    const noDetail = applyLoaded(editor(), categoryData({ detail: null }));
    expect(noDetail.form).toMatchObject({ imageUrl: '', pricedBy: 'none', primaryOptionSets: [], allowToppings: false, allowDressings: false });
    expect(noDetail.detailId).toBeNull();
    const typed = editor({ form: form({ name: 'Typed' }) });
    expect(applyLoaded(typed, categoryData({ category: null, detail: null }))).toMatchObject({ form: typed.form, savedName: '' });
  });

  it('a re-read takes the server’s form unless a name, description or detail change still waits', () => {
    const data = categoryData({ category: { id: 1, name: 'Pizza (server)', description: '', restaurant_id: 3 } });
    const typed = editor({ form: form({ name: 'Mine' }), detailId: 11 });
    expect(applyReread(typed, data).form?.name).toBe('Pizza (server)');
    expect(applyReread({ ...typed, queue: [{ kind: 'category' }] }, data).form?.name).toBe('Mine');
    expect(applyReread({ ...typed, queue: [{ kind: 'detail' }] }, data).form?.name).toBe('Mine');
    expect(applyReread(typed, { ...data, detail: null })).toMatchObject({ form: typed.form, detailId: 11 });
  });
});

describe('category editor context: the person’s edits', () => {
  it('changes a text field, and a new name clears the name’s refusal', () => {
    const refused = editor({ nameError: 'Please enter a category name.' });
    expect(setField(refused, 'description', 'Thin')).toEqual({ form: form({ description: 'Thin' }), nameError: 'Please enter a category name.' });
    expect(setField(refused, 'name', 'Pizza')).toEqual({ form: form({ name: 'Pizza' }), nameError: null });
    expect(setField(refused, 'pricedBy' as never, 'size')).toEqual({});
  });

  it('queues the detail once for a change in edit mode, nothing for a change that changes nothing, and nothing in new mode', () => {
    expect(setDetail(editor(), { pricedBy: 'none' })).toEqual({});
    expect(setDetail(editor(), { pricedBy: 'weight' })).toEqual({ form: form({ pricedBy: 'weight' }), queue: [{ kind: 'detail' }] });
    expect(setDetail(editor({ queue: [{ kind: 'detail' }] }), { allowToppings: true }).queue).toEqual([{ kind: 'detail' }]);
    expect(setDetail(editor({}, null), { pricedBy: 'weight' }).queue).toEqual([]);
  });

  it('toggles a chip of the catalogue (saving in edit mode, at rest in new mode), clearing the alert', () => {
    expect(toggleChip(editor({ error: 'Failed to assign topping' }), 'toppings', 2)).toEqual({
      chips: [chip('toppings', 2, true, null, 'saving')],
      queue: [{ kind: 'chip', list: 'toppings', itemId: 2 }],
      error: null,
    });
    expect(toggleChip(editor({ chips: [chip('dressings', 1, true, 6)] }), 'dressings', 1).chips).toEqual([chip('dressings', 1, false, 6, 'saving')]);
    expect(toggleChip(editor({}, null), 'toppings', 1)).toMatchObject({ chips: [chip('toppings', 1, true, null, 'idle')], queue: [] });
    expect(toggleChip(editor(), 'toppings', 99)).toEqual({});
    expect(toggleChip(editor(), 'dressings', 2)).toEqual({});
    expect(toggleChip(editor(), 'toppings', undefined)).toEqual({});
  });

  it('adds a size only when priced by size, a group, and a selection only into a group, up to the row limit', () => {
    const bySize = editor({ form: form({ pricedBy: 'size' }) });
    expect(addRow(editor(), { type: 'size.add' })).toEqual({});
    expect(addRow(bySize, { type: 'size.add' })).toEqual({
      rows: [{ ...size('tmp-1', null, 'saving'), name: 'New', units: null, measurement: null }],
      queue: [{ kind: 'create', key: 'tmp-1' }],
    });
    expect(addRow(editor({}, null), { type: 'group.add' })).toMatchObject({ rows: [{ key: 'tmp-1', status: 'idle', table: 'group' }], queue: [] });
    const withGroup = editor({ rows: [group('group-1', 1), size('size-2', 2)] });
    expect(addRow(withGroup, { type: 'selection.add', groupKey: 'group-1' }).rows?.[2]).toMatchObject({
      key: 'tmp-1',
      table: 'selection',
      groupKey: 'group-1',
    });
    expect(addRow(withGroup, { type: 'selection.add', groupKey: 'size-2' })).toEqual({});
    expect(addRow(withGroup, { type: 'selection.add' })).toEqual({});
    expect(addRow(withGroup, { type: 'other.add' })).toEqual({});
    expect(addRow({ ...withGroup, rowLimit: 2 }, { type: 'group.add' })).toEqual({});
  });

  it('changes a row’s own fields; a new name clears its refusal; a row being deleted or gone stays as it is', () => {
    const context = editor({ rows: [size('a', 1), { ...size('b', 2), status: 'deleting' }], rowErrors: { a: 'Please enter a name.', c: 'x' } });
    expect(changeRow(context, 'a', { units: 16, price: 3 })).toEqual({ rows: [{ ...size('a', 1), units: 16 }, context.rows[1]], rowErrors: context.rowErrors });
    expect(changeRow(context, 'a', { name: 'XL' }).rowErrors).toEqual({ c: 'x' });
    expect(changeRow(context, 'b', { name: 'XL' })).toEqual({});
    expect(changeRow(context, 'z', { name: 'XL' })).toEqual({});
  });

  it('saves a row with a name by queueing its update; refuses a blank name with the sentence; leaves a deleting row', () => {
    const context = editor({ rows: [size('a', 1), { ...size('b', 2), name: '  ' }, { ...size('c', 3), status: 'deleting' }], rowErrors: { a: 'old' } });
    expect(saveRow(context, 'a')).toEqual({
      rows: [{ ...size('a', 1), status: 'saving' }, context.rows[1], context.rows[2]],
      queue: [{ kind: 'update', key: 'a' }],
      rowErrors: {},
    });
    expect(saveRow(context, 'b')).toEqual({ rowErrors: { a: 'old', b: 'Please enter a name.' } });
    expect(saveRow(context, 'c')).toEqual({});
    expect(saveRow(context, 'z')).toEqual({});
  });

  it('removes a row whose create still waits at once, marks a saved one deleting and queues its delete', () => {
    const context = editor({
      rows: [size('tmp-1', null, 'saving'), size('size-2', 2), { ...size('size-3', 3), status: 'deleting' }],
      queue: [
        { kind: 'create', key: 'tmp-1' },
        { kind: 'update', key: 'size-2' },
      ],
    });
    expect(removeLive(context, 'tmp-1')).toEqual({ rows: [context.rows[1], context.rows[2]], queue: [{ kind: 'update', key: 'size-2' }] });
    expect(removeLive(context, 'size-2')).toEqual({
      rows: [context.rows[0], { ...size('size-2', 2), status: 'deleting' }, context.rows[2]],
      queue: [...context.queue, { kind: 'delete', key: 'size-2' }],
    });
    expect(removeLive(context, 'size-3')).toEqual({});
    expect(removeLive(context, 'nope')).toEqual({});
  });

  it('asks before removing a saved size (counting its prices), and removes it once confirmed', () => {
    const context = editor({ rows: [size('tmp-1', null), size('size-2', 2), { ...size('size-3', 3), status: 'deleting' }, group('group-4', 4)] });
    expect(['tmp-1', 'size-2', 'size-3', 'group-4', 'nope'].map((key) => isSavedSize(context, key))).toEqual([false, true, false, false, false]);
    expect(askRemoval(context, 'size-2')).toEqual({ sizeRemoval: { key: 'size-2', name: 'Large', prices: null } });
    expect(askRemoval(context, 'group-4')).toEqual({ sizeRemoval: { key: 'group-4', name: '', prices: null } });
    expect(askRemoval(context, 'nope')).toEqual({ sizeRemoval: null });
    const asked = { ...context, sizeRemoval: { key: 'size-2', name: 'Large', prices: null } };
    expect(setRemovalCount(asked, 4)).toEqual({ sizeRemoval: { key: 'size-2', name: 'Large', prices: 4 } });
    expect(setRemovalCount(context, 4)).toEqual({ sizeRemoval: null });
    expect(removeAskedSize(asked)).toMatchObject({ sizeRemoval: null, queue: [{ kind: 'delete', key: 'size-2' }] });
    expect(removeAskedSize(context)).toEqual({ sizeRemoval: null });
  });

  it('sends the name and description together, never with a blank name; the hero image with the detail', () => {
    expect(enqueueForField(editor({ form: form({ name: 'Pizza' }) }), 'description')).toEqual({ queue: [{ kind: 'category' }] });
    expect(enqueueForField(editor(), 'name')).toEqual({ nameError: MENU_MESSAGES.categoryName });
    expect(enqueueForField(editor(), 'imageUrl')).toEqual({ queue: [{ kind: 'detail' }] });
    expect(enqueueForField(editor(), 'pricedBy' as never)).toEqual({});
  });

  it('Save refuses a blank name, else sends the name behind what is queued, clearing the alerts', () => {
    expect(startSave(editor({ error: 'x', form: form({ name: ' ' }) }))).toEqual({ nameError: MENU_MESSAGES.categoryName, error: null });
    expect(startSave(editor({ error: 'x', nameError: 'y', form: form({ name: 'Pizza' }), queue: [{ kind: 'detail' }] }))).toEqual({
      error: null,
      nameError: null,
      queue: [{ kind: 'detail' }, { kind: 'category' }],
    });
  });

  it('an uploaded hero image goes in the form, and to the server in edit mode', () => {
    expect(setUploadedImage(editor(), '/uploads/hero.jpg')).toEqual({ form: form({ imageUrl: '/uploads/hero.jpg' }), queue: [{ kind: 'detail' }] });
    expect(setUploadedImage(editor({}, null), '/uploads/hero.jpg').queue).toEqual([]);
  });
});

describe('category editor context: the answers to its calls', () => {
  it('drops a job with nothing to send: an uncreatable row goes, a chip in line settles, a row settles', () => {
    const rows = [group('tmp-1', null), selection('tmp-2', 'tmp-1'), { ...size('size-3', 3), status: 'saving' as const }];
    expect(dropJob(editor({ rows, current: { kind: 'create', key: 'tmp-2' } }))).toEqual({ rows: [rows[0], rows[2]], queue: [], current: null });
    const chips = [chip('toppings', 1, true, 5, 'saving')];
    const chipJob: Job = { kind: 'chip', list: 'toppings', itemId: 1 };
    expect(dropJob(editor({ chips, current: chipJob })).chips).toEqual([chip('toppings', 1, true, 5, 'confirmed')]);
    expect(dropJob(editor({ chips, current: chipJob, queue: [chipJob] })).chips).toEqual([chip('toppings', 1, true, 5, 'saving')]);
    expect(dropJob(editor({ rows, current: { kind: 'update', key: 'size-3' } })).rows?.[2]?.status).toBe('confirmed');
    expect(dropJob(editor({ rows, current: { kind: 'update', key: 'gone' } }))).toEqual({ current: null });
    expect(dropJob(editor({ current: { kind: 'detail' } }))).toEqual({ current: null });
  });

  it('a chip’s answer: saved with its assignment (saving while another toggle waits), or rolled back with the words', () => {
    const job: Job = { kind: 'chip', list: 'dressings', itemId: 1 };
    const context = editor({ chips: [chip('dressings', 1, true, null, 'saving')], current: job });
    expect(applyChipReport(context, { type: 'chip.saved', assignmentId: 8 })).toEqual({ chips: [chip('dressings', 1, true, 8, 'confirmed')] });
    expect(applyChipReport({ ...context, queue: [job] }, { type: 'chip.saved', assignmentId: 8 }).chips).toEqual([chip('dressings', 1, true, 8, 'saving')]);
    expect(applyChipReport({ ...context, queue: [job, { kind: 'detail' }] }, { type: 'chip.refused', assign: true })).toEqual({
      chips: [chip('dressings', 1, false, null, 'rolledBack')],
      queue: [{ kind: 'detail' }],
      error: 'Failed to assign dressing',
    });
    expect(applyChipReport({ ...context, current: { kind: 'detail' } }, { type: 'chip.saved', assignmentId: 8 })).toEqual({});
    expect(applyChipReport({ ...context, current: null }, { type: 'chip.refused', assign: false })).toEqual({});
  });

  it('a chip’s answer looks only at toggles of the same chip still waiting', () => {
    const job: Job = { kind: 'chip', list: 'dressings', itemId: 1 };
    const others: Job[] = [{ kind: 'detail' }, { kind: 'chip', list: 'toppings', itemId: 1 }, { kind: 'chip', list: 'dressings', itemId: 2 }];
    const context = editor({ chips: [chip('dressings', 1, true, null, 'saving')], current: job, queue: others });
    expect(applyChipReport(context, { type: 'chip.saved', assignmentId: 8 }).chips).toEqual([chip('dressings', 1, true, 8, 'confirmed')]);
    expect(dropJob(context).chips).toEqual([chip('dressings', 1, true, null, 'confirmed')]);
    expect(applyChipReport({ ...context, queue: [...others, job] }, { type: 'chip.refused', assign: false }).queue).toEqual(others);
  });

  it('an answer with no job out changes nothing but the job', () => {
    const idle = editor({ current: null });
    expect(dropJob(idle)).toEqual({ current: null });
    expect(applyChipReport(idle, { type: 'chip.saved', assignmentId: 8 })).toEqual({});
    expect(applyRowOutcome(idle, { kind: 'chipsReread', assignments: [] })).toEqual({ current: null });
  });

  it('a failed create or delete of a row that has gone meanwhile still says so', () => {
    const gone = editor({ current: { kind: 'create', key: 'tmp-9' } });
    expect(applyRowOutcome(gone, { kind: 'createFailed' })).toMatchObject({ error: 'Failed to save change', current: null });
    expect(applyRowOutcome(gone, { kind: 'deleteFailed', error: new ApiError('Gone.', { status: 404 }) })).toMatchObject({
      error: 'Failed to delete: Gone.',
      current: null,
    });
  });

  it('a row’s answers: created takes its id, a failed create goes with the words for its kind', () => {
    const rows: EditorRow[] = [group('tmp-1', null), selection('tmp-2', 'tmp-1'), { ...size('tmp-3', null), status: 'deleting' }];
    const at = (key: string, queue: Job[] = []) => editor({ rows, current: { kind: 'create', key }, queue });
    expect(applyRowOutcome(at('tmp-1'), { kind: 'created', id: 40 }).rows?.[0]).toMatchObject({ id: 40, status: 'confirmed' });
    expect(applyRowOutcome(at('tmp-1', [{ kind: 'update', key: 'tmp-1' }]), { kind: 'created', id: 40 }).rows?.[0]).toMatchObject({ status: 'saving' });
    expect(applyRowOutcome(at('tmp-3'), { kind: 'created', id: 41 }).rows?.[2]).toMatchObject({ id: 41, status: 'deleting' });
    expect(applyRowOutcome(editor({ rows, current: { kind: 'detail' } }), { kind: 'created', id: 1 })).toEqual({ current: null });
    expect(applyRowOutcome(at('tmp-1'), { kind: 'createFailed' })).toEqual({ rows: [rows[2]], queue: [], error: 'Failed to add group', current: null });
    expect(applyRowOutcome(at('tmp-2'), { kind: 'createFailed' }).error).toBe('Failed to add selection');
    expect(applyRowOutcome(at('tmp-3'), { kind: 'createFailed' }).error).toBe('Failed to save change');
    expect(applyRowOutcome(editor({ current: { kind: 'category' } }), { kind: 'createFailed' })).toEqual({ current: null });
  });

  it('a row’s update and delete answers settle it, bring it back, or say why', () => {
    const rows: EditorRow[] = [
      { ...size('size-1', 1), status: 'saving' },
      { ...selection('selection-2', 'group-9', 'BBQ', 2), status: 'deleting' },
    ];
    const at = (key: string, queue: Job[] = []) => editor({ rows, current: { kind: 'update', key }, queue });
    expect(applyRowOutcome(at('size-1'), { kind: 'updated' }).rows?.[0]?.status).toBe('confirmed');
    expect(applyRowOutcome(at('selection-2'), { kind: 'updated' })).toEqual({ current: null });
    expect(applyRowOutcome(at('size-1'), { kind: 'updateFailed' })).toEqual({
      error: 'Failed to save change',
      current: null,
      rows: [{ ...rows[0], status: 'idle' }, rows[1]],
    });
    expect(applyRowOutcome(at('size-1', [{ kind: 'update', key: 'size-1' }]), { kind: 'updateFailed' }).rows?.[0]?.status).toBe('saving');
    expect(applyRowOutcome(at('selection-2'), { kind: 'updateFailed' })).toEqual({ error: 'Failed to save change', current: null });
    expect(applyRowOutcome(at('selection-2'), { kind: 'deleted' })).toEqual({ rows: [rows[0]], queue: [], current: null });
    expect(applyRowOutcome(at('selection-2'), { kind: 'deleteFailed', error: new ApiError('x', { status: 409 }) })).toEqual({
      rows: [rows[0], { ...rows[1], status: 'idle' }],
      error: 'Failed to delete selection',
      current: null,
    });
    expect(applyRowOutcome(at('size-1'), { kind: 'deleteFailed', error: new ApiError('Used by 3 menu items.', { status: 409 }) }).error).toBe(
      'Failed to delete: Used by 3 menu items.',
    );
    const noRow = editor({ current: { kind: 'detail' } });
    for (const kind of ['deleted', 'updated'] as const) expect(applyRowOutcome(noRow, { kind })).toEqual({ current: null });
    expect(applyRowOutcome(noRow, { kind: 'deleteFailed', error: null })).toEqual({ current: null });
  });

  it('a chip list re-read shows the server’s assignments; an unread one just ends the job', () => {
    const job: Job = { kind: 'chip', list: 'toppings', itemId: 1 };
    const context = editor({ chips: [chip('toppings', 1, true, 5, 'confirmed')], current: job });
    expect(applyRowOutcome(context, { kind: 'chipsReread', assignments: [] })).toEqual({ chips: [], current: null });
    expect(applyRowOutcome({ ...context, current: { kind: 'detail' } }, { kind: 'chipsReread', assignments: [] })).toEqual({ current: null });
    expect(applyRowOutcome(context, { kind: 'chipsUnread' })).toEqual({ current: null });
  });

  it('the detail’s answer keeps the detail’s id, or says the change was not saved', () => {
    const context = editor({ detailId: 11, current: { kind: 'detail' } });
    expect(applyDetailOutcome(context, { kind: 'saved', detail: { ...DETAIL, id: 13 } })).toEqual({ current: null, detailId: 13 });
    expect(applyDetailOutcome(context, { kind: 'saved', detail: null })).toEqual({ current: null, detailId: 11 });
    expect(applyDetailOutcome(context, { kind: 'updateFailed' })).toEqual({ error: 'Failed to save change', current: null });
  });
});

describe('category editor calls: what each job sends', () => {
  const filled = form({
    name: ' Pizza ',
    description: ' Thin ',
    imageUrl: ' /uploads/hero.jpg ',
    pricedBy: 'size',
    primaryOptionSets: [5],
    allowToppings: true,
  });

  it('sends the detail’s fields, a blank image as none', () => {
    expect(detailValues(editor({ form: filled }))).toEqual({
      priced_by: 'size',
      primary_option_sets: [5],
      allow_toppings: true,
      allow_dressings: false,
      image_url: '/uploads/hero.jpg',
    });
    expect(detailValues(editor()).image_url).toBeNull();
    expect(missingDetailCall(editor({ form: filled })).values.priced_by).toBe('none');
    expect(missingDetailCall(editor({ form: filled }))).toMatchObject({ categoryId: 1, scope: OWNER });
  });

  it('resolves each job to its call, or to none once it has become unnecessary', () => {
    const rows: EditorRow[] = [group('group-1', 1), selection('selection-2', 'group-1', 'BBQ', 2), selection('tmp-3', 'tmp-9'), size('tmp-4', null)];
    const chips = [chip('toppings', 1, true, null), chip('toppings', 2, false, 7), chip('toppings', 3, true, 8)];
    const call = (current: Job, overrides: Partial<CategoryEditorContext> = {}) =>
      resolveCall(editor({ rows, chips, form: filled, detailId: 11, current, ...overrides }));
    expect(call({ kind: 'category' })).toEqual({ actor: 'updateCategory', input: { id: 1, name: 'Pizza', description: 'Thin' } });
    expect(call({ kind: 'detail' })).toMatchObject({ actor: 'updateDetail', input: { detailId: 11 } });
    expect(call({ kind: 'detail' }, { detailId: null })).toBeNull();
    expect(call({ kind: 'chip', list: 'toppings', itemId: 1 })).toEqual({
      actor: 'assignChip',
      input: { list: 'toppings', categoryId: 1, itemId: 1, scope: OWNER },
    });
    expect(call({ kind: 'chip', list: 'toppings', itemId: 2 })).toEqual({ actor: 'unassignChip', input: { list: 'toppings', assignmentId: 7 } });
    expect(call({ kind: 'chip', list: 'toppings', itemId: 3 })).toBeNull();
    expect(call({ kind: 'create', key: 'selection-2' })).toEqual({ actor: 'createRow', input: { row: rows[1], categoryId: 1, groupId: 1, scope: OWNER } });
    expect(call({ kind: 'create', key: 'group-1' })).toMatchObject({ input: { groupId: null } });
    expect(call({ kind: 'create', key: 'tmp-3' })).toBeNull();
    expect(call({ kind: 'create', key: 'gone' })).toBeNull();
    expect(call({ kind: 'update', key: 'tmp-4' })).toBeNull();
    expect(call({ kind: 'update', key: 'group-1' })).toEqual({ actor: 'updateRow', input: { row: rows[0] } });
    expect(call({ kind: 'delete', key: 'selection-2' })).toEqual({ actor: 'deleteRow', input: { table: 'selection', id: 2 } });
    expect(call({ kind: 'category' }, { categoryId: null })).toBeNull();
    expect(resolveCall(editor({ current: null }))).toBeNull();
  });

  it('tells the detail’s calls from the rows’, and gives the child the call with its category', () => {
    const detail = { actor: 'updateDetail', input: { detailId: 1, values: detailValues(editor()) } } as const;
    const row = { actor: 'deleteRow', input: { table: 'size', id: 1 } } as const;
    expect([isDetailCall(detail), isDetailCall(row), isDetailCall(null)]).toEqual([true, false, false]);
    expect([isRowCall(row), isRowCall(detail), isRowCall(null)]).toEqual([true, false, false]);
    expect(syncInput(editor({ form: filled, current: { kind: 'category' } }))).toEqual({
      call: { actor: 'updateCategory', input: { id: 1, name: 'Pizza', description: 'Thin' } },
      categoryId: 1,
      scope: OWNER,
    });
  });

  it('counts the prices of the size asked about', () => {
    const context = editor({ rows: [size('size-2', 2)], sizeRemoval: { key: 'size-2', name: 'Large', prices: null } });
    expect(countPricesCall(context)).toEqual({ categoryId: 1, sizeId: 2, scope: OWNER });
  });

  it('creates a new category in one payload: sizes only when priced by size, chips only when allowed', () => {
    const chips = [chip('toppings', 1, true, null), chip('toppings', 2, false, null), chip('dressings', 1, true, null)];
    const rows: EditorRow[] = [{ ...size('tmp-1', null), name: ' Large ' }, group('tmp-2', null)];
    expect(deepPayload(editor({ form: filled, rows, chips }, null), 3)).toEqual({
      restaurant_id: 3,
      name: 'Pizza',
      description: 'Thin',
      detail: detailValues(editor({ form: filled })),
      sizes: [{ name: 'Large', units: 14, measurement: 'Inches', position: 1 }],
      toppings: [1],
      dressings: [],
      extra_groups: [],
    });
    const plain = deepPayload(editor({ form: { ...filled, pricedBy: 'weight', allowToppings: false, allowDressings: true }, rows, chips }, null), 3);
    expect(plain).toMatchObject({ sizes: [], toppings: [], dressings: [1] });
  });
});
