import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { TERRITORY_MESSAGES, type Territory, type TerritoryCreate } from '../../../contracts/territories';
import { ApiError } from '../../../src/services/shared/api';
import type { TerritoryImages } from '../../../src/services/territories/territories';
import { territoryEditorMachine, type SaveInput, type UploadInput } from '../../../src/machines/territories/territory-editor.machine';
import { provideChecked } from '../../support/contract-double';
import { assertWalksCover } from '../../support/path-coverage';
import { territoryOf } from './fixtures';

const photo = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });
const body: TerritoryCreate = { name: 'Baku North', zips: ['1000'], circles: [], socials: [] };

describe('territory editor machine', () => {
  it('reaches every state and transition, for a new territory and an existing one', () => {
    const events = [
      { type: 'xstate.done.actor.loadTerritory', output: territoryOf() },
      { type: 'xstate.error.actor.loadTerritory', error: new Error('HTTP 503') },
      { type: 'xstate.done.actor.saveTerritory', output: territoryOf() },
      { type: 'xstate.error.actor.saveTerritory', error: new ApiError('Bad', { status: 400, fields: { slug: 'Taken' } }) },
      { type: 'xstate.done.actor.uploadTerritoryImages', output: territoryOf({ rep_photo: '/uploads/a.png' }) },
      { type: 'xstate.error.actor.uploadTerritoryImages', error: new Error('HTTP 413') },
      { type: 'territory.save', body, images: {} },
      { type: 'territory.save', body, images: { rep_photo: photo } },
      { type: 'load.retry' },
      { type: 'alert.dismiss' },
    ];
    assertWalksCover(territoryEditorMachine, [{ input: { id: 7 }, events }, { input: { id: null }, events }]);
  });

  type Calls = { saves: SaveInput[]; uploads: UploadInput[] };

  function start(id: number | null, answers: { save?: () => Promise<Territory>; upload?: () => Promise<Territory> } = {}) {
    const calls: Calls = { saves: [], uploads: [] };
    const machine = provideChecked(territoryEditorMachine, {
      actors: {
        loadTerritory: fromPromise<Territory, { id: number }>(async ({ input }) => territoryOf({ id: input.id })),
        saveTerritory: fromPromise<Territory, SaveInput>(async ({ input }) => {
          calls.saves.push(input);
          return answers.save ? answers.save() : territoryOf({ id: input.id ?? 12, name: input.body.name });
        }),
        uploadTerritoryImages: fromPromise<Territory, UploadInput>(async ({ input }) => {
          calls.uploads.push(input);
          return answers.upload ? answers.upload() : territoryOf({ id: input.id, rep_photo: '/uploads/photo.png' });
        }),
      },
    });
    return { actor: createActor(machine, { input: { id } }).start(), calls };
  }

  const save = (images: TerritoryImages = {}) => ({ type: 'territory.save' as const, body, images });

  it('creates a new territory as JSON and sends no second request when no image was chosen', async () => {
    const { actor, calls } = start(null);
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send(save());
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.saves).toEqual([{ id: null, body }]);
    expect(calls.uploads).toEqual([]);
  });

  it('updates an existing territory, then sends the chosen images to it in a second request', async () => {
    const { actor, calls } = start(7);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.territory?.name).toBe('Baku North');
    actor.send(save({ rep_photo: photo }));
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.saves).toEqual([{ id: 7, body }]);
    expect(calls.uploads).toEqual([{ id: 7, images: { rep_photo: photo } }]);
    expect(actor.getSnapshot().context.territory?.rep_photo).toBe('/uploads/photo.png');
  });

  it('keeps the input after a failed save and says "Failed to save territory" with the reason and the fields', async () => {
    const { actor } = start(null, {
      save: () => Promise.reject(new ApiError('x', { status: 409, code: 'slug_taken', fields: { slug: 'This slug is taken.' } })),
    });
    actor.send(save());
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    const { context } = actor.getSnapshot();
    expect(context.error).toMatch(new RegExp(`^${TERRITORY_MESSAGES.saveFailed}`));
    expect(context.fieldErrors).toEqual({ slug: 'This slug is taken.' });
    expect(context.draft).toEqual(body);
    expect(context.id).toBeNull();
  });

  it('updates the territory it created when only the images failed, instead of creating a second one', async () => {
    let uploadFails = true;
    const { actor, calls } = start(null, {
      upload: () => (uploadFails ? Promise.reject(new Error('HTTP 503')) : Promise.resolve(territoryOf({ id: 12 }))),
    });
    actor.send(save({ wallpaper: photo }));
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toMatch(/^Failed to save territory/);
    uploadFails = false;
    actor.send(save({ wallpaper: photo }));
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.saves.map((call) => call.id)).toEqual([null, 12]);
    expect(calls.uploads.map((call) => call.id)).toEqual([12, 12]);
  });

  it('refuses, before the server, a body the server would refuse (the contract double)', async () => {
    const machine = provideChecked(territoryEditorMachine, {
      actors: { saveTerritory: fromPromise<Territory, SaveInput>(async () => territoryOf()) },
    });
    const actor = createActor(machine, { input: { id: null } }).start();
    actor.send({ type: 'territory.save', body: { name: '   ' }, images: {} });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: TERRITORY_MESSAGES.name });
  });
});
