/**
 * One image upload of the menu's library screens (src/views/menu/image-field.tsx) as a person
 * sees it, with no effects: a file is chosen, the server takes it or refuses it, the refusal's
 * alert is dismissed or the person tries again, and a second upload replaces the first.
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';

export type MenuUploadModelEvent = { type: 'image.choose' } | { type: 'server.accept' } | { type: 'server.reject' } | { type: 'alert.dismiss' };

export const menuUploadModelMachine = setup({ types: { events: {} as MenuUploadModelEvent } }).createMachine({
  id: 'menuUploadModel',
  initial: 'empty',
  states: {
    /** The address field is empty, no alert, the picker not busy. */
    empty: { on: { 'image.choose': 'uploading' } },
    /** The picker shows it is sending; the field is unchanged. */
    uploading: { on: { 'server.accept': 'uploaded', 'server.reject': 'failed' } },
    /** The uploaded file's address is in the field. */
    uploaded: { on: { 'image.choose': 'replacing' } },
    /** A second file on its way: the first address stays until the server answers. */
    replacing: { on: { 'server.accept': 'replaced' } },
    /** The second address replaced the first. */
    replaced: {},
    /** 'Upload failed: <the server's sentence>' in an alert; the field is unchanged. */
    failed: { on: { 'alert.dismiss': 'dismissed', 'image.choose': 'retrying' } },
    /** The alert is gone; nothing else changed. */
    dismissed: {},
    /** Trying again: the picker is busy, the failure's alert still says what went wrong. */
    retrying: { on: { 'server.accept': 'recovered' } },
    /** The retry worked: its address is in the field and the alert is gone. */
    recovered: {},
  },
});

export const menuUploadModel = createTestModel(menuUploadModelMachine);

export const MENU_UPLOAD_VALUES = {
  firstUrl: '/media/uploads/first.webp',
  secondUrl: '/media/uploads/second.webp',
  refusal: 'This file is not an image we accept.',
} as const;
