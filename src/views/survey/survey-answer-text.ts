import { OTHER, type SurveyResponse } from '../../../contracts/survey';

/** How the survey answers screen words a stored answer, so people read it rather than JSON. */

export const NOT_ANSWERED = 'Not answered';

/** A choice, with the person's own words when they picked "Other". */
export function choiceText(choice: string | undefined, other: string | undefined): string {
  if (!choice) return '';
  return choice === OTHER && other ? `${OTHER}: ${other}` : choice;
}

/** Any answer as one line: lists joined, yes/no for the early-access box, nothing for a blank. */
export function answerText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.filter((item) => String(item).trim() !== '').join(', ');
  return String(value).trim();
}

/** When an answer arrived, as the person's browser writes dates (and times, in the drawer). */
export const receivedDate = (answer: Pick<SurveyResponse, 'created_at'>) => new Date(answer.created_at).toLocaleDateString();
export const receivedTime = (answer: Pick<SurveyResponse, 'created_at'>) => new Date(answer.created_at).toLocaleString();
