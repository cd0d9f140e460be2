/**
 * The category editor as a person sees it (no effects). `server.accept` / `server.fail` answer
 * the one call the editor has out; the view test's fake server decides what each answer is.
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { runAsWalks } from '../../support/model-paths';

export type EditModelEvent =
  | { type: 'size.add' }
  | { type: 'size.rename' }
  | { type: 'topping.toggle' }
  | { type: 'selection.delete' }
  | { type: 'category.save' }
  | { type: 'server.accept' }
  | { type: 'server.fail' };

/** Edit mode: every change goes to the server at once; a failure undoes it and says so. */
export const categoryEditModelMachine = setup({ types: { events: {} as EditModelEvent } }).createMachine({
  id: 'categoryEditModel',
  initial: 'editing',
  states: {
    /** Pizza as loaded: two sizes, Olives assigned, a Sauces group with BBQ and Garlic. */
    editing: {
      on: {
        'size.add': 'sizeSaving',
        'size.rename': 'renameSaving',
        'topping.toggle': 'toppingSaving',
        'selection.delete': 'selectionDeleting',
        'category.save': 'leaving',
      },
    },
    /** A third size 'New' shows at once, marked saving. */
    sizeSaving: { on: { 'server.accept': 'sizeSaved', 'server.fail': 'sizeRemoved' } },
    sizeSaved: {},
    /** The failed size is gone and the alert says so. */
    sizeRemoved: {},
    renameSaving: { on: { 'server.accept': 'renamed', 'server.fail': 'renameReverted' } },
    renamed: {},
    /** 'Failed to save change', and the server's name is back (the category was read again). */
    renameReverted: {},
    toppingSaving: { on: { 'server.accept': 'toppingAssigned', 'server.fail': 'toppingRolledBack' } },
    toppingAssigned: {},
    toppingRolledBack: {},
    /** The selection disappears at once. */
    selectionDeleting: { on: { 'server.accept': 'selectionGone', 'server.fail': 'selectionRestored' } },
    selectionGone: {},
    selectionRestored: {},
    leaving: { on: { 'server.accept': 'left', 'server.fail': 'stayed' } },
    /** Back on the categories list. */
    left: { type: 'final' },
    stayed: {},
  },
});

export const categoryEditModel = createTestModel(categoryEditModelMachine);

export type NewModelEvent =
  | { type: 'fill' }
  | { type: 'size.remove' }
  | { type: 'category.save' }
  | { type: 'alert.dismiss' }
  | { type: 'load.retry' }
  | { type: 'server.accept' }
  | { type: 'server.fail' };

/**
 * New mode, an owner: the editor first reads what a category can use (toppings, dressings,
 * option sets), which may fail and be retried; then nothing is sent until Save, one deep create.
 */
export const categoryNewModelMachine = setup({ types: { events: {} as NewModelEvent } }).createMachine({
  id: 'categoryNewModel',
  initial: 'loading',
  states: {
    /** 'Loading category' while the read is out; nothing else shows. */
    loading: { on: { 'server.accept': 'blank', 'server.fail': 'loadFailed' } },
    /** "Couldn't load this page", the reason, and Retry. */
    loadFailed: { on: { 'load.retry': 'loading' } },
    blank: { on: { 'category.save': 'nameRequired', fill: 'filled' } },
    nameRequired: { on: { fill: 'filled' } },
    /** Name, pricing by size with a size, a topping: all local. */
    filled: { on: { 'category.save': 'creating', 'size.remove': 'sizeRemoved' } },
    /** Nothing is saved yet, so the size goes at once: no question, no call. */
    sizeRemoved: {},
    creating: { on: { 'server.accept': 'created', 'server.fail': 'createFailed' } },
    /** 'Failed to create category: …' above the form as it was; Dismiss takes the alert away. */
    createFailed: { on: { 'category.save': 'creating', 'alert.dismiss': 'filled' } },
    /** On the new category's editor. */
    created: { type: 'final' },
  },
});

/** Run as covering walks (tests/support/model-paths.ts): its executors assert what each step changed. */
export const categoryNewModel = runAsWalks(createTestModel(categoryNewModelMachine));

export type NewAdminModelEvent =
  | { type: 'fill' }
  | { type: 'category.save' }
  | { type: 'alert.dismiss' }
  | { type: 'server.accept' }
  | { type: 'server.empty' }
  | { type: 'server.fail' };

/**
 * New mode, a superadmin with no restaurant picked (spec: "a superadmin without one uses the
 * first restaurant from the list"): Save first asks for the first restaurant. `server.empty`
 * answers that there is none.
 */
export const categoryNewAdminModelMachine = setup({ types: { events: {} as NewAdminModelEvent } }).createMachine({
  id: 'categoryNewAdminModel',
  initial: 'blank',
  states: {
    blank: { on: { fill: 'filled' } },
    filled: { on: { 'category.save': 'lookingUp' } },
    /** Save is busy while the editor asks for the first restaurant; nothing is created yet. */
    lookingUp: { on: { 'server.accept': 'creating', 'server.empty': 'noRestaurant', 'server.fail': 'lookupFailed' } },
    /** 'No active restaurant selected.'; Dismiss takes the alert away, the form stays. */
    noRestaurant: { on: { 'alert.dismiss': 'filled' } },
    /** 'Failed to create category: …'; Save asks again. */
    lookupFailed: { on: { 'category.save': 'lookingUp' } },
    /** The deep create, for the restaurant found. */
    creating: { on: { 'server.accept': 'created' } },
    created: { type: 'final' },
  },
});

/** Run as covering walks (tests/support/model-paths.ts): its executors assert what each step changed. */
export const categoryNewAdminModel = runAsWalks(createTestModel(categoryNewAdminModelMachine));
