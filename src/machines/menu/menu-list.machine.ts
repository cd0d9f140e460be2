import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MenuScope } from '../../services/menu/menu-types';
import { fieldsOf, MENU_ALERTS, reason } from './menu-errors';

/**
 * One list of the menu (categories, toppings, dressings, primary option sets, a category's
 * menu items): read, searched, saved to, deleted from. Each screen provides its own actors
 * through `machine.provide({ actors })`; the defaults refuse, so a screen that forgets one
 * fails loudly instead of calling the wrong endpoint.
 *
 *   loading --done--> loaded.idle ; --error--> failed --list.reload--> loading
 *   loaded.idle --list.search--> loading (with the new term)
 *   loaded.idle --item.save [name given]--> saving --done--> loading ; --error--> idle ('Save failed: ...')
 *   loaded.idle --item.delete--> deleting --done--> loading ; --error--> idle ('Failed to delete: ...')
 */

export interface MenuListInput {
  scope: MenuScope;
  /** The row the list hangs off (a category, for its menu items); null for top-level lists. */
  ownerId?: number | null;
  /** The sentence when a saved item has a blank name (spec section 5); null: no name to check. */
  nameMessage?: string | null;
}

export type ItemValues = Record<string, unknown> & { name?: string };
/** What every actor is told: who asks, and under which row. */
export type ListCallBase = { scope: MenuScope; ownerId: number | null };
export type LoadCall = ListCallBase & { search: string };
export type SaveCall = ListCallBase & { id: number | null; values: ItemValues };
export type DeleteCall = ListCallBase & { id: number };

export interface MenuListContext<T = unknown> {
  scope: MenuScope;
  ownerId: number | null;
  items: T[];
  search: string;
  nameMessage: string | null;
  /** The alert: load, save or delete failure, or the name check. */
  error: string | null;
  /**
   * The fields a refused save was refused for, with their sentences (`name` when the name check
   * refuses; the server's `fields` when it does), so the form can mark them and name them.
   */
  fields: Record<string, string>;
  /**
   * Flips after every completed save, so the view can close its editing panel on a change
   * (a flip rather than a count keeps the machine's state space finite for path coverage).
   */
  saved: boolean;
}

export type MenuListEvent =
  | { type: 'list.reload' }
  | { type: 'list.search'; search: string }
  | { type: 'item.save'; id: number | null; values: ItemValues }
  | { type: 'item.delete'; id: number }
  | { type: 'alert.dismiss' };

const notProvided = (name: string) => new Error(`The list's "${name}" actor was not provided.`);

export const menuListMachine = setup({
  types: {
    context: {} as MenuListContext,
    events: {} as MenuListEvent,
    input: {} as MenuListInput,
  },
  actors: {
    loadItems: fromPromise<unknown[], LoadCall>(async () => {
      throw notProvided('loadItems');
    }),
    saveItem: fromPromise<unknown, SaveCall>(async () => {
      throw notProvided('saveItem');
    }),
    deleteItem: fromPromise<unknown, DeleteCall>(async () => {
      throw notProvided('deleteItem');
    }),
  },
  guards: {
    // A change of other fields only (the Available switch) carries no name to check.
    nameMissing: ({ context, event }) => {
      assertEvent(event, 'item.save');
      return context.nameMessage !== null && 'name' in event.values && (event.values.name ?? '').trim() === '';
    },
  },
  actions: {
    setItems: assign((_, params: { items: unknown[] }) => ({ items: params.items })),
    setSearch: assign(({ event }) => {
      assertEvent(event, 'list.search');
      return { search: event.search };
    }),
    showError: assign((_, params: { message: string }) => ({ error: params.message })),
    showSaveFailure: assign((_, params: { error: unknown }) => ({ error: `${MENU_ALERTS.saveFailed}${reason(params.error)}`, fields: fieldsOf(params.error) })),
    clearError: assign({ error: null, fields: {} }),
    refuseBlankName: assign(
      ({ context }): Partial<MenuListContext> => ({ error: context.nameMessage, fields: context.nameMessage === null ? {} : { name: context.nameMessage } }),
    ),
    noteSaved: assign(({ context }) => ({ saved: !context.saved })),
  },
}).createMachine({
  id: 'menuList',
  context: ({ input }) => ({
    scope: input.scope,
    ownerId: input.ownerId ?? null,
    items: [],
    search: '',
    nameMessage: input.nameMessage ?? null,
    error: null,
    fields: {},
    saved: false,
  }),
  initial: 'loading',
  on: { 'alert.dismiss': { actions: 'clearError' } },
  states: {
    loading: {
      invoke: {
        id: 'loadItems',
        src: 'loadItems',
        input: ({ context }): LoadCall => ({ scope: context.scope, ownerId: context.ownerId, search: context.search }),
        onDone: { target: 'loaded', actions: { type: 'setItems', params: ({ event }) => ({ items: event.output }) } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ message: reason(event.error) }) } },
      },
    },
    failed: { on: { 'list.reload': { target: 'loading', actions: 'clearError' } } },
    loaded: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'list.reload': { target: '#menuList.loading' },
            'list.search': { target: '#menuList.loading', actions: 'setSearch' },
            'item.save': [
              { guard: 'nameMissing', actions: 'refuseBlankName' },
              { target: 'saving', actions: 'clearError' },
            ],
            'item.delete': { target: 'deleting', actions: 'clearError' },
          },
        },
        saving: {
          invoke: {
            id: 'saveItem',
            src: 'saveItem',
            input: ({ context, event }): SaveCall => {
              assertEvent(event, 'item.save');
              return { scope: context.scope, ownerId: context.ownerId, id: event.id, values: event.values };
            },
            onDone: { target: '#menuList.loading', actions: 'noteSaved' },
            onError: { target: 'idle', actions: { type: 'showSaveFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteItem',
            src: 'deleteItem',
            input: ({ context, event }): DeleteCall => {
              assertEvent(event, 'item.delete');
              return { scope: context.scope, ownerId: context.ownerId, id: event.id };
            },
            onDone: { target: '#menuList.loading' },
            onError: {
              target: 'idle',
              actions: { type: 'showError', params: ({ event }) => ({ message: `${MENU_ALERTS.deleteFailed}${reason(event.error)}` }) },
            },
          },
        },
      },
    },
  },
});

export type MenuListMachine = typeof menuListMachine;
