/**
 * Onboarding, every form step alike: opening it from the address, a load that fails or is still
 * under way, Try again, a save the server refuses, what still works after it (an edit, the zip
 * pills, the hours rules, Next again) and Skip and Back from each of those. The view's model
 * paths (tests/views/onboarding/onboarding.view.test.tsx) show each of these on one or two
 * representative steps; here every step is held to them, with what the server received and
 * what the owner's form and draft hold. Each answer of the fake server is one its contract
 * accepts, and each request it receives is checked against the real server's contract
 * (provideChecked).
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_ABOUT,
  DEFAULT_ADDITIONAL,
  DEFAULT_CONTACTS,
  DEFAULT_DELIVERY,
  DEFAULT_HOURS,
  DEFAULT_LOCATION,
  ONBOARDING_STEP_BODIES,
  type OnboardingStepAnswers,
} from '#contracts/onboarding';
import { parseWith } from '#contracts/shared/validation';
import { emptyForms, type OnboardingForms } from '#src/machines/onboarding/onboarding-forms';
import { onboardingMachine, type OnboardingEvent, type StepLoad, type StepSave } from '#src/machines/onboarding/onboarding.machine';
import { FORM_STEPS, ONBOARDING_STEPS, stepAfter, stepBefore, type FormStep } from '#src/machines/onboarding/onboarding-steps';
import { ApiError } from '#src/services/shared/api';
import { loadOnboardingDraft } from '#src/services/onboarding/onboarding-draft';
import { provideChecked } from '../../support/contract-double';
import { fakeProgress } from './onboarding-progress';

const input = { restaurantId: '42', host: 'order.example.com' };
const UNAVAILABLE = 'The service is temporarily unavailable.';
const unavailable = () => new ApiError(UNAVAILABLE, { status: 503, code: 'unavailable' });

/** A special day the saved hours hold: closed, far enough ahead to stay a coming one. */
const CHRISTMAS = { date: '2030-12-25', closed: true, open_time: null, close_time: null, note: 'Christmas' };

/** What the server holds for each step: answers its contract accepts, each unlike the defaults. */
const SAVED: OnboardingStepAnswers = {
  location: { ...DEFAULT_LOCATION, zip_code: '10012', city: 'New York', state: 'NY' },
  about: { ...DEFAULT_ABOUT, name: 'Pizza Loco', slug: 'pizza-loco' },
  delivery: { ...DEFAULT_DELIVERY, delivery_eta_to: 40, zip_codes: ['10012'] },
  hours: {
    ...DEFAULT_HOURS,
    hours: DEFAULT_HOURS.hours.map((day) => (day.day_of_week === 1 ? { ...day, closed: false, open_time: '09:00', close_time: '17:00' } : day)),
    special_days: [CHRISTMAS],
  },
  additional: { selections: { ...DEFAULT_ADDITIONAL.selections, offerings: ['Vegan'] } },
  contacts: { ...DEFAULT_CONTACTS, restaurant_phone: '212 555 0100' },
};

type Server = {
  saved: Partial<Record<FormStep, unknown>>;
  loads: FormStep[];
  puts: StepSave[];
  /** How many of the next loads fail with UNAVAILABLE. */
  failLoads: number;
  /** The next load answers only when the test calls `release` (one load only). */
  holdNextLoad: boolean;
  release: () => void;
  /** The next saves fail with UNAVAILABLE while true. */
  refuseSaves: boolean;
};

function start() {
  const server: Server = { saved: { ...SAVED }, loads: [], puts: [], failLoads: 0, holdNextLoad: false, release: () => {}, refuseSaves: false };
  const actor = createActor(
    provideChecked(onboardingMachine, {
      actors: {
        loadStep: fromPromise<StepLoad, { restaurantId: string; step: FormStep }>(async ({ input: { restaurantId, step } }) => {
          server.loads.push(step);
          if (server.holdNextLoad) {
            server.holdNextLoad = false;
            await new Promise<void>((resolve) => {
              server.release = resolve;
            });
          }
          if (server.failLoads > 0) {
            server.failLoads -= 1;
            throw unavailable();
          }
          // The answer as the server's contract reads it: a fake answer it would not give fails here.
          const saved = parseWith(ONBOARDING_STEP_BODIES[step] as Parameters<typeof parseWith>[0], server.saved[step]);
          return { saved, draft: loadOnboardingDraft(restaurantId, step) };
        }),
        saveStep: fromPromise<unknown, StepSave>(async ({ input: save }) => {
          server.puts.push(save);
          if (server.refuseSaves) throw unavailable();
          server.saved[save.step] = save.body;
          return save.body;
        }),
        uploadLogo: fromPromise<string, { file: File | Blob }>(async () => '/uploads/logo-2.png'),
        loadProgress: fakeProgress(() => server.saved),
      },
    }),
    { input },
  ).start();
  const send = (...events: OnboardingEvent[]) => events.forEach((event) => actor.send(event));
  const value = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  const at = (step: string, phase?: string) =>
    waitFor(actor, (snapshot) => JSON.stringify(snapshot.value) === JSON.stringify(phase === undefined ? step : { [step]: phase }), { timeout: 2_000 });
  return { actor, send, value, context, at, server };
}

/** Where a move leads: a form step starts loading, Launch is ready at once. */
const entered = (step: string) => (step === 'launch' ? { launch: 'ready' } : { [step]: 'loading' });
/** And where it rests once the (working) server answered. */
const settledOn = (step: string): [string, string] => (step === 'launch' ? ['launch', 'ready'] : [step, 'editing']);

type Started = ReturnType<typeof start>;

async function editing(step: FormStep, started: Started = start()) {
  started.send({ type: 'step.open', step });
  await started.at(step, 'editing');
  return started;
}

/** The step open with the saved values, Next pressed, the server refusing: saveFailed. */
async function refusedSave(step: FormStep) {
  const started = await editing(step);
  started.server.refuseSaves = true;
  started.send({ type: 'step.next' });
  await started.at(step, 'saveFailed');
  return started;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('onboarding: the step the address names', () => {
  for (const step of ONBOARDING_STEPS) {
    it(`opens ${step} from the start and shows what the server holds for it`, async () => {
      const { send, value, at, context, server } = start();
      expect(value()).toBe('idle');
      send({ type: 'step.open', step });
      expect(value()).toEqual(entered(step));
      await at(...settledOn(step));
      if (step === 'launch') {
        expect(server.loads).toEqual([]);
        return;
      }
      expect(server.loads).toEqual([step]);
      expect(context().forms[step]).toEqual(SAVED[step]);
      expect(context().error).toBeNull();
    });
  }
});

describe('onboarding: a step that does not load', () => {
  for (const step of FORM_STEPS) {
    it(`${step}: shows the server's sentence and no values; Try again loads the saved ones`, async () => {
      const { send, value, at, context, server } = start();
      server.failLoads = 1;
      send({ type: 'step.open', step });
      await at(step, 'failed');
      expect(context().error).toBe(UNAVAILABLE);
      expect(context().forms[step]).toEqual(emptyForms()[step]);
      send({ type: 'step.retry' });
      expect(value()).toEqual({ [step]: 'loading' });
      expect(context().error).toBeNull();
      await at(step, 'editing');
      expect(context().forms[step]).toEqual(SAVED[step]);
      expect(server.loads).toEqual([step, step]);
      expect(server.puts).toEqual([]);
    });

    it(`${step}: Skip from a failed load goes on to ${stepAfter(step)} without saving`, async () => {
      const { send, value, at, context, server } = start();
      server.failLoads = 1;
      send({ type: 'step.open', step });
      await at(step, 'failed');
      send({ type: 'step.skip' });
      expect(value()).toEqual(entered(stepAfter(step)));
      expect(context().error).toBeNull();
      await at(...settledOn(stepAfter(step)));
      expect(server.puts).toEqual([]);
    });

    const before = stepBefore(step);
    it(
      before === null
        ? `${step}: Back from a failed load is the view's (it leaves the onboarding); the machine stays`
        : `${step}: Back from a failed load returns to ${before} without saving`,
      async () => {
        const { send, value, at, context, server } = start();
        server.failLoads = 1;
        send({ type: 'step.open', step });
        await at(step, 'failed');
        send({ type: 'step.back' });
        if (before === null) {
          expect(value()).toEqual({ [step]: 'failed' });
          expect(context().error).toBe(UNAVAILABLE);
          return;
        }
        expect(value()).toEqual({ [before]: 'loading' });
        await at(before, 'editing');
        expect(context().forms[before as FormStep]).toEqual(SAVED[before as FormStep]);
        expect(server.puts).toEqual([]);
      },
    );
  }
});

describe('onboarding: moving on while a step still loads', () => {
  for (const step of FORM_STEPS) {
    it(`${step}: Skip and Back leave it at once, and its late answer changes nothing`, async () => {
      const skipped = start();
      skipped.server.holdNextLoad = true;
      skipped.send({ type: 'step.open', step });
      expect(skipped.value()).toEqual({ [step]: 'loading' });
      skipped.send({ type: 'step.skip' });
      expect(skipped.value()).toEqual(entered(stepAfter(step)));
      await skipped.at(...settledOn(stepAfter(step)));
      skipped.server.release();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(skipped.value()).toEqual(Object.fromEntries([settledOn(stepAfter(step))]));
      expect(skipped.context().forms[step]).toEqual(emptyForms()[step]);

      const back = start();
      back.server.holdNextLoad = true;
      back.send({ type: 'step.open', step }, { type: 'step.back' });
      const before = stepBefore(step);
      // The first step's Back is the view's: it leaves the onboarding.
      expect(back.value()).toEqual(before === null ? { [step]: 'loading' } : { [before]: 'loading' });
      if (before !== null) {
        back.server.release();
        await back.at(before, 'editing');
        expect(back.context().forms[step]).toEqual(emptyForms()[step]);
      }
      expect([...skipped.server.puts, ...back.server.puts]).toEqual([]);
    });
  }
});

/**
 * An edit the owner can make after a refused save, per step, and what the form then holds. The
 * zip pills leave the last sentence in the context (`keepsError`): the view shows it only after a
 * refused save, so back in the form the alert is gone all the same.
 */
type Edit = { name: string; events: OnboardingEvent[]; holds: (form: OnboardingForms) => unknown; expected: unknown; keepsError?: true };
const EDITS: Record<FormStep, Edit[]> = {
  location: [
    {
      name: 'a typed city',
      events: [{ type: 'field.change', step: 'location', patch: { city: 'Brooklyn' } }],
      holds: (form) => form.location.city,
      expected: 'Brooklyn',
    },
  ],
  about: [
    {
      name: 'a typed store URL',
      events: [{ type: 'field.change', step: 'about', patch: { slug: 'Pizza Loco NYC' } }],
      holds: (form) => form.about.slug,
      expected: 'pizzaloconyc',
    },
  ],
  delivery: [
    {
      name: 'a typed estimate',
      events: [{ type: 'field.change', step: 'delivery', patch: { delivery_eta_to: 45 } }],
      holds: (form) => form.delivery.delivery_eta_to,
      expected: 45,
    },
    {
      name: 'a zip pill added',
      events: [{ type: 'zip.add', value: '10013' }],
      holds: (form) => form.delivery.zip_codes,
      expected: ['10012', '10013'],
      keepsError: true,
    },
    { name: 'a zip pill removed', events: [{ type: 'zip.remove', value: '10012' }], holds: (form) => form.delivery.zip_codes, expected: [], keepsError: true },
  ],
  hours: [
    {
      name: 'the whole week given at once',
      events: [{ type: 'field.change', step: 'hours', patch: { hours: DEFAULT_HOURS.hours } }],
      holds: (form) => form.hours.hours[0]!.closed,
      expected: true,
    },
    {
      name: '24/7 turned on',
      events: [{ type: 'hours.open247', on: true }],
      holds: (form) => [form.hours.open_247, form.hours.hours[0]!.open_time],
      expected: [true, null],
    },
    { name: '“closed between” turned on', events: [{ type: 'hours.closedWithin', on: true }], holds: (form) => form.hours.closed_within, expected: true },
    {
      name: 'Tuesday closed',
      events: [{ type: 'hours.dayClosed', day: 2, closed: true }],
      holds: (form) => form.hours.hours[1],
      expected: { day_of_week: 2, closed: true, open_time: null, break_start: null, reopen_time: null, close_time: null },
    },
    {
      name: 'Monday closing later',
      events: [{ type: 'hours.time', day: 1, field: 'close_time', time: '22:00' }],
      holds: (form) => form.hours.hours[0]!.close_time,
      expected: '22:00',
    },
    {
      name: 'another time zone',
      events: [{ type: 'hours.timeZone', zone: 'America/Chicago' }],
      holds: (form) => form.hours.time_zone,
      expected: 'America/Chicago',
    },
    {
      name: 'a special day added',
      events: [{ type: 'hours.specialDayAdd' }],
      holds: (form) => form.hours.special_days,
      expected: [CHRISTMAS, { date: '', closed: true, open_time: null, close_time: null, note: '' }],
    },
    {
      name: 'a special day opened',
      events: [{ type: 'hours.specialDayChange', index: 0, patch: { closed: false } }],
      holds: (form) => form.hours.special_days,
      expected: [{ ...CHRISTMAS, closed: false, open_time: '08:00', close_time: '20:00' }],
    },
    { name: 'a special day removed', events: [{ type: 'hours.specialDayRemove', index: 0 }], holds: (form) => form.hours.special_days, expected: [] },
  ],
  additional: [
    {
      name: 'a choice ticked',
      events: [{ type: 'field.change', step: 'additional', patch: { selections: { ...DEFAULT_ADDITIONAL.selections, crowd: ['Family'] } } }],
      holds: (form) => form.additional.selections.crowd,
      expected: ['Family'],
    },
  ],
  contacts: [
    {
      name: 'a typed mobile phone',
      events: [{ type: 'field.change', step: 'contacts', patch: { mobile_phone: '917 555 0103' } }],
      holds: (form) => form.contacts.mobile_phone,
      expected: '917 555 0103',
    },
  ],
};

describe('onboarding: a save the server refuses', () => {
  for (const step of FORM_STEPS) {
    it(`${step}: keeps the values and the sentence; Next sends the same body again and moves on`, async () => {
      const { send, value, at, context, server } = await refusedSave(step);
      expect(context().error).toBe(UNAVAILABLE);
      expect(context().forms[step]).toEqual(SAVED[step]);
      expect(server.saved[step]).toEqual(SAVED[step]);
      expect(server.puts).toHaveLength(1);
      server.refuseSaves = false;
      delete server.saved[step];
      send({ type: 'step.next' });
      expect(value()).toEqual({ [step]: 'saving' });
      expect(context().error).toBeNull();
      await at(...settledOn(stepAfter(step)));
      expect(server.puts).toHaveLength(2);
      expect(server.puts[1]).toEqual(server.puts[0]);
      expect(server.saved[step]).toEqual(server.puts[0]!.body);
    });

    it(`${step}: Skip goes on to ${stepAfter(step)} and Back to ${stepBefore(step) ?? 'nowhere (the view leaves)'}, saving nothing`, async () => {
      const skipped = await refusedSave(step);
      skipped.server.refuseSaves = false;
      skipped.send({ type: 'step.skip' });
      expect(skipped.value()).toEqual(entered(stepAfter(step)));
      await skipped.at(...settledOn(stepAfter(step)));
      expect(skipped.server.puts).toHaveLength(1);

      const back = await refusedSave(step);
      back.send({ type: 'step.back' });
      const before = stepBefore(step);
      expect(back.value()).toEqual(before === null ? { [step]: 'saveFailed' } : { [before]: 'loading' });
      if (before !== null) await back.at(before, 'editing');
      expect(back.server.puts).toHaveLength(1);
    });

    for (const edit of EDITS[step]) {
      it(`${step}: ${edit.name} reopens the form and is kept in the draft`, async () => {
        const { send, value, context, server } = await refusedSave(step);
        send(...edit.events);
        expect(value()).toEqual({ [step]: 'editing' });
        expect(context().error).toBe(edit.keepsError ? UNAVAILABLE : null);
        expect(edit.holds(context().forms)).toEqual(edit.expected);
        expect(loadOnboardingDraft('42', step)).toEqual(context().forms[step]);
        expect(server.puts).toHaveLength(1);
      });
    }
  }

  it('about: a logo chosen after a refused save is uploaded, and the form is open with it', async () => {
    const { send, value, at, context } = await refusedSave('about');
    send({ type: 'logo.upload', file: new Blob(['png']) });
    expect(value()).toEqual({ about: 'uploading' });
    await at('about', 'editing');
    expect(context().forms.about).toEqual({ ...SAVED.about, logo_url: '/uploads/logo-2.png' });
    expect(loadOnboardingDraft('42', 'about')).toEqual(context().forms.about);
  });

  it('hours: the day rules are refused while 24/7 is on, after a refused save too; 24/7 off reopens the form', async () => {
    const { send, value, at, context, server } = await editing('hours');
    send({ type: 'hours.open247', on: true });
    server.refuseSaves = true;
    send({ type: 'step.next' });
    await at('hours', 'saveFailed');
    const refused = context().forms.hours;
    send(
      { type: 'hours.closedWithin', on: true },
      { type: 'hours.dayClosed', day: 2, closed: true },
      { type: 'hours.time', day: 2, field: 'open_time', time: '09:00' },
    );
    expect(value()).toEqual({ hours: 'saveFailed' });
    expect(context().forms.hours).toEqual(refused);
    expect(context().error).toBe(UNAVAILABLE);
    send({ type: 'hours.open247', on: false });
    expect(value()).toEqual({ hours: 'editing' });
    expect(context().forms.hours.hours[1]).toMatchObject({ closed: false, open_time: '08:00', close_time: '20:00' });
    expect(context().error).toBeNull();
  });
});

describe('onboarding: Next refused by the step’s own rules', () => {
  it('delivery: an estimate “to” below “from” is named next to it, and nothing is sent', async () => {
    const { send, value, context, server } = await editing('delivery');
    send({ type: 'field.change', step: 'delivery', patch: { delivery_eta_from: 50 } }, { type: 'step.next' });
    expect(value()).toEqual({ delivery: 'editing' });
    expect(context().fieldErrors).toEqual({ delivery_eta_to: 'The delivery estimate “to” must not be below “from”.' });
    expect(server.puts).toEqual([]);
  });

  it('additional: a choice the step does not offer is named, and nothing is sent', async () => {
    const { send, value, context, server } = await editing('additional');
    send(
      { type: 'field.change', step: 'additional', patch: { selections: { ...DEFAULT_ADDITIONAL.selections, crowd: ['Aliens' as 'Family'] } } },
      { type: 'step.next' },
    );
    expect(value()).toEqual({ additional: 'editing' });
    expect(Object.values(context().fieldErrors)).toEqual([expect.stringContaining('“Aliens” is not a choice of Crowd')]);
    expect(server.puts).toEqual([]);
  });
});

describe('onboarding: the hours form', () => {
  it('takes the zone and the special days with 24/7 on too (a place open around the clock still closes on holidays), in the form and the draft', async () => {
    const { send, value, context } = await editing('hours');
    send(
      { type: 'hours.open247', on: true },
      { type: 'hours.timeZone', zone: 'Europe/London' },
      { type: 'hours.specialDayAdd' },
      { type: 'hours.specialDayChange', index: 1, patch: { date: '2030-12-26', note: 'Boxing Day' } },
      { type: 'hours.specialDayRemove', index: 0 },
    );
    expect(value()).toEqual({ hours: 'editing' });
    expect(context().forms.hours).toMatchObject({
      open_247: true,
      time_zone: 'Europe/London',
      special_days: [{ date: '2030-12-26', closed: true, open_time: null, close_time: null, note: 'Boxing Day' }],
    });
    expect(loadOnboardingDraft('42', 'hours')).toEqual(context().forms.hours);
  });

  it('takes the whole week at once (a restored week), in the form and the draft', async () => {
    const { send, context } = await editing('hours');
    send({ type: 'field.change', step: 'hours', patch: { hours: DEFAULT_HOURS.hours } });
    expect(context().forms.hours.hours).toEqual(DEFAULT_HOURS.hours);
    expect(loadOnboardingDraft('42', 'hours')).toMatchObject({ hours: DEFAULT_HOURS.hours });
  });
});
