import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  EXCLUSIVE_OPTIONS,
  FRUSTRATION_COUNT,
  OTHER,
  OTHER_TEXT_OF,
  SURVEY_OPTIONS,
  SurveyResponseCreate,
  type MultiChoiceField,
  type SingleChoiceField,
  type SurveyCreated,
} from '../../../contracts/survey';
import { checkWith } from '../../../contracts/shared/validation';
import { errorText } from '../../services/shared/error-text';
import { submitSurvey } from '../../services/survey/survey';
import { clearSurveyDraft, loadSurveyDraft, saveSurveyDraft, type SurveyDraft } from '../../services/survey/survey-draft';

/**
 * The public operator survey: eight steps, each a state, then the submission.
 *
 *   resuming --draft at step n--> step n            (a reload lands where the person was)
 *   step n --step.next--> step n+1 ; step n --step.back--> step n-1   (no Back on step 1)
 *   wishes --survey.submit [valid]--> submitting --done--> thanked   (draft forgotten)
 *   submitting --error--> failed --survey.submit--> submitting        (same Idempotency-Key)
 *   failed --answer edited--> wishes (key forgotten) ; failed --step.back--> systems
 *
 * Every edit and every step change is written to the draft store as it happens.
 */

export const SURVEY_STEPS = ['about', 'pos', 'ordering', 'delivery', 'frustrations', 'team', 'systems', 'wishes'] as const;
export type SurveyStep = (typeof SURVEY_STEPS)[number];
export const SURVEY_STEP_COUNT = SURVEY_STEPS.length;

/** Spec section 8: the survey's failure reads "HTTP Error: ...". */
export const SURVEY_FAILURE_PREFIX = 'HTTP Error: ';
const FAILURE_FALLBACK = 'The survey could not be sent. Please try again.';

type TextField =
  | 'business_name'
  | 'role_other'
  | 'pos_other'
  | 'pos_painpoints'
  | 'ordering_wishlist'
  | 'delivery_other'
  | 'white_label_other'
  | 'staff_tools_text'
  | 'ops_efficiency_text'
  | 'systems_feedback'
  | 'reports_needed'
  | 'wish_fix_one'
  | 'wish_feature'
  | 'contact_email';

const TEXT_FIELDS: readonly TextField[] = [
  'business_name',
  'role_other',
  'pos_other',
  'pos_painpoints',
  'ordering_wishlist',
  'delivery_other',
  'white_label_other',
  'staff_tools_text',
  'ops_efficiency_text',
  'systems_feedback',
  'reports_needed',
  'wish_fix_one',
  'wish_feature',
  'contact_email',
];
const SINGLE_FIELDS: readonly SingleChoiceField[] = ['role', 'pos_system', 'pos_satisfaction', 'white_label'];
const MULTI_FIELDS = (Object.keys(SURVEY_OPTIONS) as (keyof typeof SURVEY_OPTIONS)[]).filter(
  (field): field is MultiChoiceField => !(SINGLE_FIELDS as readonly string[]).includes(field),
);

/** What the form holds: every field present, blanks as '' or [], ready to render. */
export type SurveyAnswers = Record<TextField | SingleChoiceField, string> &
  Record<MultiChoiceField, string[]> & { delivery_frustrations: string[]; early_access: boolean };

export const EMPTY_ANSWERS: SurveyAnswers = {
  ...(Object.fromEntries([...TEXT_FIELDS, ...SINGLE_FIELDS].map((field) => [field, ''])) as Record<TextField | SingleChoiceField, string>),
  ...(Object.fromEntries(MULTI_FIELDS.map((field) => [field, []])) as unknown as Record<MultiChoiceField, string[]>),
  delivery_frustrations: Array.from({ length: FRUSTRATION_COUNT }, () => ''),
  early_access: false,
};

const isKnown = (field: keyof typeof SURVEY_OPTIONS, value: unknown): value is string =>
  typeof value === 'string' && (SURVEY_OPTIONS[field] as readonly string[]).includes(value);

/**
 * A stored draft back into form values, keeping only what still fits: a draft written by an
 * older release (an option since renamed, say) loses that answer instead of blocking the send.
 */
export function answersFromDraft(raw: Record<string, unknown>): SurveyAnswers {
  const answers: SurveyAnswers = { ...EMPTY_ANSWERS, delivery_frustrations: [...EMPTY_ANSWERS.delivery_frustrations] };
  for (const field of TEXT_FIELDS) if (typeof raw[field] === 'string') answers[field] = raw[field];
  for (const field of SINGLE_FIELDS) if (isKnown(field, raw[field])) answers[field] = raw[field];
  for (const field of MULTI_FIELDS) {
    const values = raw[field];
    if (Array.isArray(values)) answers[field] = [...new Set(values.filter((value) => isKnown(field, value)))];
  }
  const frustrations = raw.delivery_frustrations;
  if (Array.isArray(frustrations)) {
    answers.delivery_frustrations = answers.delivery_frustrations.map((_, index) => (typeof frustrations[index] === 'string' ? frustrations[index] : ''));
  }
  if (typeof raw.early_access === 'boolean') answers.early_access = raw.early_access;
  return answers;
}

/** Whether the choice an "Other" text belongs to currently includes "Other". */
function otherChosen(answers: SurveyAnswers, field: keyof typeof OTHER_TEXT_OF): boolean {
  const choice = answers[OTHER_TEXT_OF[field]];
  return Array.isArray(choice) ? choice.includes(OTHER) : choice === OTHER;
}

/**
 * Form values to the request: blanks left out (nothing is required), and an "Other" text
 * left out once its "Other" is unticked, since the person no longer sees it.
 */
export function toSurveyRequest(answers: SurveyAnswers): Record<string, unknown> {
  const request: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = answers[field].trim();
    if (value === '') continue;
    if (field in OTHER_TEXT_OF && !otherChosen(answers, field as keyof typeof OTHER_TEXT_OF)) continue;
    request[field] = value;
  }
  for (const field of SINGLE_FIELDS) if (answers[field] !== '') request[field] = answers[field];
  for (const field of MULTI_FIELDS) if (answers[field].length > 0) request[field] = answers[field];
  const frustrations = answers.delivery_frustrations.map((text) => text.trim()).filter((text) => text !== '');
  if (frustrations.length > 0) request.delivery_frustrations = frustrations;
  request.early_access = answers.early_access;
  return request;
}

/** Ticks or unticks one option; an exclusive one ("None") clears the others and is cleared by them. */
export function toggleOption(field: MultiChoiceField, selected: readonly string[], option: string): string[] {
  if (selected.includes(option)) return selected.filter((value) => value !== option);
  const exclusive = EXCLUSIVE_OPTIONS[field];
  if (option === exclusive) return [option];
  return [...selected.filter((value) => value !== exclusive), option];
}

const check = (answers: SurveyAnswers) => checkWith(SurveyResponseCreate, toSurveyRequest(answers));

export type SurveyFieldName = keyof SurveyAnswers;

export interface SurveyContext {
  answers: SurveyAnswers;
  /** Sentences under the inputs (the contract's, or the server's); an edit removes its field's. */
  fieldErrors: Partial<Record<string, string>>;
  /** "HTTP Error: ..." while in `failed`; null otherwise. */
  error: string | null;
  /**
   * The Idempotency-Key of the answers being sent. Kept across a retry and a reload (it is in
   * the draft), so a submission whose answer was lost is stored once; any edit forgets it.
   */
  attemptKey: string | null;
  /** The server's receipt, for the thank-you screen. */
  receipt: SurveyCreated | null;
}

export type SurveyEvent =
  | { type: 'answer.set'; field: TextField | SingleChoiceField; value: string }
  | { type: 'answer.set'; field: 'early_access'; value: boolean }
  | { type: 'answer.set'; field: 'delivery_frustrations'; index: number; value: string }
  | { type: 'option.toggle'; field: MultiChoiceField; option: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'survey.submit' };

/** What the `submitSurvey` actor is given: the checked request and the key to send it under. */
export type SurveyRequest = { answers: SurveyResponseCreate; idempotencyKey: string };

const EMPTY_CONTEXT: SurveyContext = { answers: EMPTY_ANSWERS, fieldErrors: {}, error: null, attemptKey: null, receipt: null };

type EditEvent = Extract<SurveyEvent, { type: 'answer.set' | 'option.toggle' }>;

function edit(answers: SurveyAnswers, event: EditEvent): SurveyAnswers {
  if (event.type === 'option.toggle') {
    return { ...answers, [event.field]: toggleOption(event.field, answers[event.field], event.option) };
  }
  if (event.field === 'delivery_frustrations') {
    const frustrations = [...answers.delivery_frustrations];
    if (event.index >= 0 && event.index < frustrations.length) frustrations[event.index] = event.value;
    return { ...answers, delivery_frustrations: frustrations };
  }
  return { ...answers, [event.field]: event.value };
}

/** The step states, made from one description so that they cannot drift apart. */
function stepStates() {
  return Object.fromEntries(
    SURVEY_STEPS.map((step, index) => {
      const persist = { type: 'persistDraft', params: { step: index + 1 } } as const;
      const last = index === SURVEY_STEPS.length - 1;
      return [
        step,
        {
          entry: persist,
          on: {
            'answer.set': { actions: ['applyEdit', persist] },
            'option.toggle': { actions: ['applyEdit', persist] },
            ...(index > 0 ? { 'step.back': { target: SURVEY_STEPS[index - 1] } } : {}),
            ...(last
              ? { 'survey.submit': [{ guard: 'answersValid', target: 'submitting' }, { actions: 'showFieldErrors' }] }
              : { 'step.next': { target: SURVEY_STEPS[index + 1] } }),
          },
        },
      ];
    }),
  );
}

export const surveyMachine = setup({
  types: {
    context: {} as SurveyContext,
    events: {} as SurveyEvent,
  },
  actors: {
    loadDraft: fromPromise<SurveyDraft | null>(async () => loadSurveyDraft()),
    submitSurvey: fromPromise<SurveyCreated, SurveyRequest>(({ input }) => submitSurvey(input.answers, { idempotencyKey: input.idempotencyKey })),
  },
  guards: {
    answersValid: ({ context }) => check(context.answers).ok,
    draftAt: (_, params: { draft: SurveyDraft | null; step: number }) => params.draft?.step === params.step,
  },
  actions: {
    persistDraft: ({ context }, params: { step: number }) => saveSurveyDraft({ step: params.step, answers: context.answers, attemptKey: context.attemptKey }),
    forgetDraft: () => clearSurveyDraft(),
    restoreDraft: assign((_, params: { draft: SurveyDraft | null }) =>
      params.draft ? { answers: answersFromDraft(params.draft.answers), attemptKey: params.draft.attemptKey } : {},
    ),
    applyEdit: assign(({ context, event }) => {
      assertEvent(event, ['answer.set', 'option.toggle']);
      const { [event.field]: _gone, ...fieldErrors } = context.fieldErrors;
      return { answers: edit(context.answers, event), fieldErrors, error: null, attemptKey: null };
    }),
    showFieldErrors: assign(({ context }) => {
      const result = check(context.answers);
      return { fieldErrors: result.ok ? {} : result.fields, error: null };
    }),
    startAttempt: assign(({ context }) => ({
      fieldErrors: {},
      error: null,
      attemptKey: context.attemptKey ?? crypto.randomUUID(),
    })),
    rememberFailure: assign((_, params: { error: unknown }) => {
      const { message, fields } = errorText(params.error, FAILURE_FALLBACK);
      return { error: `${SURVEY_FAILURE_PREFIX}${message}`, fieldErrors: fields };
    }),
    dismissFailure: assign(() => ({ error: null })),
    rememberReceipt: assign((_, params: { receipt: SurveyCreated }) => ({ receipt: params.receipt })),
  },
}).createMachine({
  id: 'survey',
  context: { ...EMPTY_CONTEXT },
  initial: 'resuming',
  states: {
    /** Reading the draft: a reload or a reopened tab lands on the step the person left. */
    resuming: {
      invoke: {
        id: 'loadDraft',
        src: 'loadDraft',
        onDone: [
          ...SURVEY_STEPS.map((step, index) => ({
            guard: { type: 'draftAt' as const, params: ({ event }: { event: { output: SurveyDraft | null } }) => ({ draft: event.output, step: index + 1 }) },
            target: step,
            actions: { type: 'restoreDraft' as const, params: ({ event }: { event: { output: SurveyDraft | null } }) => ({ draft: event.output }) },
          })),
          { target: 'about' },
        ],
        // An unreadable store is not the person's problem: start afresh.
        onError: { target: 'about' },
      },
    },
    ...stepStates(),
    submitting: {
      entry: ['startAttempt', { type: 'persistDraft', params: { step: SURVEY_STEP_COUNT } }],
      invoke: {
        id: 'submitSurvey',
        src: 'submitSurvey',
        input: ({ context }): SurveyRequest => {
          const result = check(context.answers);
          // The guard accepted these answers; parsing again yields the trimmed copy to send.
          // Stryker disable next-line ConditionalExpression: only answers the guard accepted reach submitting (failed resends them unchanged)
          const answers = result.ok ? result.value : (toSurveyRequest(context.answers) as SurveyResponseCreate);
          return { answers, idempotencyKey: context.attemptKey ?? crypto.randomUUID() };
        },
        onDone: {
          target: 'thanked',
          actions: { type: 'rememberReceipt', params: ({ event }) => ({ receipt: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: {
        // Nothing changed since the answers passed the check: send them again, same key.
        'survey.submit': { target: 'submitting' },
        // Editing means fixing: the alert goes, the answers stay, the key is forgotten.
        'answer.set': { target: 'wishes', actions: 'applyEdit' },
        'option.toggle': { target: 'wishes', actions: 'applyEdit' },
        // Going back to look something over: the alert goes, the key stays (nothing changed yet).
        'step.back': { target: 'systems', actions: 'dismissFailure' },
      },
    },
    /** The server has the answers: the draft is forgotten, so the next visit starts afresh. */
    thanked: {
      type: 'final',
      entry: 'forgetDraft',
    },
  },
});

export type SurveyMachine = typeof surveyMachine;

/** 1 to 8 for the step states (the failure is shown on the last step), null elsewhere. */
export function stepNumber(value: unknown): number | null {
  if (value === 'failed' || value === 'submitting') return SURVEY_STEP_COUNT;
  const index = SURVEY_STEPS.indexOf(value as SurveyStep);
  return index === -1 ? null : index + 1;
}

/** The header's progress: step/8 as a whole percent (spec section 2). */
export const progressPercent = (step: number): number => Math.round((step / SURVEY_STEP_COUNT) * 100);
