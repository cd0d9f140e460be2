import {
  EXCLUSIVE_OPTIONS,
  FRUSTRATION_COUNT,
  OTHER,
  OTHER_TEXT_OF,
  SURVEY_OPTIONS,
  SurveyResponseCreate,
  type MultiChoiceField,
  type SingleChoiceField,
} from '../../../contracts/survey';
import { checkWith } from '../../../contracts/shared/validation';

/**
 * The survey's form (survey.machine.ts holds the flow): what it holds while the person answers,
 * how a stored draft becomes answers again, how an edit changes them, and how they become the
 * request the contract checks. Pure: no XState, no React, no HTTP.
 */

export type TextField =
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

/** The contract's verdict on the answers, as the request would carry them. */
export const checkAnswers = (answers: SurveyAnswers) => checkWith(SurveyResponseCreate, toSurveyRequest(answers));

export type SurveyFieldName = keyof SurveyAnswers;

/** The edits a question sends: a typed or chosen answer, a frustration by its place, an option ticked. */
export type AnswerEdit =
  | { type: 'answer.set'; field: TextField | SingleChoiceField; value: string }
  | { type: 'answer.set'; field: 'early_access'; value: boolean }
  | { type: 'answer.set'; field: 'delivery_frustrations'; index: number; value: string }
  | { type: 'option.toggle'; field: MultiChoiceField; option: string };

/** The answers after one edit. */
export function editedAnswers(answers: SurveyAnswers, event: AnswerEdit): SurveyAnswers {
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
