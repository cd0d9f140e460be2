import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { TERRITORY_MESSAGES, type Territory, type TerritoryCreate } from '#contracts/territories';
import { ApiError } from '#src/services/shared/api';
import type { PicturesSent, TerritoryImages } from '#src/services/territories/territories';
import { territoryEditorMachine, type SaveInput, type UploadInput } from '#src/machines/territories/territory-editor.machine';
import { provideChecked, requestsOf } from '../../support/contract-double';
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
      { type: 'xstate.done.actor.uploadTerritoryImages', output: { territory: territoryOf({ rep_photo: '/uploads/a.png' }), refused: {} } },
      { type: 'xstate.done.actor.uploadTerritoryImages', output: { territory: null, refused: { rep_photo: new ApiError('Not an image', { status: 415 }) } } },
      { type: 'territory.save', body, images: {} },
      { type: 'territory.save', body, images: { rep_photo: photo } },
      { type: 'load.retry' },
      { type: 'alert.dismiss' },
    ];
    assertWalksCover(territoryEditorMachine, [
      { input: { id: 7 }, events },
      { input: { id: null }, events },
    ]);
  });

  type Calls = { saves: SaveInput[]; uploads: UploadInput[] };

  type Answers = { load?: () => Promise<Territory>; save?: () => Promise<Territory>; upload?: () => Promise<PicturesSent> };

  function start(id: number | null, answers: Answers = {}) {
    const calls: Calls = { saves: [], uploads: [] };
    const machine = provideChecked(territoryEditorMachine, {
      actors: {
        loadTerritory: fromPromise<Territory, { id: number }>(async ({ input }) => (answers.load ? answers.load() : territoryOf({ id: input.id }))),
        saveTerritory: fromPromise<Territory, SaveInput>(async ({ input }) => {
          calls.saves.push(input);
          return answers.save ? answers.save() : territoryOf({ id: input.id ?? 12, name: input.body.name });
        }),
        uploadTerritoryImages: fromPromise<PicturesSent, UploadInput>(async ({ input }) => {
          calls.uploads.push(input);
          return answers.upload ? answers.upload() : { territory: territoryOf({ id: input.id, rep_photo: '/uploads/photo.png' }), refused: {} };
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

  it('says the territory was saved when a picture is refused, keeps the stored one, names the refused one, and updates on the next try', async () => {
    const wallpaper = new File([new Uint8Array([1, 2, 3])], 'wall.png', { type: 'image/png' });
    let refuse = true;
    const { actor, calls } = start(null, {
      upload: async () =>
        refuse
          ? { territory: territoryOf({ id: 12, rep_photo: '/uploads/rep.png' }), refused: { wallpaper: new ApiError('Not an image.', { status: 415 }) } }
          : { territory: territoryOf({ id: 12, rep_photo: '/uploads/rep.png', wallpaper: '/uploads/wall.png' }), refused: {} },
    });
    actor.send(save({ rep_photo: photo, wallpaper }));
    await waitFor(actor, (snapshot) => snapshot.matches('picturesRefused'));
    expect(actor.getSnapshot().context).toMatchObject({
      error: TERRITORY_MESSAGES.picturesRefused,
      pictureErrors: { wallpaper: 'Not an image.' },
      images: { wallpaper },
      territory: { id: 12, rep_photo: '/uploads/rep.png' },
    });
    expect(actor.getSnapshot().context.images).not.toHaveProperty('rep_photo');
    actor.send({ type: 'alert.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.pictureErrors).toEqual({ wallpaper: 'Not an image.' });
    refuse = false;
    actor.send(save({ wallpaper }));
    expect(actor.getSnapshot().context.pictureErrors).toEqual({});
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.saves.map((call) => call.id)).toEqual([null, 12]);
    expect(calls.uploads).toEqual([
      { id: 12, images: { rep_photo: photo, wallpaper } },
      { id: 12, images: { wallpaper } },
    ]);
  });

  it('keeps the territory the save answered, and says a plain sentence, when every picture is refused without a reason', async () => {
    const { actor } = start(7, { upload: async () => ({ territory: null, refused: { rep_photo: new Error('') } }) });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send(save({ rep_photo: photo }));
    await waitFor(actor, (snapshot) => snapshot.matches('picturesRefused'));
    expect(actor.getSnapshot().context).toMatchObject({ pictureErrors: { rep_photo: TERRITORY_MESSAGES.pictureFailed }, territory: { id: 7 } });
    actor.send(save({ rep_photo: photo }));
    expect(actor.getSnapshot().value).toBe('saving');
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

  it('sends a new territory as POST and an existing one as PATCH to its own address (the real calls)', async () => {
    const sent = (input: SaveInput) => requestsOf(territoryEditorMachine, 'saveTerritory', input);
    expect(await sent({ id: null, body })).toEqual([{ method: 'POST', path: '/api/v2/territories/', body }]);
    expect(await sent({ id: 7, body })).toEqual([{ method: 'PATCH', path: '/api/v2/territories/7/', body }]);
  });

  it("shows the server's reason when a load fails, a plain sentence when it gave none, and loads again on Retry", async () => {
    let answer: () => Promise<Territory> = () => Promise.reject(new ApiError('Territory not found.', { status: 404 }));
    const { actor } = start(7, { load: () => answer() });
    await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe('Territory not found.');

    answer = () => Promise.reject(new Error(''));
    actor.send({ type: 'load.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('loadFailed') && snapshot.context.error !== 'Territory not found.');
    expect(actor.getSnapshot().context.error).toBe('The territory could not be loaded.');

    answer = () => Promise.resolve(territoryOf({ name: 'Baku South' }));
    actor.send({ type: 'load.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({ error: null, territory: { name: 'Baku South' } });
  });

  it('says only "Failed to save territory" when the failure carries no reason, and Dismiss clears it for editing', async () => {
    const { actor } = start(null, { save: () => Promise.reject(new Error('')) });
    actor.send(save());
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(TERRITORY_MESSAGES.saveFailed);
    actor.send({ type: 'alert.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('sends what the second attempt asked for after a failure, clears the old error and keeps the saved territory', async () => {
    let fails = true;
    const { actor, calls } = start(null, {
      save: () =>
        fails
          ? Promise.reject(new ApiError('x', { status: 400, fields: { slug: 'This slug is taken.' } }))
          : Promise.resolve(territoryOf({ id: 12, name: 'Baku East' })),
    });
    actor.send(save());
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    fails = false;
    const renamed: TerritoryCreate = { ...body, name: 'Baku East' };
    actor.send({ type: 'territory.save', body: renamed, images: { wallpaper: photo } });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, fieldErrors: {}, draft: renamed, images: { wallpaper: photo } });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.saves.map((call) => call.body.name)).toEqual(['Baku North', 'Baku East']);
    expect(calls.uploads).toEqual([{ id: 12, images: { wallpaper: photo } }]);
    expect(actor.getSnapshot().context).toMatchObject({ id: 12, images: {}, territory: { id: 12, rep_photo: '/uploads/photo.png' } });
  });

  it('keeps what the server answered to a save without images', async () => {
    const { actor } = start(null);
    actor.send(save());
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().context).toMatchObject({ id: 12, territory: { id: 12, name: 'Baku North' } });
  });
});
