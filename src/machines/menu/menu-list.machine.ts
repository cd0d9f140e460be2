import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { MenuScope } from '../../services/menu/menu-types';
import { fieldsOf, MENU_ALERTS, reason } from './menu-errors';

/**
 * One list of the menu (categories, toppings, dressings, primary option sets, a category's
 * menu items), typed by its row and its form: read, searched, edited in a panel, saved to,
 * deleted from. `createListMachine(config)` is given each list's calls and form; the calls
 * left out refuse, so a screen that forgets one fails loudly instead of calling the wrong endpoint.
 *
 *   loading --done--> loaded.idle ; --error--> failed --list.reload--> loading
 *   loaded.idle --list.search--> loading (with the new term)
 *   loaded.idle --form.submit / item.save [name given]--> saving --done--> loading (form reset) ; --error--> idle ('Save failed: ...')
 *   loaded.idle --item.delete--> deleting --done--> loading ; --error--> idle ('Failed to delete: ...')
 *
 * The form (the add/edit panel) lives in context: `form.new` / `form.edit` open it, `field.change`
 * edits it, `form.close` closes it (emitting `form.closed`, so the screen can give the focus back).
 * A list whose panel is always shown (toppings, dressings) gets its blank form back instead.
 * Tags: `loading`, `failed`, `ready` (read), `idle` (nothing out), `saving`, `deleting`.
 */

export interface MenuListInput {
  scope: MenuScope;
  /** The row the list hangs off (a category, for its menu items); null for top-level lists. */
  ownerId?: number | null;
  /** The sentence when a saved item has a blank name (spec section 5); null: no name to check. */
  nameMessage?: string | null;
}

/** What every call is told: who asks, and under which row. */
export type ListCallBase = { scope: MenuScope; ownerId: number | null };
export type LoadCall = ListCallBase & { search: string };
export type SaveCall<Save> = ListCallBase & { id: number | null; values: Save };
export type DeleteCall = ListCallBase & { id: number };

/** What a save sends: the list's contract body, whose name (if it has one) is checked first. */
export type SaveValues = { name?: string };

export interface ListForm<Row, Values, Submit, Save> {
  /** The form of a new row. */
  blank: Values;
  /** The form of a row being edited. */
  valuesOf: (row: Row) => Values;
  /** The body a submitted form saves, given what the screen says at submit time (`Submit`), if anything. */
  toSave: (values: Values, submit: Submit | undefined) => Save;
  /** true: the panel is always on screen (a save or Cancel gives the blank form back); false: it opens on demand. */
  alwaysOpen: boolean;
}

export interface ListConfig<Row, Values, Submit, Save> {
  form: ListForm<Row, Values, Submit, Save>;
  load?: (call: LoadCall) => Promise<Row[]>;
  save?: (call: SaveCall<Save>) => Promise<unknown>;
  remove?: (call: DeleteCall) => Promise<unknown>;
}

export interface MenuListContext<Row, Values> {
  scope: MenuScope;
  ownerId: number | null;
  items: Row[];
  search: string;
  nameMessage: string | null;
  /** The alert: load, save or delete failure, or the name check. */
  error: string | null;
  /**
   * The fields a refused save was refused for, with their sentences (`name` when the name check
   * refuses; the server's `fields` when it does), so the form can mark them and name them.
   */
  fields: Record<string, string>;
  /** The add/edit panel's values; null: the panel is closed. */
  form: Values | null;
  /** The row the panel edits; null: a new row. */
  editingId: number | null;
}

/** One field of the form changed, with its new value. */
export type FieldChangeOf<Values> = { type: 'field.change'; field: keyof Values & string; value: Values[keyof Values & string] };

export type MenuListEvent<Values, Submit, Save> =
  | { type: 'list.reload' }
  | { type: 'list.search'; search: string }
  | { type: 'form.new' }
  | { type: 'form.edit'; id: number }
  | { type: 'form.close' }
  | FieldChangeOf<Values>
  | { type: 'form.submit'; submit?: Submit }
  | { type: 'item.save'; id: number | null; values: Save }
  | { type: 'item.delete'; id: number }
  | { type: 'alert.dismiss' };

/** The panel closed (Cancel or a finished save): the screen may move the focus back. */
export type MenuListEmitted = { type: 'form.closed' };

const notProvided = (name: string) => new Error(`The list's "${name}" actor was not provided.`);
const refuse = (name: string) => async (): Promise<never> => {
  throw notProvided(name);
};

export function createListMachine<Row extends { id: number }, Values, Submit, Save extends SaveValues>(config: ListConfig<Row, Values, Submit, Save>) {
  type Context = MenuListContext<Row, Values>;
  type Event = MenuListEvent<Values, Submit, Save>;
  const { form } = config;
  const closedForm = (): Values | null => (form.alwaysOpen ? form.blank : null);
  /** What a save sends: the submitted form, or the values of a change made on a row (the Available switch). */
  const saveOf = (context: Context, event: Event): SaveCall<Save> => {
    assertEvent(event, ['form.submit', 'item.save']);
    const base = { scope: context.scope, ownerId: context.ownerId };
    if (event.type === 'item.save') return { ...base, id: event.id, values: event.values };
    return { ...base, id: context.editingId, values: form.toSave(context.form ?? form.blank, event.submit) };
  };
  return setup({
    types: {
      context: {} as Context,
      events: {} as Event,
      input: {} as MenuListInput,
      emitted: {} as MenuListEmitted,
    },
    actors: {
      loadItems: fromPromise<Row[], LoadCall>(({ input }) => (config.load ?? refuse('loadItems'))(input)),
      saveItem: fromPromise<unknown, SaveCall<Save>>(({ input }) => (config.save ?? refuse('saveItem'))(input)),
      deleteItem: fromPromise<unknown, DeleteCall>(({ input }) => (config.remove ?? refuse('deleteItem'))(input)),
    },
    guards: {
      // A change of other fields only (the Available switch) carries no name to check.
      nameMissing: ({ context, event }) => {
        const { values } = saveOf(context, event);
        return context.nameMessage !== null && 'name' in values && (values.name ?? '').trim() === '';
      },
      rowFound: ({ context, event }) => {
        assertEvent(event, 'form.edit');
        return context.items.some((row) => row.id === event.id);
      },
    },
    actions: {
      setItems: assign((_, params: { items: Row[] }) => ({ items: params.items })),
      setSearch: assign(({ event }) => {
        assertEvent(event, 'list.search');
        return { search: event.search };
      }),
      openNew: assign({ form: () => form.blank, editingId: null }),
      openRow: assign(({ context, event }) => {
        assertEvent(event, 'form.edit');
        const row = context.items.find((one) => one.id === event.id)!;
        return { form: form.valuesOf(row), editingId: row.id };
      }),
      setField: assign(({ context, event }) => {
        assertEvent(event, 'field.change');
        return context.form === null ? {} : { form: { ...context.form, [event.field]: event.value } };
      }),
      closeForm: assign({ form: closedForm, editingId: null }),
      announceClosed: emit({ type: 'form.closed' } as const),
      showError: assign((_, params: { message: string }) => ({ error: params.message })),
      showSaveFailure: assign((_, params: { error: unknown }) => ({
        error: `${MENU_ALERTS.saveFailed}${reason(params.error)}`,
        fields: fieldsOf(params.error),
      })),
      clearError: assign({ error: null, fields: {} }),
      refuseBlankName: assign(({ context }) => ({
        error: context.nameMessage,
        fields: context.nameMessage === null ? {} : ({ name: context.nameMessage } as Record<string, string>),
      })),
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
      form: closedForm(),
      editingId: null,
    }),
    initial: 'loading',
    on: {
      'alert.dismiss': { actions: 'clearError' },
      'form.new': { actions: 'openNew' },
      'form.edit': { guard: 'rowFound', actions: 'openRow' },
      'form.close': { actions: ['closeForm', 'announceClosed'] },
      'field.change': { actions: 'setField' },
    },
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          id: 'loadItems',
          src: 'loadItems',
          input: ({ context }): LoadCall => ({ scope: context.scope, ownerId: context.ownerId, search: context.search }),
          onDone: { target: 'loaded', actions: { type: 'setItems', params: ({ event }) => ({ items: event.output }) } },
          onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ message: reason(event.error) }) } },
        },
      },
      failed: { tags: ['failed'], on: { 'list.reload': { target: 'loading', actions: 'clearError' } } },
      loaded: {
        tags: ['ready'],
        initial: 'idle',
        states: {
          idle: {
            tags: ['idle'],
            on: {
              'list.reload': { target: '#menuList.loading' },
              'list.search': { target: '#menuList.loading', actions: 'setSearch' },
              'form.submit': [
                { guard: 'nameMissing', actions: 'refuseBlankName' },
                { target: 'saving', actions: 'clearError' },
              ],
              'item.save': [
                { guard: 'nameMissing', actions: 'refuseBlankName' },
                { target: 'saving', actions: 'clearError' },
              ],
              'item.delete': { target: 'deleting', actions: 'clearError' },
            },
          },
          saving: {
            tags: ['saving'],
            invoke: {
              id: 'saveItem',
              src: 'saveItem',
              input: ({ context, event }) => saveOf(context, event),
              // A finished save closes the panel (or gives the blank form back).
              onDone: { target: '#menuList.loading', actions: ['closeForm', 'announceClosed'] },
              onError: { target: 'idle', actions: { type: 'showSaveFailure', params: ({ event }) => ({ error: event.error }) } },
            },
          },
          deleting: {
            tags: ['deleting'],
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
}

/** The machine of one list, by its row, form values, submit details and saved body. */
export type MenuListMachine<Row extends { id: number }, Values, Submit, Save extends SaveValues> = ReturnType<
  typeof createListMachine<Row, Values, Submit, Save>
>;
