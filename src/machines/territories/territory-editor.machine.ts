import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { TERRITORY_MESSAGES, type Territory, type TerritoryCreate, type TerritoryImageField } from '../../../contracts/territories';
import { errorText } from '../../services/shared/error-text';
import {
  createTerritory,
  getTerritory,
  updateTerritory,
  uploadTerritoryImages,
  type PicturesSent,
  type TerritoryImages,
} from '../../services/territories/territories';
import { EDIT_EVENT_TYPES, editedForm, type EditableForm, type TerritoryEditEvent } from './territory-editor.edits';
import { territoryCoverageMachine } from './territory-coverage.machine';
import { coverageRequestOf, formErrorsOf, formValuesOf, toTerritoryBody, validateTerritory } from './territory-form';

/**
 * One territory's editor (spec section 4: "Saving creates or updates, then uploads images in a
 * second request if new files were chosen"). The machine holds the form (every field, as typed;
 * the edits are territory-editor.edits.ts), checks it with the contract on Save, and talks to the
 * server: load, save and upload.
 *
 *   deciding --[an id]--> loading --done--> editing ; --error--> loadFailed --load.retry--> loading
 *   deciding --[new]--> editing
 *   editing / failed / picturesRefused --territory.save [the contract refuses the form]--> the same
 *     state, each field in error marked (nothing is sent)
 *   editing / failed / picturesRefused --territory.save--> saving (JSON: POST when new, else PATCH)
 *   saving --done [new images]--> uploading (a multipart PATCH per picture) --done--> saved
 *   saving --done [no new images]--> saved
 *   saving --error--> failed ("Failed to save territory"; the form keeps the input)
 *   uploading --done [a picture refused]--> picturesRefused (the fields and every other
 *     picture are stored: the alert says so, the refused picture's field says why)
 *   failed / picturesRefused --alert.dismiss--> editing
 *   the edits, from every state the form is shown in
 *
 * A territory created before a picture was refused keeps its id, so trying again updates it
 * rather than creating a second one. What the screen does once is emitted: `screen.refused`
 * (a refusal, by the contract or the server, is shown: the focus goes to the first field in
 * error, else to the alert) and `screen.navigate` (saved: back to the list, spec section 4).
 * Its child `coverage` is told every change of what is drawn; the view reads what it answered.
 * Views read the tags: `loading`, `loadFailed`, `editing` (the form is shown), `saving`
 * (saving or uploading), `uploading`.
 */

export type TerritoryEditorContext = EditableForm & {
  /** null until the territory exists on the server. */
  id: number | null;
  /** As the server last answered it (null for a new one). */
  territory: Territory | null;
  /** What the person last asked to save, kept while it is being sent or after it failed. */
  draft: TerritoryCreate | null;
  /** The pictures the server refused, as they were sent: a picker says why while it still holds one. */
  refusedImages: TerritoryImages;
  error: string | null;
  /** Why each refused picture was not stored, by its field. */
  pictureErrors: Partial<Record<TerritoryImageField, string>>;
};

export type TerritoryEditorEvent = TerritoryEditEvent | { type: 'territory.save' } | { type: 'load.retry' } | { type: 'alert.dismiss' };

export type TerritoryEditorEmitted = { type: 'screen.refused' } | { type: 'screen.navigate'; to: string };

export type SaveInput = { id: number | null; body: TerritoryCreate };
export type UploadInput = { id: number; images: TerritoryImages };

const LOAD_FALLBACK = 'The territory could not be loaded.';

const hasFiles = (images: TerritoryImages) => Object.values(images).some(Boolean);

/** "Failed to save territory", then the server's reason when it gave one a person can act on. */
function saveFailure(error: unknown): { error: string; fieldErrors: Record<string, string> } {
  const { message, fields } = errorText(error, '');
  return { error: message ? `${TERRITORY_MESSAGES.saveFailed}: ${message}` : TERRITORY_MESSAGES.saveFailed, fieldErrors: fields };
}

/** Save: refused in the form when the contract refuses it (nothing is sent), else sent. */
const SAVE = [
  { guard: 'formRefused', actions: ['markRefusal', 'emitRefused'] },
  { target: 'saving', actions: 'takeDraft' },
] as const;

/** Every edit, taken wherever the form is shown (while it is being sent too, as the form always allowed). */
const EDITS = Object.fromEntries(EDIT_EVENT_TYPES.map((type) => [type, { actions: 'edit' }])) as Record<TerritoryEditEvent['type'], { actions: 'edit' }>;

/** Both failures keep the input: another Save sends it all again, Dismiss closes the alert. */
const AFTER_FAILURE = { ...EDITS, 'territory.save': SAVE, 'alert.dismiss': { target: 'editing', actions: 'closeAlert' } } as const;

export const territoryEditorMachine = setup({
  types: {
    context: {} as TerritoryEditorContext,
    events: {} as TerritoryEditorEvent,
    input: {} as { id: number | null },
    emitted: {} as TerritoryEditorEmitted,
  },
  actors: {
    loadTerritory: fromPromise<Territory, { id: number }>(({ input }) => getTerritory(input.id)),
    saveTerritory: fromPromise<Territory, SaveInput>(({ input }) => (input.id === null ? createTerritory(input.body) : updateTerritory(input.id, input.body))),
    // Stryker disable next-line ArrowFunction: the real upload runs only in Chromium (ky never settles FormData under jsdom); e2e territory tests cover it
    uploadTerritoryImages: fromPromise<PicturesSent, UploadInput>(({ input }) => uploadTerritoryImages(input.id, input.images)),
    coverage: territoryCoverageMachine,
  },
  guards: {
    exists: ({ context }) => context.id !== null,
    hasNewImages: ({ context }) => hasFiles(context.images),
    formRefused: ({ context }) => Object.keys(validateTerritory(context)).length > 0,
    pictureRefused: ({ event }) => Object.keys((event as unknown as { output: PicturesSent }).output.refused).length > 0,
  },
  actions: {
    noteSaved: assign(({ event }) => {
      const territory = (event as unknown as { output: Territory }).output;
      return { territory, id: territory.id };
    }),
    takeDraft: assign(({ context }) => ({ draft: toTerritoryBody(context) })),
    markRefusal: assign(({ context }) => ({ fieldErrors: validateTerritory(context) })),
    emitRefused: emit({ type: 'screen.refused' } as const),
    edit: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, EDIT_EVENT_TYPES);
      const edited = editedForm(context, event);
      enqueue.assign(edited);
      // What is drawn changed: the coverage is asked about it (once the changes pause).
      const request = edited.zips || edited.circles ? coverageRequestOf({ ...context, ...edited }) : null;
      if (request) enqueue.sendTo('coverage', { type: 'coverage.request', request });
    }),
    askCoverage: enqueueActions(({ context, enqueue }) => {
      const request = coverageRequestOf(context);
      if (request) enqueue.sendTo('coverage', { type: 'coverage.request', request });
    }),
    emitNavigate: emit({ type: 'screen.navigate', to: '/territories' } as const),
    closeAlert: assign({ error: null }),
    noteFailure: assign(({ context, event }) => {
      const { error, fieldErrors } = saveFailure((event as unknown as { error: unknown }).error);
      // The server's sentences by the form's paths: a social link's goes to the row it came from.
      return { error, fieldErrors: formErrorsOf(fieldErrors, context) };
    }),
    notePictures: assign(({ context, event }) => {
      const { territory, refused } = (event as unknown as { output: PicturesSent }).output;
      const fields = Object.keys(refused) as TerritoryImageField[];
      return {
        territory: territory ?? context.territory,
        images: Object.fromEntries(fields.map((field) => [field, context.images[field]])),
        refusedImages: Object.fromEntries(fields.map((field) => [field, context.images[field]])),
        pictureErrors: Object.fromEntries(fields.map((field) => [field, errorText(refused[field], TERRITORY_MESSAGES.pictureFailed).message])),
        error: fields.length > 0 ? TERRITORY_MESSAGES.picturesRefused : null,
      };
    }),
  },
}).createMachine({
  id: 'territoryEditor',
  context: ({ input }) => ({
    ...formValuesOf(null),
    id: input.id,
    territory: null,
    draft: null,
    images: {},
    refusedImages: {},
    error: null,
    fieldErrors: {},
    pictureErrors: {},
  }),
  // What the zips and circles drawn cover (territory-coverage.machine.ts), asked as they change.
  invoke: { id: 'coverage', src: 'coverage' },
  initial: 'deciding',
  states: {
    deciding: { tags: ['loading'], always: [{ guard: 'exists', target: 'loading' }, { target: 'editing' }] },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadTerritory',
        src: 'loadTerritory',
        input: ({ context }) => ({ id: context.id ?? 0 }),
        onDone: {
          target: 'editing',
          actions: [assign(({ event }) => ({ ...formValuesOf(event.output), territory: event.output, error: null })), 'askCoverage'],
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => errorText(event.error, LOAD_FALLBACK).message }) },
      },
    },
    loadFailed: { tags: ['loadFailed'], on: { 'load.retry': 'loading' } },
    editing: { tags: ['editing'], on: { ...EDITS, 'territory.save': SAVE } },
    saving: {
      tags: ['editing', 'saving'],
      on: EDITS,
      entry: assign({ error: null, fieldErrors: {}, pictureErrors: {} }),
      invoke: {
        id: 'saveTerritory',
        src: 'saveTerritory',
        // Stryker disable next-line ObjectLiteral,StringLiteral: every way into saving sets the draft first, so the fallback is never sent
        input: ({ context }) => ({ id: context.id, body: context.draft ?? { name: '' } }),
        onDone: [
          { guard: 'hasNewImages', target: 'uploading', actions: 'noteSaved' },
          { target: 'saved', actions: 'noteSaved' },
        ],
        onError: { target: 'failed', actions: ['noteFailure', 'emitRefused'] },
      },
    },
    uploading: {
      tags: ['editing', 'saving', 'uploading'],
      on: EDITS,
      invoke: {
        id: 'uploadTerritoryImages',
        src: 'uploadTerritoryImages',
        input: ({ context }) => ({ id: context.id ?? 0, images: context.images }),
        // No onError: the call reports each picture's failure in its answer instead of failing.
        onDone: [
          { guard: 'pictureRefused', target: 'picturesRefused', actions: ['notePictures', 'emitRefused'] },
          { target: 'saved', actions: 'notePictures' },
        ],
      },
    },
    failed: { tags: ['editing'], on: AFTER_FAILURE },
    picturesRefused: { tags: ['editing'], on: AFTER_FAILURE },
    // Spec section 4: after saving, the list (where the territory's counts are).
    saved: { tags: ['editing'], type: 'final', entry: 'emitNavigate' },
  },
});

export type TerritoryEditorMachine = typeof territoryEditorMachine;
