import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import type { SurveyCreated } from '../../../contracts/survey';
import { surveyMachine, type SurveyRequest } from '../../../src/machines/survey/survey.machine';
import type { SurveyDraft } from '../../../src/services/survey/survey-draft';
import { theme } from '../../../src/theme';
import { SurveyView } from '../../../src/views/survey/survey.view';
import { STEP_MARKERS, STEP_TITLES, SURVEY_REJECTION, surveyModel } from '../../models/survey/survey.model';
import { modelLeafStates, modelPathCases, type PathExecutors } from '../../support/model-paths';
import { provideChecked } from '../../support/contract-double';

// ---------------------------------------------------------------------------------------------
// Fakes for the machine's effects: a draft store in memory and a server the test answers.

type Pending = { request: SurveyRequest; resolve: (receipt: SurveyCreated) => void; reject: (error: unknown) => void };

function createFakes(draft: SurveyDraft | null = null) {
  const pending: Pending[] = [];
  const received: SurveyRequest[] = [];
  const store = { draft, cleared: 0 };
  const machine = provideChecked(surveyMachine, {
    actors: {
      loadDraft: fromPromise(async () => store.draft),
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

type Driver = { user: UserEvent; fakes: ReturnType<typeof createFakes> };

function renderSurvey(draft: SurveyDraft | null = null): Driver {
  const fakes = createFakes(draft);
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={memoryLocation({ path: '/surveys/restaurants' }).hook}>
        <SurveyView machine={fakes.machine} />
      </Router>
    </MantineProvider>,
  );
  return { user: userEvent.setup(), fakes };
}

const heading = () => screen.getByRole('heading', { level: 2 });
const button = (name: string) => screen.queryByRole('button', { name });

/** Types (or chooses) the step's marker answer; doing it twice changes nothing. */
async function answerStep(user: UserEvent, step: keyof typeof STEP_MARKERS) {
  const marker = STEP_MARKERS[step];
  if ('radio' in marker) {
    await user.click(screen.getByRole('radio', { name: marker.radio }));
    return;
  }
  const input = screen.getByLabelText(marker.label);
  if ((input as HTMLInputElement).value === marker.value) return;
  await user.clear(input);
  await user.type(input, marker.value);
}

function currentStep(): number {
  return STEP_TITLES.indexOf(heading().textContent as (typeof STEP_TITLES)[number]) + 1;
}

async function expectStep(step: number) {
  await waitFor(() => expect(heading()).toHaveTextContent(STEP_TITLES[step - 1]!));
  expect(screen.getByText(`Step ${step} of 8`)).toBeInTheDocument();
  expect(screen.getByTestId('survey-percent')).toHaveTextContent(`${Math.round((step / 8) * 100)}%`);
  expect(screen.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute('aria-valuenow', String(Math.round((step / 8) * 100)));
  expect(screen.getByText('Takes 4 to 6 minutes')).toBeInTheDocument();
  if (step === 1) expect(button('Back')).toBeDisabled();
  else expect(button('Back')).toBeEnabled();
  expect(button('Next') === null).toBe(step === 8);
  expect(button('Submit') === null).toBe(step !== 8);
  // Whatever was answered on this step before (going back) is still there.
  const marker = STEP_MARKERS[step as keyof typeof STEP_MARKERS];
  if ('label' in marker) {
    const value = (screen.getByLabelText(marker.label) as HTMLInputElement).value;
    expect(['', marker.value]).toContain(value);
  }
}

const ALL_MARKERS = {
  business_name: 'Pizza Loco',
  pos_painpoints: 'Slow menu sync',
  ordering_wishlist: 'Kiosks',
  white_label: 'ChowNow',
  delivery_frustrations: ['Commissions'],
  ops_efficiency_text: 'Prep',
  reports_needed: 'Profit',
  wish_feature: 'One tablet',
  early_access: false,
};

// ---------------------------------------------------------------------------------------------

const stepStates = Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8].map((step) => [`step${step}`, async ({ fakes }: Driver) => {
  await expectStep(step);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(fakes.pending).toHaveLength(0);
  // Every step is written down as soon as it is shown, so a reload comes back here.
  expect(fakes.store.draft?.step).toBe(step);
}]));

const executors: PathExecutors<Driver> = {
  events: {
    'step.next': async ({ user }) => {
      const step = currentStep();
      await answerStep(user, step as keyof typeof STEP_MARKERS);
      await user.click(button('Next')!);
    },
    'step.back': async ({ user }) => {
      await user.click(button('Back')!);
    },
    'survey.submit': async ({ user }) => {
      // After a failure the answers are sent as they are: retyping would be an edit.
      if (screen.queryByRole('alert') === null) await answerStep(user, 8);
      await user.click(button('Submit')!);
    },
    'server.accept': ({ fakes }) => fakes.take().resolve({ id: 42, created_at: '2026-11-22T10:00:00.000Z' }),
    'server.reject': ({ fakes }) => fakes.take().reject(new Error(`${SURVEY_REJECTION.status}: ${JSON.stringify(SURVEY_REJECTION.body)}`)),
  },
  states: {
    ...stepStates,
    submitting: async ({ fakes }) => {
      await waitFor(() => expect(button('Submit')).toHaveAttribute('data-loading'));
      expect(screen.getByLabelText(STEP_MARKERS[8].label)).toBeDisabled();
      expect(fakes.pending).toHaveLength(1);
      // Every step's answer reached the request, and a retry repeats the first request's key.
      expect(fakes.pending[0]!.request.answers).toEqual(ALL_MARKERS);
      expect(new Set(fakes.received.map((request) => request.idempotencyKey)).size).toBe(1);
    },
    failed: async ({ fakes }) => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(SURVEY_REJECTION.alert);
      expect(screen.getByLabelText(STEP_MARKERS[8].label)).toHaveValue(STEP_MARKERS[8].value);
      expect(button('Submit')).toBeEnabled();
      expect(fakes.store.draft?.attemptKey).toBe(fakes.received[0]!.idempotencyKey);
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

describe('survey view: every path of the survey model', () => {
  it('has an executor for every model event and an assertion for every model state', () => {
    expect(modelLeafStates(surveyModel).every((state) => state in executors.states)).toBe(true);
    expect(cases.length).toBeGreaterThanOrEqual(8);
  });

  for (const { title, run } of cases) it(title, async () => {
    await run(renderSurvey());
  }, 60_000);
});

describe('survey view: details', () => {
  it('resumes a stored draft on its step with its answers', async () => {
    renderSurvey({ step: 4, answers: { business_name: 'Pizza Loco', delivery_apps: ['Other'], delivery_other: 'Waitr' }, attemptKey: null });
    await expectStep(4);
    expect(screen.getByRole('checkbox', { name: 'Other' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('Which other delivery apps?')).toHaveValue('Waitr');
  });

  it('reveals an “Other” text field only while “Other” is chosen', async () => {
    const { user } = renderSurvey();
    await expectStep(1);
    expect(screen.queryByLabelText('Your role, in your words')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.type(screen.getByLabelText('Your role, in your words'), 'Co-founder');
    await user.click(screen.getByRole('radio', { name: 'Owner' }));
    expect(screen.queryByLabelText('Your role, in your words')).toBeNull();
  });

  it('keeps “None” on its own among the systems', async () => {
    const { user } = renderSurvey({ step: 7, answers: {}, attemptKey: null });
    await expectStep(7);
    const group = within(screen.getByRole('group', { name: 'Which of these systems do you use?' }));
    await user.click(group.getByRole('checkbox', { name: 'Loyalty program' }));
    await user.click(group.getByRole('checkbox', { name: 'None' }));
    expect(group.getByRole('checkbox', { name: 'Loyalty program' })).toHaveAttribute('aria-checked', 'false');
    expect(group.getByRole('checkbox', { name: 'None' })).toHaveAttribute('aria-checked', 'true');
  });

  it('shows the contract’s sentence under a malformed email and sends nothing', async () => {
    const { user, fakes } = renderSurvey({ step: 8, answers: {}, attemptKey: null });
    await expectStep(8);
    await user.type(screen.getByLabelText(/Email to reach you/), 'owner@');
    await user.click(button('Submit')!);
    expect(screen.getByLabelText(/Email to reach you/)).toHaveAccessibleDescription(/Please enter a valid email\./);
    expect(fakes.received).toHaveLength(0);
  });

  it('moves the focus to the new step’s heading', async () => {
    const { user } = renderSurvey();
    await expectStep(1);
    await user.click(button('Next')!);
    await waitFor(() => expect(heading()).toHaveFocus());
  });
});

describe('survey view: focus and errors for keyboard and screen-reader users', () => {
  const refusal = (fields: Record<string, string>) =>
    new Error(`HTTP 400 Bad Request: ${JSON.stringify({ detail: 'Some fields are not valid.', code: 'invalid', fields })}`);

  it('names the survey in the tab', async () => {
    renderSurvey();
    await expectStep(1);
    await waitFor(() => expect(document.title).toBe('Operator survey · Tablefront'));
  });

  it('puts the focus on a refused answer and names it in the summary', async () => {
    const { user } = renderSurvey({ step: 8, answers: {}, attemptKey: null });
    await expectStep(8);
    await user.type(screen.getByLabelText(/Email to reach you/), 'owner@{Enter}');
    const email = screen.getByRole('textbox', { name: 'Email to reach you' });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Check Email to reach you.');
  });

  it('focuses the field the server refused when it is on this step', async () => {
    const { user, fakes } = renderSurvey({ step: 8, answers: { contact_email: 'owner@pizzaloco.com' }, attemptKey: null });
    await expectStep(8);
    await user.click(button('Submit')!);
    fakes.take().reject(refusal({ contact_email: 'This address cannot receive mail.' }));
    const email = screen.getByRole('textbox', { name: 'Email to reach you' });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription(/This address cannot receive mail\./);
  });

  it('focuses the alert naming a refused answer of another step, and marks it there', async () => {
    const { user, fakes } = renderSurvey({ step: 8, answers: { role: 'Owner' }, attemptKey: null });
    await expectStep(8);
    await user.click(button('Submit')!);
    fakes.take().reject(refusal({ role: 'Choose one of the roles shown.' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(alert).toHaveTextContent('HTTP Error: Some fields are not valid.');
    expect(alert).toHaveTextContent('Check Your role.');
    // Back on the first step the group says why, on its first card too.
    for (let step = 8; step > 1; step -= 1) await user.click(button('Back')!);
    await expectStep(1);
    const group = screen.getByRole('radiogroup', { name: 'Your role' });
    expect(group).toHaveAccessibleDescription('Choose one of the roles shown.');
    const firstCard = within(group).getAllByRole('radio')[0]!;
    expect(firstCard).toHaveAttribute('aria-invalid', 'true');
    expect(firstCard).toHaveAccessibleDescription('Choose one of the roles shown.');
  });
});
