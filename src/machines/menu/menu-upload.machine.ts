import { assign, emit, fromPromise, setup } from 'xstate';
import { IMAGE_BOUNDS, type UploadedImage } from '../../../contracts/shared/upload';
import { uploadImage } from '../../services/shared/upload';
import { MENU_ALERTS, reason } from './menu-errors';

/**
 * One image upload of the menu's library screens (toppings, option selections): 1200×1200 at
 * most (spec section 7). Each success emits `upload.done` with the file's address.
 *
 *   idle --image.upload--> uploading (tag `uploading`) --done--> idle (url, emits upload.done) ; --error--> idle ('Upload failed: ...')
 */
export const menuUploadMachine = setup({
  types: {
    context: {} as { url: string | null; uploads: number; error: string | null },
    events: {} as { type: 'image.upload'; file: Blob } | { type: 'alert.dismiss' },
    emitted: {} as { type: 'upload.done'; url: string },
  },
  actors: {
    // Stryker disable next-line ArrowFunction: the real upload runs only in Chromium (ky never settles FormData under jsdom); e2e menu tests cover it
    uploadImage: fromPromise<UploadedImage, { file: Blob }>(({ input }) => uploadImage(input.file, IMAGE_BOUNDS.other)),
  },
  actions: {
    setUrl: assign(({ context }, params: { url: string }) => ({ url: params.url, uploads: context.uploads + 1, error: null })),
    announceUpload: emit((_, params: { url: string }) => ({ type: 'upload.done' as const, url: params.url })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: `${MENU_ALERTS.uploadFailed}${reason(params.error)}` })),
  },
}).createMachine({
  id: 'menuUpload',
  context: { url: null, uploads: 0, error: null },
  initial: 'idle',
  on: { 'alert.dismiss': { actions: assign({ error: null }) } },
  states: {
    idle: { on: { 'image.upload': 'uploading' } },
    uploading: {
      tags: ['uploading'],
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        // Stryker disable next-line ConditionalExpression: only image.upload enters uploading, so the test is always true
        input: ({ event }) => ({ file: event.type === 'image.upload' ? event.file : new Blob() }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'setUrl', params: ({ event }) => ({ url: event.output.url }) },
            { type: 'announceUpload', params: ({ event }) => ({ url: event.output.url }) },
          ],
        },
        onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type MenuUploadMachine = typeof menuUploadMachine;
