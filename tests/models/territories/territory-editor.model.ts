/**
 * The territory editor with no effects (createTestModel refuses invoke): an existing territory
 * loads (or fails to), the administrator edits it (or empties its name and is refused), saves as
 * JSON, then the chosen photo goes in a second request; the save may fail, or the photo be
 * refused after the fields were stored, and the input stays for another try.
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { runAsWalks } from '../../support/model-paths';

export type TerritoryEditorModelEvent =
  | { type: 'server.loaded' }
  | { type: 'server.loadFailed' }
  | { type: 'load.retry' }
  | { type: 'fill.valid' }
  | { type: 'fill.blankName' }
  | { type: 'form.save' }
  | { type: 'server.saved' }
  | { type: 'server.saveFailed' }
  | { type: 'server.uploaded' }
  | { type: 'server.uploadFailed' }
  | { type: 'alert.dismiss' };

export const territoryEditorModelMachine = setup({ types: { events: {} as TerritoryEditorModelEvent } }).createMachine({
  id: 'territoryEditorModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.loaded': 'editing', 'server.loadFailed': 'loadFailed' } },
    loadFailed: { on: { 'load.retry': 'loading' } },
    /** The territory as saved, in the form. */
    editing: { on: { 'fill.valid': 'filled', 'fill.blankName': 'blankName' } },
    /** The name emptied: Save is refused in the form, nothing is sent. */
    blankName: { on: { 'form.save': 'refused' } },
    refused: { on: { 'fill.valid': 'filled' } },
    /** Zips pasted, a circle and a social link added by keyboard, a photo chosen. */
    filled: { on: { 'form.save': 'saving' } },
    saving: { on: { 'server.saved': 'uploading', 'server.saveFailed': 'failed' } },
    uploading: { on: { 'server.uploaded': 'saved', 'server.uploadFailed': 'picturesRefused' } },
    failed: { on: { 'form.save': 'saving', 'alert.dismiss': 'dismissed' } },
    /** The fields are stored, the photo was refused: the alert says so, the photo's field says why. */
    picturesRefused: { on: { 'form.save': 'saving' } },
    /** The failure's alert closed: what was typed is still there, ready to save again. */
    dismissed: {},
    saved: { type: 'final' },
  },
});

/** Run as covering walks (tests/support/model-paths.ts): its executors assert what each step changed. */
export const territoryEditorModel = runAsWalks(createTestModel(territoryEditorModelMachine));
