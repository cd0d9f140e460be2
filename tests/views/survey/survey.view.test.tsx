import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import type { SurveyCreated } from '#contracts/survey';
import { answersFromDraft, surveyMachine, toSurveyRequest, type SurveyRequest } from '#src/machines/survey/survey.machine';
import type { SurveyDraft } from '#src/services/survey/survey-draft';
import { theme } from '#src/theme';
import { SurveyView } from '#src/views/survey/survey.view';
import { ALL_MARKERS, STEP_MARKERS, STEP_TICKS, STEP_TITLES, SURVEY_REJECTION, expectedRequest, surveyModel } from '../../models/survey/survey.model';
import { checkExecutors, modelPathCases, untakenTransitions, type PathExecutors } from '../../support/model-paths';
import { provideChecked } from '../../support/contract-double';

// ---------------------------------------------------------------------------------------------
// Fakes for the machine's effects: a draft store in memory and a server the test answers.

type Pending = { request: SurveyRequest; resolve: (receipt: SurveyCreated) => void; reject: (error: unknown) => void };

function createFakes(draft: SurveyDraft | null = null) {
  const pending: Pending[] = [];
  const received: SurveyRequest[] = [];
  // `loads` counts the reads, so a reload can be told from a survey that never left the screen.
  const store = { draft, cleared: 0, loads: 0 };
  const machine = provideChecked(surveyMachine, {
    actors: {
      // Read back as the browser's storage would give it: a copy, through JSON.
      loadDraft: fromPromise(async () => {
        store.loads += 1;
        return store.draft === null ? null : (JSON.parse(JSON.stringify(store.draft)) as SurveyDraft);
      }),
      submitSurvey: fromPromise<SurveyCreated, SurveyRequest>(({ input }) => {
        received.push(input);
        return new Promise((resolve, reject) => pending.push({ request: input, resolve, reject }));
      }),
    },
    actions: {
      persistDraft: ({ context }, params: { step: number }) => {
        store.draft = { step: params.step, answers: context.answers, attemptKey: context.attemptKey };
      },
      forgetDraft: () => {
        store.draft = null;
        store.cleared += 1;
      },
    },
  });
  const take = (): Pending => {
    expect(pending, 'exactly one submission should be waiting for an answer').toHaveLength(1);
    return pending.shift()!;
  };
  return { machine, pending, received, store, take };
}

type Driver = {
  user: UserEvent;
  fakes: ReturnType<typeof createFakes>;
  /** Unmounts the survey and opens it again on the same draft store, as a reload of the page does. */
  reload: () => void;
  /** What the person did so far, for the assertions: the steps answered and the options ticked. */
  answered: Set<number>;
  ticked: Set<number>;
  /** Whether an answer changed since the last request went out (an edit forgets its key). */
  editedSinceSend: boolean;
  /** Whether the last Submit sent the answers of the request before it unchanged (a retry keeps its key). */
  resent: boolean;
  /** How often the draft had been read just before the model's last event (a walk goes on after reloads). */
  loadsBefore: number;
};

function renderSurvey(draft: SurveyDraft | null = null): Driver {
  const fakes = createFakes(draft);
  const open = () =>
    render(
      <MantineProvider env="test" theme={theme}>
        <Router hook={memoryLocation({ path: '/surveys/restaurants' }).hook}>
          <SurveyView machine={fakes.machine} />
        </Router>
      </MantineProvider>,
    );
  let view = open();
  const reload = () => {
    view.unmount();
    view = open();
  };
  return {
    user: userEvent.setup({ delay: null }),
    fakes,
    reload,
    answered: new Set(),
    ticked: new Set(),
    editedSinceSend: false,
    resent: false,
    loadsBefore: 0,
  };
}

const heading = () => screen.getByRole('heading', { level: 2 });
const button = (name: string) => screen.queryByRole('button', { name });

/** Types (or chooses) the step's marker answer; doing it twice changes nothing. */
async function answerStep(driver: Driver, step: keyof typeof STEP_MARKERS) {
  const { user } = driver;
  const marker = STEP_MARKERS[step];
  driver.answered.add(step);
  if ('radio' in marker) {
    const radio = screen.getByRole('radio', { name: marker.radio });
    if (radio.getAttribute('aria-checked') === 'true') return;
    driver.editedSinceSend = true;
    await user.click(radio);
    return;
  }
  const input = screen.getByLabelText(marker.label);
  if ((input as HTMLInputElement).value === marker.value) return;
  driver.editedSinceSend = true;
  await user.clear(input);
  await user.type(input, marker.value);
}

function currentStep(): number {
  return STEP_TITLES.indexOf(heading().textContent as (typeof STEP_TITLES)[number]) + 1;
}

/** The checkbox card of the option the model ticks on `step`. */
function tickBox(step: keyof typeof STEP_TICKS) {
  const tick = STEP_TICKS[step];
  return within(screen.getByRole('group', { name: tick.group })).getByRole('checkbox', { name: tick.option });
}

/** The key the draft should hold: the last request's, unless an answer changed since it went out. */
function expectedKey({ fakes, editedSinceSend }: Driver): string | null {
  return editedSinceSend ? null : (fakes.received.at(-1)?.idempotencyKey ?? null);
}

async function expectStep(driver: Driver, step: number) {
  await waitFor(() => expect(heading()).toHaveTextContent(STEP_TITLES[step - 1]!));
  expect(screen.getByText(`Step ${step} of 8`)).toBeInTheDocument();
  expect(screen.getByTestId('survey-percent')).toHaveTextContent(`${Math.round((step / 8) * 100)}%`);
  expect(screen.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute('aria-valuenow', String(Math.round((step / 8) * 100)));
  expect(screen.getByText('Takes 4 to 6 minutes')).toBeInTheDocument();
  if (step === 1) expect(button('Back')).toBeDisabled();
  else expect(button('Back')).toBeEnabled();
  expect(button('Next') === null).toBe(step === 8);
  expect(button('Submit') === null).toBe(step !== 8);
  // Whatever was answered on this step before (going back, or a reload) is still there, and
  // nothing else is.
  const marker = STEP_MARKERS[step as keyof typeof STEP_MARKERS];
  const answered = driver.answered.has(step);
  if ('radio' in marker) expect(screen.getByRole('radio', { name: marker.radio })).toHaveAttribute('aria-checked', String(answered));
  else expect(screen.getByLabelText(marker.label)).toHaveValue(answered ? marker.value : '');
  if (step in STEP_TICKS) {
    expect(tickBox(step as keyof typeof STEP_TICKS)).toHaveAttribute('aria-checked', String(driver.ticked.has(step)));
  }
}

/** The draft holds the step on screen and exactly the answers given, read back as a reload would. */
function expectDraft(driver: Driver, step: number) {
  const { draft } = driver.fakes.store;
  expect(draft?.step).toBe(step);
  expect(toSurveyRequest(answersFromDraft(JSON.parse(JSON.stringify(draft!.answers)) as Record<string, unknown>))).toEqual(expectedRequest(driver));
  expect(draft!.attemptKey).toBe(expectedKey(driver));
}

// ---------------------------------------------------------------------------------------------

const stepStates = Object.fromEntries(
  [1, 2, 3, 4, 5, 6, 7, 8].map((step) => [
    `step${step}`,
    async (driver: Driver) => {
      await expectStep(driver, step);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(driver.fakes.pending).toHaveLength(0);
      // Every step and every edit is written down as it happens, so a reload comes back here.
      expectDraft(driver, step);
    },
  ]),
);

/** The draft is read once when the survey opens: the reloads the model's last event made. */
const reloadsByLastEvent = (driver: Driver) => driver.fakes.store.loads - driver.loadsBefore;

/** The executors, each noting first how often the draft had been read. */
function noted(events: PathExecutors<Driver>['events']): PathExecutors<Driver>['events'] {
  return Object.fromEntries(
    Object.entries(events).map(([type, exec]) => [
      type,
      (driver: Driver, event) => {
        driver.loadsBefore = driver.fakes.store.loads;
        return exec(driver, event);
      },
    ]),
  );
}

const executors: PathExecutors<Driver> = {
  events: noted({
    'step.next': async (driver) => {
      const step = currentStep();
      await answerStep(driver, step as keyof typeof STEP_MARKERS);
      await driver.user.click(button('Next')!);
    },
    'step.back': async ({ user }) => {
      await user.click(button('Back')!);
    },
    'survey.submit': async (driver) => {
      // After a failure the answers are sent as they are: retyping would be an edit.
      if (screen.queryByRole('alert') === null) await answerStep(driver, 8);
      const before = driver.fakes.received.length;
      driver.resent = before > 0 && !driver.editedSinceSend;
      await driver.user.click(button('Submit')!);
      await waitFor(() => expect(driver.fakes.received).toHaveLength(before + 1));
      driver.editedSinceSend = false;
    },
    'server.accept': ({ fakes }) => fakes.take().resolve({ id: 42, created_at: '2026-11-22T10:00:00.000Z' }),
    'server.reject': ({ fakes }) => fakes.take().reject(new Error(`${SURVEY_REJECTION.status}: ${JSON.stringify(SURVEY_REJECTION.body)}`)),
    'option.tick': async (driver) => {
      const step = currentStep() as keyof typeof STEP_TICKS;
      await driver.user.click(tickBox(step));
      driver.ticked.add(step);
      driver.editedSinceSend = true;
    },
    'option.untick': async (driver) => {
      const step = currentStep() as keyof typeof STEP_TICKS;
      await driver.user.click(tickBox(step));
      driver.ticked.delete(step);
      driver.editedSinceSend = true;
    },
    'page.reload': (driver) => driver.reload(),
  }),
  states: {
    ...stepStates,
    // The tick shows at once and is in the draft (both checked by the step's assertion); only a
    // reload read the draft back.
    ...Object.fromEntries(
      Object.keys(STEP_TICKS).flatMap((step) => [
        [`step${step}.ticked`, (driver: Driver) => expect(reloadsByLastEvent(driver)).toBe(0)],
        [`step${step}.resumed`, (driver: Driver) => expect(reloadsByLastEvent(driver)).toBe(1)],
      ]),
    ),
    submitting: async ({ fakes, ...driver }) => {
      await waitFor(() => expect(button('Submit')).toHaveAttribute('data-loading'));
      expect(screen.getByLabelText(STEP_MARKERS[8].label)).toBeDisabled();
      expect(fakes.pending).toHaveLength(1);
      // Every step's answer reached the request, and a retry repeats the last request's key; other
      // answers get a key of their own.
      expect(fakes.pending[0]!.request.answers).toEqual(ALL_MARKERS);
      expect(fakes.pending[0]!.request.answers).toEqual(expectedRequest(driver));
      const [key, ...earlier] = fakes.received.map((request) => request.idempotencyKey).reverse();
      expect(key).toEqual(expect.any(String));
      if (driver.resent) expect(key).toBe(earlier[0]);
      else expect(earlier).not.toContain(key);
    },
    failed: async ({ fakes }) => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(SURVEY_REJECTION.alert);
      expect(screen.getByLabelText(STEP_MARKERS[8].label)).toHaveValue(STEP_MARKERS[8].value);
      expect(button('Submit')).toBeEnabled();
      expect(fakes.store.draft?.attemptKey).toBe(fakes.received.at(-1)!.idempotencyKey);
    },
    thanked: async ({ fakes }) => {
      await waitFor(() => expect(heading()).toHaveTextContent('Thank you!'));
      expect(screen.getByTestId('survey-percent')).toHaveTextContent('100%');
      expect(screen.getByText('Reference #42')).toBeInTheDocument();
      expect(fakes.store.draft).toBeNull();
      expect(fakes.store.cleared).toBe(1);
    },
  },
};

const cases = modelPathCases(surveyModel, executors);

describe('survey view: walks that take every transition of the survey model', () => {
  it('has an executor for every model event and an assertion for every model state', () => {
    expect(() => checkExecutors(surveyModel, executors)).not.toThrow();
    // Eight steps walked, each multiple-choice step ticked, reloaded and unticked, and the send:
    // walks (or, with --shortest, one path per transition) that take every transition.
    expect(untakenTransitions(surveyModel, cases)).toEqual([]);
  });

  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderSurvey());
      // A walk is many paths' steps in one test: a dozen seconds on an idle machine, five times that beside browser runs.
    }, 120_000);
});

describe('survey view: details', () => {
  it('resumes a stored draft on its step with its answers', async () => {
    const driver = renderSurvey({ step: 4, answers: { business_name: 'Pizza Loco', delivery_apps: ['Other'], delivery_other: 'Waitr' }, attemptKey: null });
    await expectStep(driver, 4);
    expect(screen.getByRole('checkbox', { name: 'Other' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('Which other delivery apps?')).toHaveValue('Waitr');
  });

  it('reveals an “Other” text field only while “Other” is chosen', async () => {
    const driver = renderSurvey();
    const { user } = driver;
    await expectStep(driver, 1);
    expect(screen.queryByLabelText('Your role, in your words')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.type(screen.getByLabelText('Your role, in your words'), 'Co-founder');
    await user.click(screen.getByRole('radio', { name: 'Owner' }));
    expect(screen.queryByLabelText('Your role, in your words')).toBeNull();
  });

  it('keeps “None” on its own among the systems', async () => {
    const driver = renderSurvey({ step: 7, answers: {}, attemptKey: null });
    const { user } = driver;
    await expectStep(driver, 7);
    const group = within(screen.getByRole('group', { name: 'Which of these systems do you use?' }));
    await user.click(group.getByRole('checkbox', { name: 'Loyalty program' }));
    await user.click(group.getByRole('checkbox', { name: 'None' }));
    expect(group.getByRole('checkbox', { name: 'Loyalty program' })).toHaveAttribute('aria-checked', 'false');
    expect(group.getByRole('checkbox', { name: 'None' })).toHaveAttribute('aria-checked', 'true');
  });

  it('shows the contract’s sentence under a malformed email and sends nothing', async () => {
    const driver = renderSurvey({ step: 8, answers: {}, attemptKey: null });
    const { user, fakes } = driver;
    await expectStep(driver, 8);
    await user.type(screen.getByLabelText(/Email to reach you/), 'owner@');
    await user.click(button('Submit')!);
    expect(screen.getByLabelText(/Email to reach you/)).toHaveAccessibleDescription(/Please enter a valid email\./);
    expect(fakes.received).toHaveLength(0);
  });

  it('moves the focus to the new step’s heading', async () => {
    const driver = renderSurvey();
    const { user } = driver;
    await expectStep(driver, 1);
    await user.click(button('Next')!);
    await waitFor(() => expect(heading()).toHaveFocus());
  });
});

describe('survey view: focus and errors for keyboard and screen-reader users', () => {
  const refusal = (fields: Record<string, string>) =>
    new Error(`HTTP 400 Bad Request: ${JSON.stringify({ detail: 'Some fields are not valid.', code: 'invalid', fields })}`);

  it('names the survey in the tab', async () => {
    const driver = renderSurvey();
    await expectStep(driver, 1);
    await waitFor(() => expect(document.title).toBe('Operator survey · Tablefront'));
  });

  it('puts the focus on a refused answer and names it in the summary', async () => {
    const driver = renderSurvey({ step: 8, answers: {}, attemptKey: null });
    const { user } = driver;
    await expectStep(driver, 8);
    await user.type(screen.getByLabelText(/Email to reach you/), 'owner@{Enter}');
    const email = screen.getByRole('textbox', { name: 'Email to reach you' });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Check Email to reach you.');
  });

  it('focuses the field the server refused when it is on this step', async () => {
    const driver = renderSurvey({ step: 8, answers: { contact_email: 'owner@pizzaloco.com' }, attemptKey: null });
    const { user, fakes } = driver;
    await expectStep(driver, 8);
    await user.click(button('Submit')!);
    fakes.take().reject(refusal({ contact_email: 'This address cannot receive mail.' }));
    const email = screen.getByRole('textbox', { name: 'Email to reach you' });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription(/This address cannot receive mail\./);
  });

  it('focuses the alert naming a refused answer of another step, and marks it there', async () => {
    const driver = renderSurvey({ step: 8, answers: { role: 'Owner' }, attemptKey: null });
    const { user, fakes } = driver;
    await expectStep(driver, 8);
    await user.click(button('Submit')!);
    fakes.take().reject(refusal({ role: 'Choose one of the roles shown.' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(alert).toHaveTextContent('HTTP Error: Some fields are not valid.');
    expect(alert).toHaveTextContent('Check Your role.');
    // Back on the first step the group says why, on its first card too.
    for (let step = 8; step > 1; step -= 1) await user.click(button('Back')!);
    await expectStep(driver, 1);
    const group = screen.getByRole('radiogroup', { name: 'Your role' });
    expect(group).toHaveAccessibleDescription('Choose one of the roles shown.');
    const firstCard = within(group).getAllByRole('radio')[0]!;
    expect(firstCard).toHaveAttribute('aria-invalid', 'true');
    expect(firstCard).toHaveAccessibleDescription('Choose one of the roles shown.');
  });
});
