/**
 * The category editor as a person sees it (no effects). `server.accept` / `server.fail` answer
 * the one call the editor has out; the view test's fake server decides what each answer is.
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';

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
  | { type: 'category.save' }
  | { type: 'server.accept' }
  | { type: 'server.fail' };

/** New mode: nothing is sent until Save; then one deep create. */
export const categoryNewModelMachine = setup({ types: { events: {} as NewModelEvent } }).createMachine({
  id: 'categoryNewModel',
  initial: 'blank',
  states: {
    blank: { on: { 'category.save': 'nameRequired', fill: 'filled' } },
    nameRequired: { on: { fill: 'filled' } },
    /** Name, pricing by size with a size, a topping: all local. */
    filled: { on: { 'category.save': 'creating' } },
    creating: { on: { 'server.accept': 'created', 'server.fail': 'createFailed' } },
    createFailed: { on: { 'category.save': 'creating' } },
    /** On the new category's editor. */
    created: { type: 'final' },
  },
});

export const categoryNewModel = createTestModel(categoryNewModelMachine);
