import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { DEFAULT_CURRENCY, type Currency } from '../../../contracts/shared/restaurants';
import { type Category, type ExtraGroup, type ExtraSelection } from '../../../contracts/menu';
import {
  createGroup,
  createSelection,
  deleteGroup,
  deleteSelection,
  listCategories,
  listGroups,
  listSelectionsOf,
  restaurantCurrency,
  updateGroup,
  updateSelection,
} from '../../services/menu/menu';
import type { MenuScope } from '../../services/menu/menu-types';
import {
  findRow,
  newGroup,
  newSelection,
  patchRow,
  pickPatch,
  removeFamily,
  rowsFromData,
  type EditorRow,
  type GroupRow,
  type RowPatch,
  type SelectionRow,
} from './category-editor.rows';
import { MENU_ALERTS, reason } from './menu-errors';

/**
 * The extra options manager (spec section 2, Extra options): pick a category, edit its groups
 * and their priced selections here, then Save sends every change in order.
 *
 *   loadingCategories --done--> ready.unpicked ; --error--> failed --list.reload--> loadingCategories
 *   ready.* --category.pick--> ready.loadingGroups --done--> ready.editing ; --error--> ready.groupsFailed
 *   ready.editing --groups.save--> ready.saving --done--> ready.loadingGroups ; --error--> ready.loadingGroups ('Save failed: ...')
 *
 * After a failed save the groups are read again, so the screen shows what the server has.
 */

export interface ExtraOptionsContext {
  scope: MenuScope;
  categories: Category[];
  categoryId: number | null;
  /** What the picked category's restaurant prices in. */
  currency: Currency;
  rows: EditorRow[];
  /** Saved rows removed here, deleted on Save. */
  removed: { table: 'group' | 'selection'; id: number }[];
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
  | { type: 'alert.dismiss' };

export type GroupsData = { groups: ExtraGroup[]; selections: ExtraSelection[]; currency: Currency };
export type LoadGroupsCall = { scope: MenuScope; categoryId: number; restaurantId: number | null };
export type SaveGroupsCall = { categoryId: number; rows: EditorRow[]; removed: ExtraOptionsContext['removed']; scope: MenuScope };

/** Deletes first, then each group (created or updated) followed by its selections, in screen order. */
export async function saveGroups(call: SaveGroupsCall): Promise<void> {
  for (const gone of call.removed) {
    if (gone.table === 'selection') await deleteSelection(gone.id);
    else await deleteGroup(gone.id);
  }
  for (const group of call.rows.filter((row): row is GroupRow => row.table === 'group')) {
    const values = {
      name: group.name.trim(),
      required: group.required,
      allow_multiple: group.allow_multiple,
      add_images_to_selections: group.add_images_to_selections,
    };
    const groupId = group.id ?? (await createGroup({ category_id: call.categoryId, ...values }, call.scope)).id;
    if (group.id !== null) await updateGroup(group.id, values);
    for (const selection of call.rows.filter((row): row is SelectionRow => row.table === 'selection' && row.groupKey === group.key)) {
      const selectionValues = { name: selection.name.trim(), price: selection.price, image_url: selection.image_url ?? '' };
      if (selection.id === null) await createSelection({ group_id: groupId, ...selectionValues }, call.scope);
      else await updateSelection(selection.id, selectionValues);
    }
  }
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
    saveGroups: fromPromise<void, SaveGroupsCall>(({ input }) => saveGroups(input)),
  },
  actions: {
    setCategories: assign((_, params: { categories: Category[] }) => ({ categories: params.categories })),
    pick: assign(({ event }) => (event.type === 'category.pick' ? { categoryId: event.categoryId, rows: [], removed: [], error: null } : {})),
    setGroups: assign((_, params: { data: GroupsData }) => ({
      rows: rowsFromData({ sizes: [], groups: params.data.groups, selections: params.data.selections }),
      removed: [],
      currency: params.data.currency,
    })),
    addRow: assign(({ context, event }) => {
      if (context.rows.length >= context.rowLimit) return {};
      if (event.type === 'group.add') return { rows: [...context.rows, newGroup(context.rows)] };
      if (event.type === 'selection.add' && findRow(context.rows, event.groupKey)?.table === 'group') {
        return { rows: [...context.rows, newSelection(context.rows, event.groupKey)] };
      }
      return {};
    }),
    changeRow: assign(({ context, event }) => {
      assertEvent(event, 'row.change');
      const row = findRow(context.rows, event.key);
      return row ? { rows: patchRow(context.rows, event.key, pickPatch(row, event.patch)) } : {};
    }),
    /** A saved group's selections go with it on the server; only the group's delete is sent. */
    removeRow: assign(({ context, event }) => {
      assertEvent(event, 'row.remove');
      const row = findRow(context.rows, event.key);
      if (!row) return {};
      const removed = row.id !== null && row.table !== 'size' ? [...context.removed, { table: row.table, id: row.id }] : context.removed;
      return { rows: removeFamily(context.rows, [], event.key).rows, removed };
    }),
    showError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
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
    error: null,
    rowLimit: input.rowLimit ?? 300,
  }),
  initial: 'loadingCategories',
  on: { 'alert.dismiss': { actions: 'clearError' } },
  states: {
    loadingCategories: {
      invoke: {
        id: 'loadCategories',
        src: 'loadCategories',
        input: ({ context }) => ({ scope: context.scope }),
        onDone: { target: 'ready', actions: { type: 'setCategories', params: ({ event }) => ({ categories: event.output }) } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ message: reason(event.error) }) } },
      },
    },
    failed: { on: { 'list.reload': { target: 'loadingCategories', actions: 'clearError' } } },
    ready: {
      initial: 'unpicked',
      on: { 'category.pick': { target: '.loadingGroups', actions: 'pick' } },
      states: {
        unpicked: {},
        loadingGroups: {
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
        groupsFailed: { on: { 'list.reload': { target: 'loadingGroups', actions: 'clearError' } } },
        editing: {
          on: {
            'group.add': { actions: 'addRow' },
            'selection.add': { actions: 'addRow' },
            'row.change': { actions: 'changeRow' },
            'row.remove': { actions: 'removeRow' },
            'groups.save': { target: 'saving', actions: 'clearError' },
          },
        },
        saving: {
          invoke: {
            id: 'saveGroups',
            src: 'saveGroups',
            input: ({ context }) => ({ categoryId: context.categoryId ?? 0, rows: context.rows, removed: context.removed, scope: context.scope }),
            onDone: { target: 'loadingGroups' },
            onError: {
              target: 'loadingGroups',
              actions: { type: 'showError', params: ({ event }) => ({ message: `${MENU_ALERTS.saveFailed}${reason(event.error)}` }) },
            },
          },
        },
      },
    },
  },
});

export type ExtraOptionsMachine = typeof extraOptionsMachine;
