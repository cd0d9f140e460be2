import { assign, emit, fromPromise, setup } from 'xstate';
import { MENU_MESSAGES, type PrimaryOptionSet, type PrimaryOptionSetCreate, type PrimaryOptionSetUpdate } from '../../../contracts/menu';
import { createOptionSet, getOptionSet, updateOptionSet } from '../../services/menu/menu';
import type { MenuScope } from '../../services/menu/menu-types';
import { MENU_ALERTS, reason } from './menu-errors';

/**
 * The primary option set editor (spec sections 2 and 5).
 *
 *   loading (edit) --done--> editing ; --error--> failed --set.reload--> loading
 *   (new) editing
 *   editing --set.save [valid]--> saving --done--> saved (emits set.saved) ; --error--> editing ('Save failed: ...')
 *   editing --set.save [invalid]--> editing ('Please enter a set name and at least one unique selection.')
 *   (invalid: no name; or, for a new set only, no selection left once cleaned)
 *
 * Tags: `loading` (starting, loading), `failed`, `saving`. The screen closes the editor on `set.saved`.
 */

export interface SelectionDraft {
  /** Stable while editing: `sel-<id>` for saved ones, `new-n` for added ones. */
  key: string;
  id: number | null;
  name: string;
  image_url: string | null;
}

export interface OptionSetEditorContext {
  setId: number | null;
  scope: MenuScope;
  name: string;
  preventChanges: boolean;
  allowImages: boolean;
  selections: SelectionDraft[];
  /** Most selections one set may have; tests keep it small. */
  maxSelections: number;
  error: string | null;
}

export type OptionSetEditorEvent =
  | { type: 'set.reload' }
  | { type: 'name.change'; value: string }
  | { type: 'flag.change'; flag: 'preventChanges' | 'allowImages'; value: boolean }
  | { type: 'selection.add' }
  | { type: 'selection.change'; key: string; name: string }
  | { type: 'selection.image'; key: string; url: string | null }
  | { type: 'selection.move'; key: string; by: -1 | 1 }
  | { type: 'selection.remove'; key: string }
  | { type: 'set.save' };

export type SaveSetCall = { id: null; body: PrimaryOptionSetCreate; scope: MenuScope } | { id: number; body: PrimaryOptionSetUpdate; scope: MenuScope };

/** Spec section 5: trimmed, blanks dropped, later duplicates (by name, any case) dropped. */
export function cleanSelections(selections: readonly SelectionDraft[]): SelectionDraft[] {
  const seen = new Set<string>();
  return selections.flatMap((selection) => {
    const name = selection.name.trim();
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) return [];
    seen.add(key);
    return [{ ...selection, name }];
  });
}

export function saveCall(context: OptionSetEditorContext): SaveSetCall {
  const selections = cleanSelections(context.selections);
  const flags = { prevent_restaurant_changes: context.preventChanges, allow_images: context.allowImages };
  if (context.setId === null) {
    return {
      id: null,
      scope: context.scope,
      body: { name: context.name.trim(), ...flags, selections: selections.map((one) => ({ name: one.name, image_url: one.image_url ?? '' })) },
    };
  }
  return {
    id: context.setId,
    scope: context.scope,
    body: {
      name: context.name.trim(),
      ...flags,
      selections: selections.map((one) => ({ ...(one.id === null ? {} : { id: one.id }), name: one.name, image_url: one.image_url ?? '' })),
    },
  };
}

const fromSet = (set: PrimaryOptionSet) => ({
  name: set.name,
  preventChanges: set.prevent_restaurant_changes,
  allowImages: set.allow_images,
  selections: [...set.selections]
    .sort((a, b) => a.position - b.position)
    .map((one) => ({ key: `sel-${one.id}`, id: one.id, name: one.name, image_url: one.image_url })),
});

/** The smallest free `new-n`: a removed row's key may come back, as nothing refers to it any more. */
function freeKey(rows: readonly SelectionDraft[]): string {
  let n = 1;
  while (rows.some((row) => row.key === `new-${n}`)) n += 1;
  return `new-${n}`;
}

/** Far above a real set; it only keeps a runaway of clicks from building an unusable form. */
export const MAX_SELECTIONS = 200;

const moved = (rows: readonly SelectionDraft[], key: string, by: -1 | 1): SelectionDraft[] => {
  const from = rows.findIndex((row) => row.key === key);
  const to = from + by;
  if (from === -1 || to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
};

export const primaryOptionSetEditorMachine = setup({
  types: {
    context: {} as OptionSetEditorContext,
    events: {} as OptionSetEditorEvent,
    input: {} as { setId: number | null; scope: MenuScope; maxSelections?: number },
    emitted: {} as { type: 'set.saved' },
  },
  actors: {
    loadSet: fromPromise<PrimaryOptionSet, { id: number }>(({ input }) => getOptionSet(input.id)),
    saveSet: fromPromise<PrimaryOptionSet, SaveSetCall>(({ input }) =>
      input.id === null ? createOptionSet(input.body, input.scope) : updateOptionSet(input.id, input.body),
    ),
  },
  guards: {
    isNew: ({ context }) => context.setId === null,
    /** Spec section 5: a name, and for a NEW set at least one selection; a saved set may be left with none. */
    valid: ({ context }) => context.name.trim() !== '' && (context.setId !== null || cleanSelections(context.selections).length > 0),
  },
  actions: {
    applySet: assign((_, params: { set: PrimaryOptionSet }) => fromSet(params.set)),
    edit: assign(({ context, event }) => {
      switch (event.type) {
        case 'name.change':
          return { name: event.value, error: null };
        case 'flag.change':
          return { [event.flag]: event.value };
        case 'selection.add':
          if (context.selections.length >= context.maxSelections) return {};
          return { selections: [...context.selections, { key: freeKey(context.selections), id: null, name: '', image_url: null }] };
        case 'selection.change':
          return { selections: context.selections.map((row) => (row.key === event.key ? { ...row, name: event.name } : row)), error: null };
        case 'selection.image':
          return { selections: context.selections.map((row) => (row.key === event.key ? { ...row, image_url: event.url } : row)) };
        case 'selection.move':
          return { selections: moved(context.selections, event.key, event.by) };
        case 'selection.remove':
          return { selections: context.selections.filter((row) => row.key !== event.key) };
        default:
          return {};
      }
    }),
    refuse: assign({ error: MENU_MESSAGES.optionSet }),
    showError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    announceSaved: emit({ type: 'set.saved' } as const),
  },
}).createMachine({
  id: 'primaryOptionSetEditor',
  context: ({ input }) => ({
    setId: input.setId,
    scope: input.scope,
    name: '',
    preventChanges: false,
    allowImages: false,
    selections: [],
    error: null,
    maxSelections: input.maxSelections ?? MAX_SELECTIONS,
  }),
  initial: 'starting',
  states: {
    starting: { tags: ['loading'], always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }] },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSet',
        src: 'loadSet',
        input: ({ context }) => ({ id: context.setId ?? 0 }),
        onDone: { target: 'editing', actions: { type: 'applySet', params: ({ event }) => ({ set: event.output }) } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ message: reason(event.error) }) } },
      },
    },
    failed: { tags: ['failed'], on: { 'set.reload': { target: 'loading', actions: 'clearError' } } },
    editing: {
      on: {
        'name.change': { actions: 'edit' },
        'flag.change': { actions: 'edit' },
        'selection.add': { actions: 'edit' },
        'selection.change': { actions: 'edit' },
        'selection.image': { actions: 'edit' },
        'selection.move': { actions: 'edit' },
        'selection.remove': { actions: 'edit' },
        'set.save': [{ guard: 'valid', target: 'saving', actions: 'clearError' }, { actions: 'refuse' }],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'saveSet',
        src: 'saveSet',
        input: ({ context }) => saveCall(context),
        onDone: { target: 'saved', actions: 'announceSaved' },
        onError: { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ message: `${MENU_ALERTS.saveFailed}${reason(event.error)}` }) } },
      },
    },
    saved: { type: 'final' },
  },
});

export type PrimaryOptionSetEditorMachine = typeof primaryOptionSetEditorMachine;
