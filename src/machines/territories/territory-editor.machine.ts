import { assertEvent, assign, fromPromise, setup } from 'xstate';
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

/**
 * One territory's editor (spec section 4: "Saving creates or updates, then uploads images in a
 * second request if new files were chosen"). The form's fields live in the view (@mantine/form);
 * this machine owns what talks to the server: load, save and upload.
 *
 *   deciding --[an id]--> loading --done--> editing ; --error--> loadFailed --load.retry--> loading
 *   deciding --[new]--> editing
 *   editing / failed --territory.save--> saving (JSON: POST when new, else PATCH)
 *   saving --done [new images]--> uploading (a multipart PATCH per picture) --done--> saved
 *   saving --done [no new images]--> saved
 *   saving --error--> failed ("Failed to save territory"; the form keeps the input)
 *   uploading --done [a picture refused]--> picturesRefused (the fields and every other
 *     picture are stored: the alert says so, the refused picture's field says why)
 *   failed / picturesRefused --territory.save--> saving ; --alert.dismiss--> editing
 *
 * A territory created before a picture was refused keeps its id, so trying again updates it
 * rather than creating a second one. `saved` is final: the view goes back to the list.
 */

export type TerritoryEditorContext = {
  /** null until the territory exists on the server. */
  id: number | null;
  /** As the server last answered it (null for a new one). */
  territory: Territory | null;
  /** What the person last asked to save, kept while it is being sent or after it failed. */
  draft: TerritoryCreate | null;
  /** The pictures chosen and not stored yet: after the uploads, only the refused ones. */
  images: TerritoryImages;
  error: string | null;
  /** The server's sentences per field (a 400's `fields`), to show beside the inputs. */
  fieldErrors: Record<string, string>;
  /** Why each refused picture was not stored, by its field. */
  pictureErrors: Partial<Record<TerritoryImageField, string>>;
};

export type TerritoryEditorEvent =
  | { type: 'territory.save'; body: TerritoryCreate; images: TerritoryImages }
  | { type: 'load.retry' }
  | { type: 'alert.dismiss' };

export type SaveInput = { id: number | null; body: TerritoryCreate };
export type UploadInput = { id: number; images: TerritoryImages };

const LOAD_FALLBACK = 'The territory could not be loaded.';

const hasFiles = (images: TerritoryImages) => Object.values(images).some(Boolean);

/** "Failed to save territory", then the server's reason when it gave one a person can act on. */
function saveFailure(error: unknown): { error: string; fieldErrors: Record<string, string> } {
  const { message, fields } = errorText(error, '');
  return { error: message ? `${TERRITORY_MESSAGES.saveFailed}: ${message}` : TERRITORY_MESSAGES.saveFailed, fieldErrors: fields };
}

/** Either failure keeps the input: another Save sends it all again, Dismiss closes the alert. */
const AFTER_FAILURE = {
  'territory.save': { target: 'saving', actions: 'takeDraft' },
  'alert.dismiss': { target: 'editing', actions: 'closeAlert' },
} as const;

export const territoryEditorMachine = setup({
  types: {
    context: {} as TerritoryEditorContext,
    events: {} as TerritoryEditorEvent,
    input: {} as { id: number | null },
  },
  actors: {
    loadTerritory: fromPromise<Territory, { id: number }>(({ input }) => getTerritory(input.id)),
    saveTerritory: fromPromise<Territory, SaveInput>(({ input }) => (input.id === null ? createTerritory(input.body) : updateTerritory(input.id, input.body))),
    // Stryker disable next-line ArrowFunction: the real upload runs only in Chromium (ky never settles FormData under jsdom); e2e territory tests cover it
    uploadTerritoryImages: fromPromise<PicturesSent, UploadInput>(({ input }) => uploadTerritoryImages(input.id, input.images)),
  },
  guards: {
    exists: ({ context }) => context.id !== null,
    hasNewImages: ({ context }) => hasFiles(context.images),
    pictureRefused: ({ event }) => Object.keys((event as unknown as { output: PicturesSent }).output.refused).length > 0,
  },
  actions: {
    noteSaved: assign(({ event }) => {
      const territory = (event as unknown as { output: Territory }).output;
      return { territory, id: territory.id };
    }),
    takeDraft: assign(({ event }) => {
      assertEvent(event, 'territory.save');
      return { draft: event.body, images: event.images };
    }),
    closeAlert: assign({ error: null }),
    noteFailure: assign(({ event }) => saveFailure((event as unknown as { error: unknown }).error)),
    notePictures: assign(({ context, event }) => {
      const { territory, refused } = (event as unknown as { output: PicturesSent }).output;
      const fields = Object.keys(refused) as TerritoryImageField[];
      return {
        territory: territory ?? context.territory,
        images: Object.fromEntries(fields.map((field) => [field, context.images[field]])),
        pictureErrors: Object.fromEntries(fields.map((field) => [field, errorText(refused[field], TERRITORY_MESSAGES.pictureFailed).message])),
        error: fields.length > 0 ? TERRITORY_MESSAGES.picturesRefused : null,
      };
    }),
  },
}).createMachine({
  id: 'territoryEditor',
  context: ({ input }) => ({ id: input.id, territory: null, draft: null, images: {}, error: null, fieldErrors: {}, pictureErrors: {} }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'exists', target: 'loading' }, { target: 'editing' }] },
    loading: {
      invoke: {
        id: 'loadTerritory',
        src: 'loadTerritory',
        input: ({ context }) => ({ id: context.id ?? 0 }),
        onDone: { target: 'editing', actions: assign({ territory: ({ event }) => event.output, error: null }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => errorText(event.error, LOAD_FALLBACK).message }) },
      },
    },
    loadFailed: { on: { 'load.retry': 'loading' } },
    editing: {
      on: {
        'territory.save': { target: 'saving', actions: 'takeDraft' },
      },
    },
    saving: {
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
        onError: { target: 'failed', actions: 'noteFailure' },
      },
    },
    uploading: {
      invoke: {
        id: 'uploadTerritoryImages',
        src: 'uploadTerritoryImages',
        input: ({ context }) => ({ id: context.id ?? 0, images: context.images }),
        // No onError: the call reports each picture's failure in its answer instead of failing.
        onDone: [
          { guard: 'pictureRefused', target: 'picturesRefused', actions: 'notePictures' },
          { target: 'saved', actions: 'notePictures' },
        ],
      },
    },
    failed: { on: AFTER_FAILURE },
    picturesRefused: { on: AFTER_FAILURE },
    saved: { type: 'final' },
  },
});

export type TerritoryEditorMachine = typeof territoryEditorMachine;
