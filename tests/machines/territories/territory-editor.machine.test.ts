import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  TERRITORY_IMAGE_FIELDS,
  TERRITORY_MESSAGES,
  type Territory,
  type TerritoryCoverage,
  type TerritoryCoverageRequest,
  type TerritoryCreate,
  type TerritoryImageField,
} from '#contracts/territories';
import { ApiError } from '#src/services/shared/api';
import type { PicturesSent } from '#src/services/territories/territories';
import { territoryEditorMachine, type SaveInput, type TerritoryEditorEvent, type UploadInput } from '#src/machines/territories/territory-editor.machine';
import { territoryCoverageMachine } from '#src/machines/territories/territory-coverage.machine';
import { formValuesOf } from '#src/machines/territories/territory-form';
import { provideChecked, requestsOf } from '../../support/contract-double';
import { assertWalksCover } from '../../support/path-coverage';
import { stateTags } from '../../support/state-tags';
import { EMPTY_COVERAGE, territoryOf } from './fixtures';

const photo = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });
/** What a new territory named Baku North, with zip 1000 added, sends: every field, blanks as the contract takes them. */
const body: TerritoryCreate = {
  name: 'Baku North',
  slug: '',
  phone: '',
  email: '',
  current_commission: '',
  rep_name: '',
  rep_meze_email: '',
  rep_personal_email: '',
  rep_phone: '',
  rep_address: '',
  is_active: true,
  settlement_date: null,
  rep_dob: null,
  zips: ['1000'],
  circles: [],
  socials: [],
};
/** What the territory of the fixtures sends when it is saved as it was loaded. */
const loadedBody: TerritoryCreate = {
  ...body,
  slug: 'baku-north',
  rep_name: 'Aysel Mammadova',
  zips: ['1000', '1001'],
  circles: [{ center_lat: 40.41, center_lng: 49.87, radius_meters: 1500 }],
  socials: [{ platform_name: 'Instagram', platform_url: 'https://instagram.com/bakunorth' }],
};
/** The form's own fields, as a walk compares them (the pictures chosen are not part of it). */
const formOf = (context: object) => JSON.stringify(Object.keys(formValuesOf(null)).map((field) => (context as Record<string, unknown>)[field]));
const UNEDITED = [formOf(formValuesOf(null)), formOf(formValuesOf(territoryOf()))];

describe('territory editor machine', () => {
  const outcomes = [
    { type: 'xstate.done.actor.loadTerritory', output: territoryOf() },
    { type: 'xstate.error.actor.loadTerritory', error: new Error('HTTP 503') },
    { type: 'xstate.done.actor.saveTerritory', output: territoryOf() },
    { type: 'xstate.error.actor.saveTerritory', error: new ApiError('Bad', { status: 400, fields: { slug: 'Taken' } }) },
    { type: 'xstate.done.actor.uploadTerritoryImages', output: { territory: territoryOf({ rep_photo: '/uploads/a.png' }), refused: {} } },
    { type: 'xstate.done.actor.uploadTerritoryImages', output: { territory: null, refused: { rep_photo: new ApiError('Not an image', { status: 415 }) } } },
    { type: 'territory.save' },
    { type: 'load.retry' },
    { type: 'alert.dismiss' },
    { type: 'picture.choose', field: 'rep_photo', file: photo },
  ];
  const edits: TerritoryEditorEvent[] = [
    { type: 'field.change', field: 'name', value: 'Baku East' },
    { type: 'active.change', active: false },
    { type: 'zips.add' },
    { type: 'zips.include', zips: ['1002'] },
    { type: 'zip.remove', zip: '1000' },
    { type: 'circle.add', center: { lat: 40.5, lng: 49.9 } },
    { type: 'circle.change', index: 0, field: 'radius_meters', value: 900 },
    { type: 'circle.move', index: 0, center: { lat: 40.6, lng: 49.8 } },
    { type: 'circle.resize', index: 0, radius: 1200 },
    { type: 'circle.remove', index: 0 },
    { type: 'social.add' },
    { type: 'social.change', index: 0, field: 'platform_name', value: 'Facebook' },
    { type: 'social.remove', index: 0 },
  ];

  it('reaches every state and transition: the flow of a new territory, and each edit wherever the form is shown', () => {
    assertWalksCover(territoryEditorMachine, [
      // The name typed and emptied again: the contract refuses the form, then takes it, in every state Save is offered.
      {
        input: { id: null },
        events: [...outcomes, { type: 'field.change', field: 'name', value: 'Baku North' }, { type: 'field.change', field: 'name', value: '' }],
        skip: edits.map((edit) => edit.type).filter((type) => type !== 'field.change'),
      },
      // An existing territory: every edit is made once in each state, and the walk goes on only from the form as loaded.
      { input: { id: 7 }, events: [...outcomes, ...edits], within: (snapshot) => UNEDITED.includes(formOf(snapshot.context)) },
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
        coverage: provideChecked(territoryCoverageMachine, {
          actors: { loadCoverage: fromPromise<TerritoryCoverage, TerritoryCoverageRequest>(async () => EMPTY_COVERAGE) },
        }),
      },
    });
    return { actor: createActor(machine, { input: { id } }).start(), calls };
  }

  /** Chooses the pictures (none: none), then presses Save. */
  const save = (actor: ReturnType<typeof start>['actor'], images: Partial<Record<TerritoryImageField, File | null>> = {}) => {
    for (const field of TERRITORY_IMAGE_FIELDS) if (field in images) actor.send({ type: 'picture.choose', field, file: images[field] ?? null });
    actor.send({ type: 'territory.save' });
  };

  /** A new territory's form filled as `body` says. */
  const fillNew = (actor: ReturnType<typeof start>['actor'], name = 'Baku North') => {
    actor.send({ type: 'field.change', field: 'name', value: name });
    actor.send({ type: 'field.change', field: 'zip_text', value: '1000' });
    actor.send({ type: 'zips.add' });
  };

  it('creates a new territory as JSON and sends no second request when no image was chosen', async () => {
    const { actor, calls } = start(null);
    expect(actor.getSnapshot().value).toBe('editing');
    fillNew(actor);
    save(actor);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.saves).toEqual([{ id: null, body }]);
    expect(calls.uploads).toEqual([]);
  });

  it('updates an existing territory, then sends the chosen images to it in a second request', async () => {
    const { actor, calls } = start(7);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({ territory: { name: 'Baku North' }, name: 'Baku North', zips: ['1000', '1001'] });
    save(actor, { rep_photo: photo });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.saves).toEqual([{ id: 7, body: loadedBody }]);
    expect(calls.uploads).toEqual([{ id: 7, images: { rep_photo: photo } }]);
    expect(actor.getSnapshot().context.territory?.rep_photo).toBe('/uploads/photo.png');
  });

  it('keeps the input after a failed save and says "Failed to save territory" with the reason and the fields', async () => {
    const { actor } = start(null, {
      save: () => Promise.reject(new ApiError('x', { status: 409, code: 'slug_taken', fields: { slug: 'This slug is taken.' } })),
    });
    fillNew(actor);
    save(actor);
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    const { context } = actor.getSnapshot();
    expect(context.error).toMatch(new RegExp(`^${TERRITORY_MESSAGES.saveFailed}`));
    expect(context.fieldErrors).toEqual({ slug: 'This slug is taken.' });
    expect(context.draft).toEqual(body);
    expect(context).toMatchObject({ id: null, name: 'Baku North', zips: ['1000'] });
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
    fillNew(actor);
    save(actor, { rep_photo: photo, wallpaper });
    await waitFor(actor, (snapshot) => snapshot.matches('picturesRefused'));
    expect(actor.getSnapshot().context).toMatchObject({
      error: TERRITORY_MESSAGES.picturesRefused,
      pictureErrors: { wallpaper: 'Not an image.' },
      images: { wallpaper },
      refusedImages: { wallpaper },
      territory: { id: 12, rep_photo: '/uploads/rep.png' },
    });
    expect(actor.getSnapshot().context.images).not.toHaveProperty('rep_photo');
    actor.send({ type: 'alert.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.pictureErrors).toEqual({ wallpaper: 'Not an image.' });
    refuse = false;
    save(actor);
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
    save(actor, { rep_photo: photo });
    await waitFor(actor, (snapshot) => snapshot.matches('picturesRefused'));
    expect(actor.getSnapshot().context).toMatchObject({ pictureErrors: { rep_photo: TERRITORY_MESSAGES.pictureFailed }, territory: { id: 7 } });
    save(actor);
    expect(actor.getSnapshot().value).toBe('saving');
  });

  it('refuses, before the server, a form the contract refuses: each field in error is marked, nothing is sent, and the screen is told', async () => {
    const { actor, calls } = start(null);
    const refusals: string[] = [];
    actor.on('screen.refused', (event) => refusals.push(event.type));
    actor.send({ type: 'field.change', field: 'name', value: '   ' });
    actor.send({ type: 'circle.add', center: { lat: 40.5, lng: 49.9 } });
    actor.send({ type: 'circle.change', index: 0, field: 'radius_meters', value: '' });
    save(actor);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: TERRITORY_MESSAGES.name, 'circles.0.radius_meters': 'Expected a whole number.' });
    expect(refusals).toEqual(['screen.refused']);
    // A change takes the mark away from the field it changed, and only from it.
    actor.send({ type: 'field.change', field: 'name', value: 'Ganja' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ 'circles.0.radius_meters': 'Expected a whole number.' });
    actor.send({ type: 'circle.change', index: 0, field: 'radius_meters', value: 2345.6 });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    save(actor);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.saves).toEqual([
      { id: null, body: { ...body, name: 'Ganja', zips: [], circles: [{ center_lat: 40.5, center_lng: 49.9, radius_meters: 2346 }] } },
    ]);
    expect(refusals).toHaveLength(1);
  });

  it('tells the screen to show a refusal when the server refuses the save or a picture, and to go back to the list once saved', async () => {
    let refuse = true;
    const { actor } = start(7, {
      save: () => (refuse ? Promise.reject(new Error('HTTP 503')) : Promise.resolve(territoryOf())),
      upload: async () => ({ territory: null, refused: { rep_photo: new Error('Not an image.') } }),
    });
    const told: unknown[] = [];
    actor.on('*', (event) => told.push(event));
    await waitFor(actor, (snapshot) => snapshot.hasTag('editing'));
    expect([...actor.getSnapshot().tags]).toEqual(['editing']);
    save(actor);
    expect([...actor.getSnapshot().tags].sort()).toEqual(['editing', 'saving']);
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(told).toEqual([{ type: 'screen.refused' }]);
    refuse = false;
    save(actor, { rep_photo: photo });
    await waitFor(actor, (snapshot) => snapshot.matches('picturesRefused'));
    expect(told).toEqual([{ type: 'screen.refused' }, { type: 'screen.refused' }]);
    save(actor, { rep_photo: null });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(told).toEqual([{ type: 'screen.refused' }, { type: 'screen.refused' }, { type: 'screen.navigate', to: '/territories' }]);
  });

  it('takes the edits of every field: zips merged without repeats, circles rounded and bounded, rows removed with their marks', async () => {
    const { actor } = start(7, {
      save: () =>
        Promise.reject(
          new ApiError('x', { status: 400, fields: { 'circles.0.radius_meters': 'Too wide.', 'socials.1.platform_url': 'Not a link.', slug: 'Taken.' } }),
        ),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    const send = (...events: TerritoryEditorEvent[]) => events.forEach((event) => actor.send(event));
    send(
      { type: 'field.change', field: 'zip_text', value: '1001, 1002;AZ 1003\n12 1002' },
      { type: 'zips.add' },
      { type: 'zips.include', zips: ['1003', '1004'] },
      { type: 'zip.remove', zip: '1000' },
      { type: 'active.change', active: false },
      { type: 'circle.add', center: { lat: 40.1234567, lng: 49.7654321 } },
      { type: 'circle.add', center: { lat: 40, lng: 49 }, radius: 300 },
      { type: 'circle.move', index: 2, center: { lat: 41.00000049, lng: 48.5 } },
      { type: 'circle.resize', index: 2, radius: 450 },
      { type: 'social.add' },
      { type: 'social.change', index: 1, field: 'platform_name', value: 'X' },
      { type: 'social.change', index: 1, field: 'platform_url', value: 'x.com' },
      { type: 'social.add' },
      { type: 'social.change', index: 2, field: 'platform_name', value: 'Facebook' },
      { type: 'social.change', index: 2, field: 'platform_url', value: 'facebook.com' },
    );
    expect(actor.getSnapshot().context).toMatchObject({
      zips: ['1001', '1002', '1003', '1004'],
      zip_text: '',
      is_active: false,
      circles: [
        { center_lat: 40.41, center_lng: 49.87, radius_meters: 1500 },
        { center_lat: 40.123457, center_lng: 49.765432, radius_meters: 1000 },
        { center_lat: 41, center_lng: 48.5, radius_meters: 450 },
      ],
      socials: [
        { platform_name: 'Instagram', platform_url: 'https://instagram.com/bakunorth' },
        { platform_name: 'X', platform_url: 'x.com' },
        { platform_name: 'Facebook', platform_url: 'facebook.com' },
      ],
    });
    // The server's marks: removing a row takes its own away and moves the later rows' up with them.
    save(actor);
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    send({ type: 'social.remove', index: 0 }, { type: 'circle.remove', index: 1 });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      'circles.0.radius_meters': 'Too wide.',
      'socials.0.platform_url': 'Not a link.',
      slug: 'Taken.',
    });
    send({ type: 'circle.remove', index: 0 });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ 'socials.0.platform_url': 'Not a link.', slug: 'Taken.' });
    expect(actor.getSnapshot().context.circles).toEqual([{ center_lat: 41, center_lng: 48.5, radius_meters: 450 }]);
    // Adding zip codes takes every mark away (the form did so before).
    send({ type: 'field.change', field: 'zip_text', value: '2000' }, { type: 'zips.add' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('asks its coverage child about what is drawn once the territory is loaded and at each change of zips or circles, and not while nothing valid is drawn', async () => {
    const { actor } = start(7);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    const asked = () => actor.getSnapshot().children.coverage!.getSnapshot();
    const circle = { center_lat: 40.41, center_lng: 49.87, radius_meters: 1500 };
    expect(asked()).toMatchObject({ value: 'waiting', context: { request: { zips: ['1000', '1001'], circles: [circle] } } });
    actor.send({ type: 'zip.remove', zip: '1000' });
    expect(asked().context.request).toEqual({ zips: ['1001'], circles: [circle] });
    actor.send({ type: 'circle.change', index: 0, field: 'radius_meters', value: '' });
    // The circle being typed is left out until it holds a valid value.
    expect(asked().context.request).toEqual({ zips: ['1001'], circles: [] });
    actor.send({ type: 'circle.resize', index: 0, radius: 2000 });
    expect(asked().context.request).toEqual({ zips: ['1001'], circles: [{ ...circle, radius_meters: 2000 }] });
    actor.send({ type: 'field.change', field: 'name', value: 'Baku East' });
    actor.send({ type: 'zip.remove', zip: '1001' });
    expect(asked().context.request).toEqual({ zips: [], circles: [{ ...circle, radius_meters: 2000 }] });
    actor.send({ type: 'circle.remove', index: 0 });
    // Nothing drawn, nothing asked: the last request stays the one before.
    expect(asked().context.request).toEqual({ zips: [], circles: [{ ...circle, radius_meters: 2000 }] });
  });

  it("adds no circle or social link beyond the contract's limits", async () => {
    const { actor } = start(null);
    for (let count = 0; count < 201; count += 1) actor.send({ type: 'circle.add', center: { lat: 40, lng: 49 } });
    for (let count = 0; count < 21; count += 1) actor.send({ type: 'social.add' });
    expect([actor.getSnapshot().context.circles.length, actor.getSnapshot().context.socials.length]).toEqual([200, 20]);
  });

  it('sends a new territory as POST and an existing one as PATCH to its own address (the real calls)', async () => {
    const sent = (input: SaveInput) => requestsOf(territoryEditorMachine, 'saveTerritory', input);
    const minimal: TerritoryCreate = { name: 'Baku North', zips: ['1000'], circles: [], socials: [] };
    expect(await sent({ id: null, body: minimal })).toEqual([{ method: 'POST', path: '/api/v2/territories/', body: minimal }]);
    expect(await sent({ id: 7, body: minimal })).toEqual([{ method: 'PATCH', path: '/api/v2/territories/7/', body: minimal }]);
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
    fillNew(actor);
    save(actor);
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
    fillNew(actor);
    save(actor);
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    fails = false;
    const renamed: TerritoryCreate = { ...body, name: 'Baku East' };
    actor.send({ type: 'field.change', field: 'name', value: 'Baku East' });
    save(actor, { wallpaper: photo });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, fieldErrors: {}, draft: renamed, images: { wallpaper: photo } });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.saves.map((call) => call.body.name)).toEqual(['Baku North', 'Baku East']);
    expect(calls.uploads).toEqual([{ id: 12, images: { wallpaper: photo } }]);
    expect(actor.getSnapshot().context).toMatchObject({ id: 12, images: {}, territory: { id: 12, rep_photo: '/uploads/photo.png' } });
  });

  describe('the form stays open while a save is sent and after it was refused', () => {
    type Started = ReturnType<typeof start>;
    /** Every edit of `edits`, and another picture chosen, as a person makes them. */
    const editEverything = (actor: Started['actor']) => {
      for (const edit of edits) actor.send(edit);
      actor.send({ type: 'picture.choose', field: 'wallpaper', file: photo });
    };
    /** What the same edits make of the loaded territory's form at rest (`editing`): an edit does the same in every state. */
    async function editedAtRest() {
      const { actor } = start(7);
      await waitFor(actor, (snapshot) => snapshot.matches('editing'));
      editEverything(actor);
      const form = formOf(actor.getSnapshot().context);
      actor.stop();
      return form;
    }
    /** The save is answered when the test says so; the upload refuses the representative's photo. */
    function started() {
      const held = { save: { resolve: (_: Territory) => {}, reject: (_: unknown) => {} }, upload: (_: PicturesSent) => {} };
      const refusedPhoto: PicturesSent = { territory: territoryOf(), refused: { rep_photo: new ApiError('Not an image.', { status: 415 }) } };
      const editor = start(7, {
        save: () => new Promise((resolve, reject) => (held.save = { resolve, reject })),
        upload: () => new Promise((resolve) => (held.upload = resolve)),
      });
      const refusals: string[] = [];
      editor.actor.on('screen.refused', (event) => refusals.push(event.type));
      return { ...editor, held, refusedPhoto, refusals };
    }
    /** Loaded, then Save pressed (with `images` chosen): the fields are being sent. */
    async function sendingTheFields(images: Partial<Record<TerritoryImageField, File>> = {}) {
      const editor = started();
      await waitFor(editor.actor, (snapshot) => snapshot.matches('editing'));
      save(editor.actor, images);
      return editor;
    }
    /** Loaded, then Save pressed with a photo chosen and the fields saved: the photo is being sent. */
    async function sendingThePhoto() {
      const editor = await sendingTheFields({ rep_photo: photo });
      editor.held.save.resolve(territoryOf());
      await waitFor(editor.actor, (snapshot) => snapshot.matches('uploading'));
      return editor;
    }
    /** Edits everything where the editor is, which leaves it there, with the form as at rest and the new picture chosen. */
    async function editsWhere(editor: ReturnType<typeof started>, state: string) {
      const atRest = await editedAtRest();
      editEverything(editor.actor);
      const { value, context } = editor.actor.getSnapshot();
      expect(value).toBe(state);
      expect(formOf(context)).toBe(atRest);
      expect(formOf(context)).not.toBe(UNEDITED[1]);
      expect(context.images.wallpaper).toBe(photo);
      return atRest;
    }
    /** Save with the name emptied: the contract refuses it where the editor is; it is marked and told, nothing is sent. */
    function refusedByTheForm(editor: ReturnType<typeof started>, state: string) {
      const sent = { saves: editor.calls.saves.length, refusals: editor.refusals.length };
      editor.actor.send({ type: 'field.change', field: 'name', value: '' });
      save(editor.actor);
      expect(editor.actor.getSnapshot().value).toBe(state);
      expect(editor.actor.getSnapshot().context.fieldErrors).toMatchObject({ name: TERRITORY_MESSAGES.name });
      expect(editor.calls.saves).toHaveLength(sent.saves);
      expect(editor.refusals).toHaveLength(sent.refusals + 1);
    }

    it('takes every edit while the fields are being saved, sends nothing more, and keeps them when the save fails', async () => {
      const editor = await sendingTheFields();
      const atRest = await editsWhere(editor, 'saving');
      editor.held.save.reject(new Error('HTTP 503'));
      await waitFor(editor.actor, (snapshot) => snapshot.matches('failed'));
      expect(formOf(editor.actor.getSnapshot().context)).toBe(atRest);
      // What was sent is the form as it was when Save was pressed.
      expect(editor.calls.saves).toEqual([{ id: 7, body: loadedBody }]);
    });

    it('takes every edit while the pictures are being sent, sends nothing more, and keeps the fields when a picture is refused', async () => {
      const editor = await sendingThePhoto();
      const atRest = await editsWhere(editor, 'uploading');
      editor.held.upload(editor.refusedPhoto);
      await waitFor(editor.actor, (snapshot) => snapshot.matches('picturesRefused'));
      expect(formOf(editor.actor.getSnapshot().context)).toBe(atRest);
      expect(editor.calls.saves).toEqual([{ id: 7, body: loadedBody }]);
      expect(editor.calls.uploads).toEqual([{ id: 7, images: { rep_photo: photo } }]);
    });

    it('takes every edit after a refused save with the alert still up, and refuses a form the contract refuses there', async () => {
      const editor = await sendingTheFields();
      editor.held.save.reject(new Error(''));
      await waitFor(editor.actor, (snapshot) => snapshot.matches('failed'));
      await editsWhere(editor, 'failed');
      expect(editor.actor.getSnapshot().context.error).toBe(TERRITORY_MESSAGES.saveFailed);
      refusedByTheForm(editor, 'failed');
    });

    it('takes every edit after a refused picture with the alert still up, and refuses a form the contract refuses there', async () => {
      const editor = await sendingThePhoto();
      editor.held.upload(editor.refusedPhoto);
      await waitFor(editor.actor, (snapshot) => snapshot.matches('picturesRefused'));
      await editsWhere(editor, 'picturesRefused');
      expect(editor.actor.getSnapshot().context).toMatchObject({ error: TERRITORY_MESSAGES.picturesRefused, images: { rep_photo: photo } });
      refusedByTheForm(editor, 'picturesRefused');
    });
  });

  it('keeps what the server answered to a save without images', async () => {
    const { actor } = start(null);
    fillNew(actor);
    save(actor);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().context).toMatchObject({ id: 12, territory: { id: 12, name: 'Baku North' } });
  });
});

describe('territory editor machine: the tags its view reads', () => {
  it('tags loading, a failed read, the form, a save and an upload in flight, and a refusal or a finished save still showing the form', () => {
    const tagsAt = stateTags(territoryEditorMachine, { id: 7 });
    expect(['deciding', 'loading', 'loadFailed', 'editing', 'saving', 'uploading', 'failed', 'picturesRefused', 'saved'].map((value) => tagsAt(value))).toEqual(
      [['loading'], ['loading'], ['loadFailed'], ['editing'], ['editing', 'saving'], ['editing', 'saving', 'uploading'], ['editing'], ['editing'], ['editing']],
    );
  });
});

describe('territory editor machine: social links', () => {
  const started = () => createActor(territoryEditorMachine, { input: { id: null } }).start();
  const socials = (actor: ReturnType<typeof started>) => actor.getSnapshot().context.socials;

  it('adds a blank link, and removes only the one asked for', () => {
    const actor = started();
    actor.send({ type: 'social.add' });
    expect(socials(actor)).toEqual([{ platform_name: '', platform_url: '' }]);
    actor.send({ type: 'social.change', index: 0, field: 'platform_name', value: 'Instagram' });
    actor.send({ type: 'social.add' });
    actor.send({ type: 'social.change', index: 1, field: 'platform_name', value: 'TikTok' });
    actor.send({ type: 'social.add' });
    actor.send({ type: 'social.change', index: 2, field: 'platform_name', value: 'X' });
    actor.send({ type: 'social.remove', index: 1 });
    expect(socials(actor).map((social) => social.platform_name)).toEqual(['Instagram', 'X']);
    actor.stop();
  });

  it('an edit clears the sentence of the field it changes, and only that one', () => {
    const actor = started();
    actor.send({ type: 'social.add' });
    actor.send({ type: 'social.change', index: 0, field: 'platform_name', value: 'Instagram' });
    actor.send({ type: 'territory.save' });
    const refused = actor.getSnapshot().context.fieldErrors;
    expect(Object.keys(refused).sort()).toEqual(['name', 'socials.0.platform_url']);
    actor.send({ type: 'social.change', index: 0, field: 'platform_url', value: 'instagram.com/bakunorth' });
    expect(actor.getSnapshot().context.fieldErrors).not.toHaveProperty(['socials.0.platform_url']);
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['name']);
    actor.send({ type: 'field.change', field: 'name', value: 'Baku North' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.stop();
  });
});
