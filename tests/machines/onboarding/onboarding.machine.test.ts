import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ABOUT, DEFAULT_LOCATION, ONBOARDING_DEFAULTS, ONBOARDING_MESSAGES } from '#contracts/onboarding';
import { emptyForms } from '#src/machines/onboarding/onboarding-forms';
import { onboardingMachine, type OnboardingEvent, type StepLoad, type StepSave } from '#src/machines/onboarding/onboarding.machine';
import { machineStep } from './machine-step';
import { FORM_STEPS, ONBOARDING_STEPS, type FormStep } from '#src/machines/onboarding/onboarding-steps';
import { loadOnboardingDraft, saveOnboardingDraft } from '#src/services/onboarding/onboarding-draft';
import { measurePathCoverage, type PathCoverageOptions, type PathCoverageReport } from '../../support/path-coverage';
import { provideChecked } from '../../support/contract-double';
import { stateTags } from '../../support/state-tags';
import { fakeProgress } from './onboarding-progress';

const HOST = 'order.example.com';
const input = { restaurantId: '42', host: HOST };

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output });
const failure = (id: string, message: string) => ({ type: `xstate.error.actor.${id}`, actorId: id, error: new Error(message) });

describe('onboarding machine: path coverage', () => {
  const forms = emptyForms();
  // Loads answer the defaults: location and about are then invalid (empty), so Next shows the
  // sentences there, and saves on the other steps.
  const moves: OnboardingEvent[] = [
    ...ONBOARDING_STEPS.map((step) => ({ type: 'step.open', step }) as OnboardingEvent),
    { type: 'step.next' },
    { type: 'step.skip' },
    { type: 'step.back' },
    { type: 'step.retry' },
    { type: 'onboarding.launch' },
  ];
  const answers = [
    done('loadStep', { saved: ONBOARDING_DEFAULTS.location, draft: null } satisfies StepLoad),
    failure('loadStep', 'HTTP 503'),
    done('saveStep', {}),
    failure('saveStep', 'Slug taken.'),
    done('uploadLogo', '/uploads/logo.png'),
    failure('uploadLogo', 'Not an image.'),
    done('launchOnboarding', { id: 42, launched: true }),
    done('loadProgress', { id: 42, launched: false, progress: { ...Object.fromEntries(ONBOARDING_STEPS.map((step) => [step, false])), location: true } }),
    failure('launchOnboarding', 'Save the location first.'),
    { type: 'logo.upload', file: new Blob(['png']) },
  ];
  // The forms of all six steps live in one context, so edits on every step at once multiply
  // the snapshots beyond reach. One walk moves between all steps with neutral edits; then one
  // short walk per step's edits opens only that step (Next and Retry still run, so its
  // checks, save and save failure are taken) instead of walking the whole rail again.
  const edits: Record<FormStep, OnboardingEvent[]> = {
    location: [{ type: 'field.change', step: 'location', patch: { zip_code: '10001', city: 'New York', state: 'NY' } }],
    about: [{ type: 'field.change', step: 'about', patch: { name: 'Pizza Loco', slug: 'Pizza Loco!' } }],
    delivery: [
      { type: 'field.change', step: 'delivery', patch: { delivery_eta_from: 45 } },
      { type: 'zip.add', value: '10001' },
      { type: 'zip.remove', value: '10001' },
    ],
    hours: [
      { type: 'field.change', step: 'hours', patch: { hours: forms.hours.hours } },
      { type: 'hours.open247', on: true },
      { type: 'hours.open247', on: false },
      { type: 'hours.closedWithin', on: true },
      { type: 'hours.dayClosed', day: 1, closed: false },
      // Closing when it opens: the contract refuses it, so Next shows the sentence.
      { type: 'hours.time', day: 2, field: 'close_time', time: '08:00' },
    ],
    additional: [{ type: 'field.change', step: 'additional', patch: { selections: { ...forms.additional.selections, crowd: ['Aliens' as 'Family'] } } }],
    contacts: [{ type: 'field.change', step: 'contacts', patch: { restaurant_phone: '555 0100' } }],
  };

  // Every other walk still needs a payload for each event type (the walk would otherwise send
  // them bare); these change nothing: an empty zip is ignored, an unknown day or a time off the
  // grid is refused, an empty patch edits nothing.
  const neutral: OnboardingEvent[] = [
    ...FORM_STEPS.map((step) => ({ type: 'field.change', step, patch: {} }) as OnboardingEvent),
    { type: 'zip.add', value: ' ' },
    { type: 'zip.remove', value: 'none' },
    { type: 'hours.open247', on: false },
    { type: 'hours.closedWithin', on: false },
    { type: 'hours.dayClosed', day: 9, closed: true },
    { type: 'hours.time', day: 2, field: 'open_time', time: '08:07' },
    { type: 'hours.timeZone', zone: 'Nowhere/Zone' },
    { type: 'hours.specialDayChange', index: 99, patch: {} },
    { type: 'hours.specialDayRemove', index: 99 },
  ];
  // Adding a special day always changes the form: only the special days' walk sends it.
  const growing: OnboardingEvent['type'][] = ['hours.specialDayAdd'];
  const walk = (focus: OnboardingEvent[], options: Omit<PathCoverageOptions, 'input' | 'events'> = {}) => {
    const types = new Set(focus.map((event) => event.type));
    const rest = neutral.filter((event) => !types.has(event.type));
    const skip = growing.filter((type) => !types.has(type));
    // Which steps were saved only draws the rail's check marks: no transition depends on it.
    return measurePathCoverage(onboardingMachine, {
      input,
      events: [...answers, ...rest, ...focus],
      limit: 20_000,
      historyOnly: ['savedSteps'],
      skip,
      ...options,
    });
  };
  // A step's edit walk opens that step and ends wherever it leaves it (a save, Back, Skip).
  const stayingOn = (step: FormStep, stepEdits = edits[step]) =>
    walk([{ type: 'step.open', step }, ...stepEdits], {
      within: (snapshot) => {
        const at = machineStep(snapshot.value);
        const oneSpecialDay = (snapshot.context as { forms: { hours: { special_days: unknown[] } } }).forms.hours.special_days.length <= 1;
        return (at === null || at === step) && oneSpecialDay;
      },
    });

  it('reaches every state and transition: each step’s load, failure, save, save failure, upload and launch', () => {
    // The zone and the special days walk the hours step apart from the week's edits, which would
    // multiply their snapshots; each add makes a new form, so it stops beyond one special day.
    const specialDays: OnboardingEvent[] = [
      { type: 'hours.timeZone', zone: 'America/Chicago' },
      { type: 'hours.specialDayAdd' },
      { type: 'hours.specialDayChange', index: 0, patch: { closed: false } },
      { type: 'hours.specialDayRemove', index: 0 },
    ];
    const reports = [walk(moves), ...FORM_STEPS.map((step) => stayingOn(step)), stayingOn('hours', specialDays)];
    const reached = (pick: (report: PathCoverageReport) => string[]) => new Set(reports.flatMap(pick));
    const states = reached((report) => report.states.reached);
    const transitions = reached((report) => report.transitions.reached);
    const { all } = reports[0]!.states;
    expect(all.filter((state) => !states.has(state))).toEqual([]);
    expect(reports[0]!.transitions.all.filter((transition) => !transitions.has(transition))).toEqual([]);
    for (const step of FORM_STEPS) {
      expect([...states]).toEqual(expect.arrayContaining([`${step}.loading`, `${step}.failed`, `${step}.editing`, `${step}.saving`, `${step}.saveFailed`]));
    }
    expect([...states]).toEqual(expect.arrayContaining(['about.uploading', 'launch.ready', 'launch.launching', 'launch.failed', 'done']));
  });
});

// ---------------------------------------------------------------------------------------------
// Behaviour, with the real machine and its effects replaced.

type Server = {
  saved: Partial<Record<FormStep, unknown>>;
  puts: StepSave[];
  refuse?: string;
  launchRefusal?: string;
  progressFails?: boolean;
};

function start(server: Server = { saved: {}, puts: [] }) {
  const actor = createActor(
    provideChecked(onboardingMachine, {
      actors: {
        loadStep: fromPromise<StepLoad, { restaurantId: string; step: FormStep }>(async ({ input: { restaurantId, step } }) => ({
          saved: server.saved[step] ?? ONBOARDING_DEFAULTS[step],
          draft: loadOnboardingDraft(restaurantId, step),
        })),
        saveStep: fromPromise<unknown, StepSave>(async ({ input: save }) => {
          server.puts.push(save);
          if (server.refuse) throw new Error(`HTTP 409: {"detail":"${server.refuse}","code":"slug_taken","fields":{"slug":"${server.refuse}"}}`);
          server.saved[save.step] = save.body;
          return save.body;
        }),
        uploadLogo: fromPromise<string, { file: File | Blob }>(async () => '/uploads/abc.png'),
        launchOnboarding: fromPromise<unknown, { restaurantId: string }>(async () => {
          if (server.launchRefusal) throw new Error(server.launchRefusal);
          return { id: 42, launched: true };
        }),
        loadProgress: fakeProgress(
          () => server.saved,
          () => server.progressFails === true,
        ),
      },
    }),
    { input },
  ).start();
  const send = (...events: OnboardingEvent[]) => events.forEach((event) => actor.send(event));
  const settled = () =>
    waitFor(
      actor,
      (snapshot) =>
        !['loading', 'saving', 'uploading', 'launching'].some((sub) => typeof snapshot.value === 'object' && Object.values(snapshot.value).includes(sub)),
    );
  return { actor, send, settled, server };
}

const isAt = (value: unknown, step: string, phase: string) => JSON.stringify(value) === JSON.stringify({ [step]: phase });

beforeEach(() => localStorage.clear());

describe('onboarding machine: behaviour', () => {
  it('waits for the address, then loads the step it names', async () => {
    const { actor, send, settled } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    send({ type: 'step.open', step: 'hours' });
    await settled();
    expect(actor.getSnapshot().value).toEqual({ hours: 'editing' });
    expect(machineStep(actor.getSnapshot().value)).toBe('hours');
  });

  it('refuses an empty location with the spec sentence and saves nothing', async () => {
    const { actor, send, settled, server } = start();
    send({ type: 'step.open', step: 'location' });
    await settled();
    send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toEqual({ location: 'editing' });
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject({
      zip_code: ONBOARDING_MESSAGES.location,
      city: ONBOARDING_MESSAGES.location,
      state: ONBOARDING_MESSAGES.location,
    });
    expect(server.puts).toEqual([]);
    send({ type: 'field.change', step: 'location', patch: { city: 'Austin' } });
    expect(actor.getSnapshot().context.fieldErrors.city).toBeUndefined();
  });

  it('saves on Next (trimmed by the contract), forgets the draft and moves to the next step', async () => {
    const { actor, send, settled, server } = start();
    send({ type: 'step.open', step: 'location' });
    await settled();
    send({ type: 'field.change', step: 'location', patch: { street: ' 1 Main St ', zip_code: '73301', city: 'Austin', state: 'tx' } });
    expect(loadOnboardingDraft('42', 'location')).toMatchObject({ city: 'Austin' });
    send({ type: 'step.next' });
    await waitFor(actor, (snapshot) => machineStep(snapshot.value) === 'about');
    expect(server.puts[0]).toEqual({
      restaurantId: '42',
      step: 'location',
      body: { ...DEFAULT_LOCATION, street: '1 Main St', zip_code: '73301', city: 'Austin', state: 'TX' },
    });
    expect(loadOnboardingDraft('42', 'location')).toBeNull();
  });

  it('sanitises the store URL as typed and names the host when it is empty', async () => {
    const { actor, send, settled } = start();
    send({ type: 'step.open', step: 'about' });
    await settled();
    send({ type: 'field.change', step: 'about', patch: { slug: 'Pizza Loco #1' } });
    expect(actor.getSnapshot().context.forms.about.slug).toBe('pizzaloco1');
    send({ type: 'field.change', step: 'about', patch: { slug: '!!' } }, { type: 'step.next' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      name: ONBOARDING_MESSAGES.name,
      slug: ONBOARDING_MESSAGES.slug(HOST),
    });
  });

  it('keeps the typed values and the server’s sentence when a save fails, and retries on Next', async () => {
    const server: Server = { saved: {}, puts: [], refuse: 'This store URL is taken.' };
    const { actor, send, settled } = start(server);
    send({ type: 'step.open', step: 'about' });
    await settled();
    send({ type: 'field.change', step: 'about', patch: { name: 'Pizza Loco', slug: 'pizza' } }, { type: 'step.next' });
    await settled();
    const failed = actor.getSnapshot();
    expect(failed.value).toEqual({ about: 'saveFailed' });
    expect(failed.context.error).toBe('This store URL is taken.');
    expect(failed.context.fieldErrors).toEqual({ slug: 'This store URL is taken.' });
    expect(failed.context.forms.about).toEqual({ ...DEFAULT_ABOUT, name: 'Pizza Loco', slug: 'pizza' });
    server.refuse = undefined;
    send({ type: 'step.next' });
    await waitFor(actor, (snapshot) => machineStep(snapshot.value) === 'delivery');
    expect(server.puts).toHaveLength(2);
  });

  it('restores a draft over what was saved, after a reload', async () => {
    saveOnboardingDraft('42', 'contacts', { ...ONBOARDING_DEFAULTS.contacts, mobile_phone: '555 0199' });
    const { actor, send, settled } = start({ saved: { contacts: { ...ONBOARDING_DEFAULTS.contacts, restaurant_phone: '555 0100' } }, puts: [] });
    send({ type: 'step.open', step: 'contacts' });
    await settled();
    expect(actor.getSnapshot().context.forms.contacts.mobile_phone).toBe('555 0199');
  });

  it('says a step shows a draft only when the draft differs from what the server holds (issue 27)', async () => {
    const saved = { ...ONBOARDING_DEFAULTS.contacts, restaurant_phone: '555 0100' };
    const { actor, send, settled } = start({ saved: { contacts: saved, about: ONBOARDING_DEFAULTS.about }, puts: [] });
    send({ type: 'step.open', step: 'contacts' });
    await settled();
    expect(actor.getSnapshot().context.fromDraft).toBe(false);
    // Typed, then Skip and Back: the typed value comes back, marked as a draft.
    send({ type: 'field.change', step: 'contacts', patch: { mobile_phone: '555 0199' } }, { type: 'step.skip' }, { type: 'step.back' });
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ fromDraft: true, forms: { contacts: { mobile_phone: '555 0199' } } });
    // A change typed and undone is no draft; nor is a step the owner never touched.
    send({ type: 'field.change', step: 'contacts', patch: { mobile_phone: '' } }, { type: 'step.skip' }, { type: 'step.back' });
    await settled();
    expect(actor.getSnapshot().context.fromDraft).toBe(false);
    send({ type: 'step.open', step: 'about' });
    await settled();
    expect(actor.getSnapshot().context.fromDraft).toBe(false);
  });

  it('lists on the launch step the steps the server holds nothing for, and none when it cannot tell', async () => {
    const server: Server = { saved: { location: ONBOARDING_DEFAULTS.location, hours: ONBOARDING_DEFAULTS.hours }, puts: [] };
    const { actor, send } = start(server);
    send({ type: 'step.open', step: 'launch' });
    await waitFor(actor, (snapshot) => snapshot.context.unsavedSteps !== null);
    expect(actor.getSnapshot().context.unsavedSteps).toEqual(['about', 'delivery', 'additional', 'contacts']);
    // Back and again: read afresh, and an unreadable answer leaves no stale list.
    server.progressFails = true;
    send({ type: 'step.back' }, { type: 'step.open', step: 'launch' });
    expect(actor.getSnapshot().value).toEqual({ launch: 'ready' });
    await expect(toPromise(actor.getSnapshot().children.loadProgress!)).rejects.toThrow('HTTP 503');
    expect(actor.getSnapshot().value).toEqual({ launch: 'ready' });
    expect(actor.getSnapshot().context.unsavedSteps).toBeNull();
    server.progressFails = false;
    send({ type: 'onboarding.launch' });
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
  });

  it('shows what was saved when a step is opened again', async () => {
    const { actor, send, settled } = start({ saved: { contacts: { ...ONBOARDING_DEFAULTS.contacts, restaurant_phone: '555 0100' } }, puts: [] });
    send({ type: 'step.open', step: 'contacts' });
    await settled();
    expect(actor.getSnapshot().context.forms.contacts.restaurant_phone).toBe('555 0100');
  });

  it('skips without saving (delivery to hours, hours to additional) and goes back', async () => {
    const { actor, send, settled, server } = start();
    send({ type: 'step.open', step: 'delivery' });
    await settled();
    send({ type: 'step.skip' });
    expect(machineStep(actor.getSnapshot().value)).toBe('hours');
    await settled();
    send({ type: 'step.skip' });
    expect(machineStep(actor.getSnapshot().value)).toBe('additional');
    send({ type: 'step.back' });
    expect(machineStep(actor.getSnapshot().value)).toBe('hours');
    expect(server.puts).toEqual([]);
  });

  it('applies the zip pill rules', async () => {
    const { actor, send, settled } = start();
    send({ type: 'step.open', step: 'delivery' });
    await settled();
    send(
      { type: 'zip.add', value: ' 10001 ' },
      { type: 'zip.add', value: '   ' },
      { type: 'zip.add', value: '10001' },
      { type: 'zip.add', value: '10002' },
      { type: 'zip.remove', value: '10001' },
    );
    expect(actor.getSnapshot().context.forms.delivery.zip_codes).toEqual(['10002']);
  });

  it('shows the upload failure as “Upload failed: …” and keeps the form', async () => {
    const { actor, send, settled } = start();
    const failing = createActor(
      provideChecked(onboardingMachine, {
        actors: {
          loadStep: fromPromise<StepLoad, { restaurantId: string; step: FormStep }>(async () => ({ saved: ONBOARDING_DEFAULTS.about, draft: null })),
          uploadLogo: fromPromise<string, { file: File | Blob }>(async () => {
            throw new Error('HTTP 415: {"detail":"Not an image.","code":"x"}');
          }),
        },
      }),
      { input },
    ).start();
    failing.send({ type: 'step.open', step: 'about' });
    await waitFor(failing, (snapshot) => isAt(snapshot.value, 'about', 'editing'));
    failing.send({ type: 'logo.upload', file: new Blob(['x']) });
    const after = await waitFor(failing, (snapshot) => isAt(snapshot.value, 'about', 'editing') && snapshot.context.logoError !== null);
    expect(after.context.logoError).toBe('Upload failed: Not an image.');
    // And the working one stores the address the server answered.
    send({ type: 'step.open', step: 'about' });
    await settled();
    send({ type: 'logo.upload', file: new Blob(['png']) });
    await settled();
    expect(actor.getSnapshot().context.forms.about.logo_url).toBe('/uploads/abc.png');
  });

  it('launches, or shows the server’s refusal and stays', async () => {
    saveOnboardingDraft('42', 'hours', {});
    const server: Server = { saved: {}, puts: [], launchRefusal: 'Save the location before launching.' };
    const { actor, send, settled } = start(server);
    send({ type: 'step.open', step: 'launch' }, { type: 'onboarding.launch' });
    await settled();
    expect(actor.getSnapshot().value).toEqual({ launch: 'failed' });
    expect(actor.getSnapshot().context.error).toBe('Save the location before launching.');
    server.launchRefusal = undefined;
    send({ type: 'onboarding.launch' });
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
    expect(loadOnboardingDraft('42', 'hours')).toBeNull();
  });
  it('emits what the screen does: the address follows its own moves, a new step starts at the top, the first Back and the launch leave', async () => {
    const { actor, send, settled } = start();
    const emitted: unknown[] = [];
    actor.on('*', (event) => emitted.push(event));
    // The first step shown: no move, no scroll.
    send({ type: 'step.open', step: 'contacts' });
    await settled();
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().context.step).toBe('contacts');
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    // Next saves, then moves: the address follows, the new step starts at the top.
    send({ type: 'step.next' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.context.step === 'launch');
    expect(emitted).toEqual([{ type: 'screen.navigate', to: 'launch' }, { type: 'screen.top' }]);
    // The address naming the step the machine moved to changes nothing.
    emitted.length = 0;
    send({ type: 'step.open', step: 'launch' });
    expect(emitted).toEqual([]);
    // The address naming another step (a link, the browser's Back): opened, at the top, no navigation.
    send({ type: 'step.open', step: 'about' });
    expect(emitted).toEqual([{ type: 'screen.top' }]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settled();
    emitted.length = 0;
    send({ type: 'step.skip' }, { type: 'step.back' }, { type: 'step.back' });
    expect(emitted).toEqual([
      { type: 'screen.navigate', to: 'delivery' },
      { type: 'screen.top' },
      { type: 'screen.navigate', to: 'about' },
      { type: 'screen.top' },
      { type: 'screen.navigate', to: 'location' },
      { type: 'screen.top' },
    ]);
    // The first step's Back, its form open, leaves the onboarding; the machine stays where it is.
    await settled();
    emitted.length = 0;
    send({ type: 'step.back' });
    expect(emitted).toEqual([{ type: 'screen.exit' }]);
    expect(actor.getSnapshot().context.step).toBe('location');
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    // Launched: the screen leaves for good, and shows no step.
    send({ type: 'step.open', step: 'launch' });
    emitted.length = 0;
    send({ type: 'onboarding.launch' });
    expect(actor.getSnapshot().hasTag('launching')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
    expect(emitted).toEqual([{ type: 'screen.leave' }]);
    expect(actor.getSnapshot().context.step).toBeNull();
  });
});

describe('onboarding machine: the tags its view reads', () => {
  it('tags each phase of every form step, the logo upload and the launch', () => {
    const tagsAt = stateTags(onboardingMachine, input);
    for (const step of FORM_STEPS) {
      expect(
        ['loading', 'failed', 'editing', 'saving', 'saveFailed'].map((phase) => tagsAt({ [step]: phase })),
        step,
      ).toEqual([['loading'], ['loadFailed'], ['editing'], ['saving'], ['saveFailed']]);
    }
    expect(tagsAt({ about: 'uploading' })).toEqual(['uploading']);
    expect(['ready', 'launching', 'failed'].map((phase) => tagsAt({ launch: phase }))).toEqual([[], ['launching'], ['launchFailed']]);
  });
});

describe('onboarding machine: the steps it knows are saved', () => {
  it('starts from the steps the server named, adds each step Next saves, in the steps’ order and once', async () => {
    const given = createActor(onboardingMachine, { input: { ...input, savedSteps: ['hours'] } });
    expect(given.getSnapshot().context).toMatchObject({ savedSteps: ['hours'], fromDraft: false });

    const { actor, send, settled } = start();
    expect(actor.getSnapshot().context.savedSteps).toEqual([]);
    send({ type: 'step.open', step: 'contacts' });
    await settled();
    send({ type: 'step.next' });
    await waitFor(actor, (snapshot) => snapshot.context.step === 'launch');
    expect(actor.getSnapshot().context.savedSteps).toEqual(['contacts']);
    send({ type: 'step.open', step: 'additional' });
    await settled();
    send({ type: 'step.next' });
    await waitFor(actor, (snapshot) => snapshot.context.step === 'contacts');
    expect(actor.getSnapshot().context.savedSteps).toEqual(['additional', 'contacts']);
    await settled();
    send({ type: 'step.next' });
    await waitFor(actor, (snapshot) => snapshot.context.step === 'launch');
    expect(actor.getSnapshot().context.savedSteps).toEqual(['additional', 'contacts']);
  });
});
