/**
 * Onboarding: what the owner sees and what the server and the browser keep on the paths the
 * behaviour tests leave out (opening the step one is on, moving while a step loads or after a
 * failed load or save, the hours rules under 24/7, drafts of every kind of edit, the logo upload,
 * launching). Written for the mutants Stryker makes of the machine (npm run mutants) that no earlier test noticed.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import { beforeEach, describe, expect, it } from 'vitest';
import { ONBOARDING_DEFAULTS } from '#contracts/onboarding';
import { onboardingMachine, type OnboardingEvent, type StepLoad, type StepSave } from '#src/machines/onboarding/onboarding.machine';
import { machineStep } from './machine-step';
import type { FormStep } from '#src/machines/onboarding/onboarding-steps';
import { loadOnboardingDraft, saveOnboardingDraft } from '#src/services/onboarding/onboarding-draft';
import { ONBOARDING_KEY } from '#src/services/shared/session-summary';
import { provideChecked } from '../../support/contract-double';
import { fakeProgress } from './onboarding-progress';

const input = { restaurantId: '42', host: 'order.example.com' };

type Calls = { loads: { restaurantId: string; step: FormStep }[]; saves: StepSave[]; uploads: (File | Blob)[]; launches: { restaurantId: string }[] };

/**
 * The machine with its calls answered by `answer` (each answer may throw); every call is logged.
 * Loads answer the step's defaults unless told otherwise.
 */
function start(
  answer: { load?: (step: FormStep) => Promise<unknown>; save?: () => Promise<unknown>; upload?: () => Promise<string>; launch?: () => Promise<unknown> } = {},
) {
  const calls: Calls = { loads: [], saves: [], uploads: [], launches: [] };
  const actor = createActor(
    provideChecked(onboardingMachine, {
      actors: {
        loadStep: fromPromise<StepLoad, { restaurantId: string; step: FormStep }>(async ({ input: call }) => {
          calls.loads.push(call);
          const saved = answer.load ? await answer.load(call.step) : ONBOARDING_DEFAULTS[call.step];
          return { saved, draft: loadOnboardingDraft(call.restaurantId, call.step) };
        }),
        saveStep: fromPromise<unknown, StepSave>(async ({ input: save }) => {
          calls.saves.push(save);
          return answer.save ? answer.save() : save.body;
        }),
        uploadLogo: fromPromise<string, { file: File | Blob }>(async ({ input: { file } }) => {
          calls.uploads.push(file);
          return answer.upload ? answer.upload() : '/uploads/logo.png';
        }),
        launchOnboarding: fromPromise<unknown, { restaurantId: string }>(async ({ input: call }) => {
          calls.launches.push(call);
          return answer.launch ? answer.launch() : { id: 42, launched: true };
        }),
        loadProgress: fakeProgress(() => ({})),
      },
    }),
    { input },
  ).start();
  const send = (...events: OnboardingEvent[]) => events.forEach((event) => actor.send(event));
  const at = (step: string, phase: string) => waitFor(actor, (snapshot) => JSON.stringify(snapshot.value) === JSON.stringify({ [step]: phase }));
  const context = () => actor.getSnapshot().context;
  return { actor, send, at, context, calls };
}

const fail = (message: string) => async (): Promise<never> => {
  throw new Error(message);
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('onboarding: which step is shown', () => {
  it('loads the step the address names, for this restaurant, once: opening the step it is on keeps the edits', async () => {
    const { send, at, context, calls } = start();
    send({ type: 'step.open', step: 'location' });
    await at('location', 'editing');
    send({ type: 'field.change', step: 'location', patch: { city: 'Austin' } }, { type: 'step.open', step: 'location' });
    expect(context().forms.location.city).toBe('Austin');
    expect(calls.loads).toEqual([{ restaurantId: '42', step: 'location' }]);
  });

  it('opens another step from any step, even while the first still loads', async () => {
    const { actor, send, at, calls } = start();
    send({ type: 'step.open', step: 'location' }, { type: 'step.open', step: 'contacts' });
    await at('contacts', 'editing');
    expect(calls.loads.map((load) => load.step)).toEqual(['location', 'contacts']);
    send({ type: 'step.open', step: 'launch' });
    expect(actor.getSnapshot().value).toEqual({ launch: 'ready' });
  });

  it('moves with Skip and Back while a step still loads', async () => {
    const { actor, send } = start({ load: () => new Promise(() => {}) });
    send({ type: 'step.open', step: 'about' }, { type: 'step.skip' });
    expect(actor.getSnapshot().value).toEqual({ delivery: 'loading' });
    send({ type: 'step.back' }, { type: 'step.back' });
    expect(actor.getSnapshot().value).toEqual({ location: 'loading' });
    // The first step has no Back.
    send({ type: 'step.back' });
    expect(actor.getSnapshot().value).toEqual({ location: 'loading' });
  });

  it('shows a failed load, moves away from it, and loads again on Retry', async () => {
    let down = true;
    const { actor, send, at, context } = start({
      load: async (step) => {
        if (down) throw new Error('Service unavailable.');
        return ONBOARDING_DEFAULTS[step];
      },
    });
    send({ type: 'step.open', step: 'delivery' });
    await at('delivery', 'failed');
    expect(context().error).toBe('Service unavailable.');
    send({ type: 'step.skip' });
    await at('hours', 'failed');
    send({ type: 'step.back' });
    await at('delivery', 'failed');
    down = false;
    send({ type: 'step.retry' });
    expect(actor.getSnapshot().value).toEqual({ delivery: 'loading' });
    expect(context().error).toBeNull();
    await at('delivery', 'editing');
  });
});

describe('onboarding: after a failed save', () => {
  const failedSave = async () => {
    const harness = start({ save: fail('This store URL is taken.') });
    harness.send({ type: 'step.open', step: 'contacts' });
    await harness.at('contacts', 'editing');
    harness.send({ type: 'field.change', step: 'contacts', patch: { restaurant_phone: '555 0100' } }, { type: 'step.next' });
    await harness.at('contacts', 'saveFailed');
    return harness;
  };

  it('an edit returns to the form, keeps the edit in the draft and clears the alert', async () => {
    const { actor, send, context } = await failedSave();
    expect(context().error).toBe('This store URL is taken.');
    send({ type: 'field.change', step: 'contacts', patch: { mobile_phone: '555 0199' } });
    expect(actor.getSnapshot().value).toEqual({ contacts: 'editing' });
    expect(context().error).toBeNull();
    expect(context().forms.contacts).toMatchObject({ restaurant_phone: '555 0100', mobile_phone: '555 0199' });
    expect(loadOnboardingDraft('42', 'contacts')).toMatchObject({ mobile_phone: '555 0199' });
  });

  it('an edit of another step’s form changes nothing', async () => {
    const { actor, send, context } = await failedSave();
    send({ type: 'field.change', step: 'location', patch: { city: 'Austin' } });
    expect(actor.getSnapshot().value).toEqual({ contacts: 'saveFailed' });
    expect(context().forms.location.city).toBe('');
  });

  it('Skip and Back leave it without saving', async () => {
    const skipped = await failedSave();
    skipped.send({ type: 'step.skip' });
    expect(skipped.actor.getSnapshot().value).toEqual({ launch: 'ready' });
    expect(skipped.context().error).toBeNull();
    const back = await failedSave();
    back.send({ type: 'step.back' });
    await back.at('additional', 'editing');
    expect(back.calls.saves).toHaveLength(1);
  });

  it('contacts, with no rules of its own, sends what was typed on Next', async () => {
    const { calls } = await failedSave();
    expect(calls.saves[0]).toEqual({ restaurantId: '42', step: 'contacts', body: { ...ONBOARDING_DEFAULTS.contacts, restaurant_phone: '555 0100' } });
  });
});

describe('onboarding: hours and zips', () => {
  it('ignores the day rules while open 24/7, applies them once it is off, and keeps each change in the draft', async () => {
    const { send, at, context } = start();
    send({ type: 'step.open', step: 'hours' });
    await at('hours', 'editing');
    send({ type: 'hours.open247', on: true });
    expect(context().forms.hours.open_247).toBe(true);
    expect(loadOnboardingDraft('42', 'hours')).toMatchObject({ open_247: true });
    const before = context().forms.hours;
    send(
      { type: 'hours.closedWithin', on: true },
      { type: 'hours.dayClosed', day: 1, closed: true },
      { type: 'hours.time', day: 1, field: 'close_time', time: '08:00' },
    );
    expect(context().forms.hours).toEqual(before);

    send({ type: 'hours.open247', on: false }, { type: 'hours.closedWithin', on: true });
    expect(context().forms.hours.closed_within).toBe(true);
    expect(loadOnboardingDraft('42', 'hours')).toMatchObject({ open_247: false, closed_within: true });
    send({ type: 'hours.dayClosed', day: 1, closed: true });
    expect(context().forms.hours).not.toEqual(before);
    expect(loadOnboardingDraft('42', 'hours')).toEqual(context().forms.hours);
    send({ type: 'hours.time', day: 2, field: 'close_time', time: '08:30' });
    expect(loadOnboardingDraft('42', 'hours')).toEqual(context().forms.hours);
  });

  it('an hours rule clears the sentences Next showed', async () => {
    const { send, at, context } = start();
    send({ type: 'step.open', step: 'hours' });
    await at('hours', 'editing');
    send(
      { type: 'hours.open247', on: false },
      { type: 'hours.closedWithin', on: true },
      { type: 'hours.time', day: 2, field: 'close_time', time: '08:00' },
      { type: 'step.next' },
    );
    expect(Object.keys(context().fieldErrors).length).toBeGreaterThan(0);
    send({ type: 'hours.open247', on: true });
    expect(context().fieldErrors).toEqual({});
  });

  it('keeps the zip pills in the draft', async () => {
    const { send, at } = start();
    send({ type: 'step.open', step: 'delivery' });
    await at('delivery', 'editing');
    send({ type: 'zip.add', value: '10001' }, { type: 'zip.add', value: '10002' });
    expect(loadOnboardingDraft('42', 'delivery')).toMatchObject({ zip_codes: ['10001', '10002'] });
    send({ type: 'zip.remove', value: '10001' });
    expect(loadOnboardingDraft('42', 'delivery')).toMatchObject({ zip_codes: ['10002'] });
  });
});

describe('onboarding: the logo', () => {
  it('sends the chosen file, keeps edits made meanwhile, and puts the answered address in the form and its draft', async () => {
    let finish: (url: string) => void = () => {};
    const { send, at, context, calls } = start({
      upload: () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    });
    send({ type: 'step.open', step: 'about' });
    await at('about', 'editing');
    const file = new Blob(['png']);
    send({ type: 'logo.upload', file });
    await at('about', 'uploading');
    expect(calls.uploads).toHaveLength(1);
    expect(calls.uploads[0]).toBe(file);
    send({ type: 'field.change', step: 'about', patch: { name: 'Pizza Loco' } }, { type: 'field.change', step: 'location', patch: { city: 'Austin' } });
    expect(context().forms.about.name).toBe('Pizza Loco');
    expect(context().forms.location.city).toBe('');
    expect(loadOnboardingDraft('42', 'about')).toMatchObject({ name: 'Pizza Loco' });
    finish('/uploads/new-logo.png');
    await at('about', 'editing');
    expect(context().forms.about.logo_url).toBe('/uploads/new-logo.png');
    expect(loadOnboardingDraft('42', 'about')).toMatchObject({ name: 'Pizza Loco', logo_url: '/uploads/new-logo.png' });
  });

  it('clears the last upload failure when the next upload starts', async () => {
    let refuse = true;
    const { send, at, context } = start({
      upload: async () => {
        if (refuse) throw new Error('Not an image.');
        return '/uploads/logo.png';
      },
    });
    send({ type: 'step.open', step: 'about' });
    await at('about', 'editing');
    send({ type: 'logo.upload', file: new Blob(['x']) });
    await at('about', 'editing');
    expect(context().logoError).toBe('Upload failed: Not an image.');
    refuse = false;
    send({ type: 'logo.upload', file: new Blob(['png']) });
    expect(context().logoError).toBeNull();
  });
});

describe('onboarding: launch', () => {
  it('clears an earlier alert on the launch step, launches this restaurant, and notes the launch for the account’s links', async () => {
    const { actor, send, at, context, calls } = start({ load: fail('Service unavailable.') });
    send({ type: 'step.open', step: 'contacts' });
    await at('contacts', 'failed');
    send({ type: 'step.skip' });
    expect(actor.getSnapshot().value).toEqual({ launch: 'ready' });
    expect(context().error).toBeNull();
    send({ type: 'onboarding.launch' });
    const final = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(final.value).toBe('done');
    expect(calls.launches).toEqual([{ restaurantId: '42' }]);
    expect(JSON.parse(sessionStorage.getItem(ONBOARDING_KEY) ?? 'null')).toEqual({ id: 42, launched: true });
  });

  it('Back from a refused launch leads to contacts, and Back from the launch step too', async () => {
    const { actor, send, at } = start({ launch: fail('Save the location before launching.') });
    send({ type: 'step.open', step: 'launch' }, { type: 'onboarding.launch' });
    await at('launch', 'failed');
    send({ type: 'step.back' });
    expect(machineStep(actor.getSnapshot().value)).toBe('contacts');
    send({ type: 'step.open', step: 'launch' }, { type: 'step.back' });
    expect(machineStep(actor.getSnapshot().value)).toBe('contacts');
  });

  it('forgets every step’s draft once launched', async () => {
    saveOnboardingDraft('42', 'location', { city: 'Austin' });
    saveOnboardingDraft('42', 'about', { name: 'Pizza Loco' });
    const { actor, send } = start();
    send({ type: 'step.open', step: 'launch' }, { type: 'onboarding.launch' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(loadOnboardingDraft('42', 'location')).toBeNull();
    expect(loadOnboardingDraft('42', 'about')).toBeNull();
  });
});
