import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { DEFAULT_CURRENCY, type Currency } from '../../../contracts/shared/restaurants';
import { type Category, type ExtraGroup, type ExtraSelection } from '../../../contracts/menu';
import { listCategories, listGroups, listSelectionsOf, restaurantCurrency, saveExtraOptions } from '../../services/menu/menu';
import { ApiError } from '../../services/shared/api';
import type { MenuScope } from '../../services/menu/menu-types';
import { findRow, newGroup, newSelection, patchRow, pickPatch, removeFamily, rowsFromData, type EditorRow, type RowPatch } from './category-editor.rows';
import { batchErrors, batchOf, fieldErrorsOf, withoutRowErrors, type FieldErrors, type RemovedRow } from './extra-options.batch';
import { FIELDS_NOT_VALID, MENU_ALERTS, reason } from './menu-errors';

/**
 * The extra options manager (spec section 2, Extra options): pick a category, edit its groups
 * and their priced selections here, then Save sends every change as one request.
 *
 *   loadingCategories --done--> ready.unpicked ; --error--> failed --list.reload--> loadingCategories
 *   ready.* --category.pick--> ready.loadingGroups --done--> ready.editing ; --error--> ready.groupsFailed
 *   ready.editing --groups.save [a row the contract refuses]--> ready.editing (fields marked, nothing sent)
 *   ready.editing --groups.save--> ready.saving --done--> ready.editing (rows as saved) ; --error--> ready.editing ('Save failed: ...')
 *   ready.* --category.pick [unsaved edits]--> ready.discarding --discard.confirm--> ready.loadingGroups ; --discard.cancel--> ready.editing
 *
 * Save is all or nothing (issue 27): every row is checked with the contract before anything is
 * sent, and the server writes the batch in one transaction. So after a refusal nothing was
 * written, and the edits stay on screen, with the inputs in error marked, to be fixed and saved again.
 * Edits live only here until Save, so picking another category with edits unsaved asks first, and
 * `dirty` tells the view to have the browser ask before the page is left.
 *
 * Tags: `loading`, `failed`, `ready`, `unpicked`, `loadingGroups`, `groupsFailed`, `editing`
 * (editing, saving and discarding: the groups stay on screen), `saving`, `discarding`.
 */

export interface ExtraOptionsContext {
  scope: MenuScope;
  categories: Category[];
  categoryId: number | null;
  /** What the picked category's restaurant prices in. */
  currency: Currency;
  rows: EditorRow[];
  /** Saved rows removed here, deleted on Save. */
  removed: RemovedRow[];
  /** The inputs a refused Save marked (see FieldErrors for the keys). */
  fieldErrors: FieldErrors;
  /** Edits made since the groups were read or saved. */
  dirty: boolean;
  /** The category picked while edits were unsaved, waiting for the person's answer. */
  pendingCategoryId: number | null;
  error: string | null;
  /** Most rows the editor holds; tests keep it small. */
  rowLimit: number;
}

export type ExtraOptionsEvent =
  | { type: 'list.reload' }
  | { type: 'category.pick'; categoryId: number }
  | { type: 'group.add' }
  | { type: 'selection.add'; groupKey: string }
  | { type: 'row.change'; key: string; patch: RowPatch }
  | { type: 'row.remove'; key: string }
  | { type: 'groups.save' }
  | { type: 'discard.confirm' }
  | { type: 'discard.cancel' }
  | { type: 'alert.dismiss' };

export type GroupsData = { groups: ExtraGroup[]; selections: ExtraSelection[]; currency: Currency };
export type LoadGroupsCall = { scope: MenuScope; categoryId: number; restaurantId: number | null };
export type SavedGroups = Omit<GroupsData, 'currency'>;
export type SaveGroupsCall = { categoryId: number; rows: EditorRow[]; removed: RemovedRow[] };

/** The whole batch in one request; the answer is the category's groups as saved. */
export async function saveGroups(call: SaveGroupsCall): Promise<SavedGroups> {
  const saved = await saveExtraOptions(call.categoryId, batchOf(call.rows, call.removed).body);
  return {
    groups: saved.groups.map(({ selections: _selections, ...group }) => group),
    selections: saved.groups.flatMap((group) => group.selections),
  };
}

export const extraOptionsMachine = setup({
  types: {
    context: {} as ExtraOptionsContext,
    events: {} as ExtraOptionsEvent,
    input: {} as { scope: MenuScope; rowLimit?: number },
  },
  actors: {
    loadCategories: fromPromise<Category[], { scope: MenuScope }>(({ input }) => listCategories(input.scope)),
    loadGroups: fromPromise<GroupsData, LoadGroupsCall>(async ({ input }) => {
      const [groups, currency] = await Promise.all([
        listGroups(input.scope, input.categoryId),
        input.restaurantId === null ? DEFAULT_CURRENCY : restaurantCurrency(input.restaurantId),
      ]);
      return {
        groups,
        selections: await listSelectionsOf(
          input.scope,
          groups.map((group) => group.id),
        ),
        currency,
      };
    }),
    saveGroups: fromPromise<SavedGroups, SaveGroupsCall>(({ input }) => saveGroups(input)),
  },
  actions: {
    setCategories: assign((_, params: { categories: Category[] }) => ({ categories: params.categories })),
    pick: assign(({ context, event }) => {
      const categoryId = event.type === 'category.pick' ? event.categoryId : context.pendingCategoryId;
      return categoryId === null ? {} : { categoryId, pendingCategoryId: null, rows: [], removed: [], fieldErrors: {}, dirty: false, error: null };
    }),
    holdPick: assign(({ event }) => (event.type === 'category.pick' ? { pendingCategoryId: event.categoryId } : {})),
    dropPick: assign({ pendingCategoryId: null }),
    setGroups: assign((_, params: { data: SavedGroups & Partial<Pick<GroupsData, 'currency'>> }) => ({
      rows: rowsFromData({ sizes: [], groups: params.data.groups, selections: params.data.selections }),
      removed: [],
      fieldErrors: {},
      dirty: false,
      ...(params.data.currency === undefined ? {} : { currency: params.data.currency }),
    })),
    /** A Save the contract refuses: nothing is sent, the inputs in error are marked. */
    markInvalid: assign(({ context }) => ({
      fieldErrors: batchErrors(batchOf(context.rows, context.removed)) ?? {},
      error: `${MENU_ALERTS.saveFailed}${FIELDS_NOT_VALID}`,
    })),
    /** A Save the server refused wrote nothing: the edits stay, with the inputs it named marked. */
    showSaveError: assign(({ context }, params: { error: unknown }) => ({
      fieldErrors:
        params.error instanceof ApiError && params.error.fields ? fieldErrorsOf(params.error.fields, batchOf(context.rows, context.removed).rowKeys) : {},
      error: `${MENU_ALERTS.saveFailed}${reason(params.error)}`,
    })),
    addRow: assign(({ context, event }) => {
      if (context.rows.length >= context.rowLimit) return {};
      if (event.type === 'group.add') return { rows: [...context.rows, newGroup(context.rows)], dirty: true };
      if (event.type === 'selection.add' && findRow(context.rows, event.groupKey)?.table === 'group') {
        return { rows: [...context.rows, newSelection(context.rows, event.groupKey)], dirty: true };
      }
      return {};
    }),
    changeRow: assign(({ context, event }) => {
      assertEvent(event, 'row.change');
      const row = findRow(context.rows, event.key);
      if (!row) return {};
      return {
        rows: patchRow(context.rows, event.key, pickPatch(row, event.patch)),
        fieldErrors: withoutRowErrors(context.fieldErrors, event.key),
        dirty: true,
      };
    }),
    /** A saved group's selections go with it on the server; only the group's delete is sent. */
    removeRow: assign(({ context, event }) => {
      assertEvent(event, 'row.remove');
      const row = findRow(context.rows, event.key);
      if (!row) return {};
      const removed = row.id !== null && row.table !== 'size' ? [...context.removed, { table: row.table, id: row.id }] : context.removed;
      return { rows: removeFamily(context.rows, [], event.key).rows, removed, dirty: true };
    }),
    showError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    clearFieldErrors: assign({ fieldErrors: {} }),
  },
  guards: {
    batchInvalid: ({ context }) => batchErrors(batchOf(context.rows, context.removed)) !== null,
    /** Another category would drop edits not saved yet. */
    dropsEdits: ({ context, event }) => context.dirty && event.type === 'category.pick' && event.categoryId !== context.categoryId,
  },
}).createMachine({
  id: 'extraOptions',
  context: ({ input }) => ({
    scope: input.scope,
    categories: [],
    categoryId: null,
    currency: DEFAULT_CURRENCY,
    rows: [],
    removed: [],
    fieldErrors: {},
    dirty: false,
    pendingCategoryId: null,
    error: null,
    rowLimit: input.rowLimit ?? 300,
  }),
  initial: 'loadingCategories',
  on: { 'alert.dismiss': { actions: 'clearError' } },
  states: {
    loadingCategories: {
      tags: ['loading'],
      invoke: {
        id: 'loadCategories',
        src: 'loadCategories',
        input: ({ context }) => ({ scope: context.scope }),
        onDone: { target: 'ready', actions: { type: 'setCategories', params: ({ event }) => ({ categories: event.output }) } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ message: reason(event.error) }) } },
      },
    },
    failed: { tags: ['failed'], on: { 'list.reload': { target: 'loadingCategories', actions: 'clearError' } } },
    ready: {
      tags: ['ready'],
      initial: 'unpicked',
      on: {
        'category.pick': [
          { guard: 'dropsEdits', target: '.discarding', actions: 'holdPick' },
          { target: '.loadingGroups', actions: 'pick' },
        ],
      },
      states: {
        unpicked: { tags: ['unpicked'] },
        loadingGroups: {
          tags: ['loadingGroups'],
          invoke: {
            id: 'loadGroups',
            src: 'loadGroups',
            input: ({ context }): LoadGroupsCall => ({
              scope: context.scope,
              categoryId: context.categoryId ?? 0,
              restaurantId: context.categories.find((category) => category.id === context.categoryId)?.restaurant_id ?? null,
            }),
            onDone: { target: 'editing', actions: { type: 'setGroups', params: ({ event }) => ({ data: event.output }) } },
            onError: { target: 'groupsFailed', actions: { type: 'showError', params: ({ event }) => ({ message: reason(event.error) }) } },
          },
        },
        /** Asks before the unsaved edits are dropped for another category. */
        discarding: {
          // The panel stays while the person is asked, so nothing they opened closes behind the dialog.
          tags: ['editing', 'discarding'],
          on: {
            'discard.confirm': { target: 'loadingGroups', actions: 'pick' },
            'discard.cancel': { target: 'editing', actions: 'dropPick' },
          },
        },
        groupsFailed: { tags: ['groupsFailed'], on: { 'list.reload': { target: 'loadingGroups', actions: 'clearError' } } },
        editing: {
          tags: ['editing'],
          on: {
            'group.add': { actions: 'addRow' },
            'selection.add': { actions: 'addRow' },
            'row.change': { actions: 'changeRow' },
            'row.remove': { actions: 'removeRow' },
            'groups.save': [
              { guard: 'batchInvalid', actions: 'markInvalid' },
              { target: 'saving', actions: ['clearError', 'clearFieldErrors'] },
            ],
          },
        },
        saving: {
          tags: ['editing', 'saving'],
          invoke: {
            id: 'saveGroups',
            src: 'saveGroups',
            input: ({ context }): SaveGroupsCall => ({ categoryId: context.categoryId ?? 0, rows: context.rows, removed: context.removed }),
            onDone: { target: 'editing', actions: { type: 'setGroups', params: ({ event }) => ({ data: event.output }) } },
            onError: { target: 'editing', actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type ExtraOptionsMachine = typeof extraOptionsMachine;
