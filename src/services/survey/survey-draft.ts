import { integer, nullable, object, record, string, unknown, validate, type Infer } from 'superstruct';

/**
 * The survey as typed so far, kept in the browser so that a reload or a closed tab resumes on
 * the same step with the same answers (it is long and answered on phones). Only this module
 * knows where and how it is stored; reading never throws, because a broken or unreachable
 * store must cost the person their draft, never the survey.
 */
export const SURVEY_DRAFT_KEY = 'tablefront.operator-survey.draft';

const SurveyDraft = object({
  version: integer(),
  /** 1 to 8: the step the person was on. */
  step: integer(),
  /** The form's values; the survey machine checks each one again before using it. */
  answers: record(string(), unknown()),
  /** The Idempotency-Key of a submission that may have reached the server. */
  attemptKey: nullable(string()),
});
export type SurveyDraft = Omit<Infer<typeof SurveyDraft>, 'version'>;

// Bumped when the draft's meaning changes, so an old draft is dropped rather than misread.
const VERSION = 1;

function browserStorage(): Storage | undefined {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage;
  } catch {
    return undefined;
  }
}

export function loadSurveyDraft(storage: Storage | undefined = browserStorage()): SurveyDraft | null {
  try {
    const text = storage?.getItem(SURVEY_DRAFT_KEY);
    if (!text) return null;
    const [error, draft] = validate(JSON.parse(text), SurveyDraft);
    if (error || draft.version !== VERSION) return null;
    return { step: draft.step, answers: draft.answers, attemptKey: draft.attemptKey };
  } catch {
    return null;
  }
}

export function saveSurveyDraft(draft: SurveyDraft, storage: Storage | undefined = browserStorage()): void {
  try {
    storage?.setItem(SURVEY_DRAFT_KEY, JSON.stringify({ version: VERSION, ...draft }));
  } catch {
    // Full or disabled storage: the survey still works, it just will not survive a reload.
  }
}

export function clearSurveyDraft(storage: Storage | undefined = browserStorage()): void {
  try {
    storage?.removeItem(SURVEY_DRAFT_KEY);
  } catch {
    // Nothing to clear where nothing could be stored.
  }
}
