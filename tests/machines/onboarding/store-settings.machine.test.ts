import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ONBOARDING_DEFAULTS } from '#contracts/onboarding';
import type { FormStep } from '#src/machines/onboarding/onboarding-steps';
import { storeSectionMachine, type StoreSectionEmitted, type StoreSectionEvent } from '#src/machines/onboarding/store-section.machine';
import { changedSections, storeSettingsMachine } from '#src/machines/onboarding/store-settings.machine';
import { ApiError } from '#src/services/shared/api';
import { VALID_STEPS } from '../../fixtures/onboarding/requests';
import { provideChecked } from '../../support/contract-double';
import { assertWalksCover } from '../../support/path-coverage';

const HOST = 'order.example.com';
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output });
const failure = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, actorId: id, error });

describe('store section machine: path coverage', () => {
  // One walk per step: its own edits (one that leaves the form invalid, one valid), the load and
  // save answers. Location's valid edit fills the three required fields; about's names it.
  const edits: Record<FormStep, StoreSectionEvent[]> = {
    location: [
      { type: 'field.change', step: 'location', patch: { street: '1 Main St' } },
      { type: 'field.change', step: 'location', patch: { zip_code: '10001', city: 'New York', state: 'NY' } },
    ],
    about: [
      { type: 'field.change', step: 'about', patch: { about: 'Fresh' } },
      { type: 'field.change', step: 'about', patch: { name: 'Pizza Loco', slug: 'pizza-loco' } },
      { type: 'logo.upload', file: new Blob(['png']) },
      done('uploadLogo', '/uploads/logo.png') as never,
      failure('uploadLogo', new Error('Not an image.')) as never,
    ],
    delivery: [
      { type: 'zip.add', value: '10001' },
      { type: 'zip.remove', value: '10001' },
      { type: 'field.change', step: 'delivery', patch: { delivery_eta_from: 45, delivery_eta_to: 30 } },
    ],
    hours: [
      { type: 'hours.open247', on: true },
      { type: 'hours.closedWithin', on: true },
      { type: 'hours.dayClosed', day: 1, closed: false },
      { type: 'hours.time', day: 2, field: 'close_time', time: '08:00' },
      { type: 'field.change', step: 'hours', patch: {} },
    ],
    additional: [{ type: 'field.change', step: 'additional', patch: { selections: { ...ONBOARDING_DEFAULTS.additional.selections, crowd: ['Family'] } } }],
    contacts: [{ type: 'field.change', step: 'contacts', patch: { restaurant_phone: '555 0100' } }],
  };
  // Payloads for the edit types a walk is not about (every walk would otherwise send them bare):
  // an empty zip is ignored, an unknown day or a time off the grid is refused.
  const neutral: StoreSectionEvent[] = [
    { type: 'zip.add', value: ' ' },
    { type: 'zip.remove', value: 'none' },
    { type: 'hours.open247', on: false },
    { type: 'hours.closedWithin', on: false },
    { type: 'hours.dayClosed', day: 9, closed: true },
    { type: 'hours.time', day: 2, field: 'open_time', time: '08:07' },
    { type: 'logo.upload', file: new Blob(['png']) },
  ];
  const walk = (step: FormStep) => ({
    input: { restaurantId: '42', host: HOST, step },
    events: [
      ...neutral.filter((event) => !edits[step].some((own) => own.type === event.type)),
      done('loadStep', ONBOARDING_DEFAULTS[step]),
      failure('loadStep', new Error('HTTP 503')),
      done('saveStep', ONBOARDING_DEFAULTS[step]),
      failure('saveStep', new ApiError('Taken.', { status: 409, fields: { slug: 'Taken.' } })),
      ...(edits[step] as never[]),
    ],
    limit: 5_000,
  });

  it('reaches every state and transition: load, failure and retry, edits, the check, save and its refusal, the logo', () => {
    const reports = assertWalksCover(storeSectionMachine, (['location', 'about', 'delivery', 'hours', 'additional', 'contacts'] as const).map(walk));
    expect(reports.flatMap((report) => report.states.reached)).toEqual(
      expect.arrayContaining(['loading', 'failed', 'ready.editing', 'ready.saving', 'ready.uploading']),
    );
  });
});

describe('store settings machine', () => {
  const never = storeSettingsMachine.provide({
    actors: {
      section: storeSectionMachine.provide({
        actors: { loadStep: fromPromise<unknown, { restaurantId: string; step: FormStep }>(() => new Promise(() => {})) },
      }),
    },
  });

  it('reaches every state: no restaurant chosen, and the six sections of one', () => {
    assertWalksCover(never, [{ input: { restaurantId: 7, host: HOST } }, { input: { restaurantId: null, host: HOST } }]);
  });

  it('has no sections without a restaurant, six with one, and names those with unsaved changes', async () => {
    expect(
      createActor(never, { input: { restaurantId: null, host: HOST } })
        .start()
        .getSnapshot()
        .hasTag('noRestaurant'),
    ).toBe(true);
    const actor = createActor(
      storeSettingsMachine.provide({
        actors: {
          section: storeSectionMachine.provide({
            actors: { loadStep: fromPromise(async ({ input }) => ONBOARDING_DEFAULTS[(input as { step: FormStep }).step]) },
          }),
        },
      }),
      { input: { restaurantId: 7, host: HOST } },
    ).start();
    const { sections } = actor.getSnapshot().context;
    expect(Object.keys(sections!)).toEqual(['location', 'about', 'delivery', 'hours', 'additional', 'contacts']);
    await waitFor(sections!.contacts, (snapshot) => snapshot.hasTag('ready'));
    await waitFor(sections!.delivery, (snapshot) => snapshot.hasTag('ready'));
    expect(changedSections(actor.getSnapshot())).toEqual([]);
    sections!.delivery.send({ type: 'zip.add', value: '10001' });
    sections!.contacts.send({ type: 'field.change', step: 'contacts', patch: { public_phone: '555' } });
    expect(changedSections(actor.getSnapshot())).toEqual(['delivery', 'contacts']);
    // A change typed and undone is none.
    sections!.delivery.send({ type: 'zip.remove', value: '10001' });
    expect(changedSections(actor.getSnapshot())).toEqual(['contacts']);
  });
});

describe('store section: saving', () => {
  function section(step: FormStep, saved: unknown, save: (body: unknown) => Promise<unknown>) {
    const bodies: unknown[] = [];
    const emitted: StoreSectionEmitted[] = [];
    const actor = createActor(
      provideChecked(storeSectionMachine, {
        actors: {
          loadStep: fromPromise<unknown, { restaurantId: string; step: FormStep }>(async () => saved),
          saveStep: fromPromise<unknown, { restaurantId: string; step: FormStep; body: unknown }>(async ({ input }) => {
            bodies.push(input.body);
            return save(input.body);
          }),
        },
      }),
      { input: { restaurantId: '42', host: HOST, step } },
    );
    actor.on('saved', (event) => emitted.push(event));
    actor.on('refused', (event) => emitted.push(event));
    actor.start();
    return { actor, bodies, emitted };
  }

  it('offers Save only once something changed, sends the step through its contract and says Saved', async () => {
    const { actor, bodies, emitted } = section('delivery', VALID_STEPS.delivery, async (body) => body);
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'section.save' });
    expect(bodies).toEqual([]);
    actor.send({ type: 'field.change', step: 'delivery', patch: { delivery_fee: 4.75 } });
    actor.send({ type: 'section.save' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    expect(bodies).toEqual([{ ...VALID_STEPS.delivery, delivery_fee: 4.75 }]);
    expect(emitted).toEqual([{ type: 'saved', step: 'delivery' }]);
    expect(actor.getSnapshot().context.forms.delivery.delivery_fee).toBe(4.75);
  });

  it('keeps the typed values and the server’s sentence under the slug when the store URL is taken', async () => {
    const taken = 'The store URL “pizza” is already taken. Please choose another.';
    const { actor, emitted } = section('about', VALID_STEPS.about, async () => {
      throw new ApiError(taken, { status: 409, code: 'slug_taken', fields: { slug: taken } });
    });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'field.change', step: 'about', patch: { slug: 'Pizza' } });
    actor.send({ type: 'section.save' });
    await waitFor(actor, (snapshot) => emitted.length > 0 && snapshot.matches({ ready: 'editing' }));
    expect(emitted).toEqual([{ type: 'refused', step: 'about' }]);
    const { context } = actor.getSnapshot();
    expect(context.fieldErrors).toEqual({ slug: taken });
    expect(context.error).toBe(taken);
    expect(context.forms.about.slug).toBe('pizza');
  });

  it('refuses an invalid form before sending, with the contract’s sentence by the field', async () => {
    const { actor, bodies, emitted } = section('location', VALID_STEPS.location, async (body) => body);
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'field.change', step: 'location', patch: { city: '' } });
    actor.send({ type: 'section.save' });
    expect(bodies).toEqual([]);
    expect(emitted).toEqual([{ type: 'refused', step: 'location' }]);
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['city']);
  });
});
