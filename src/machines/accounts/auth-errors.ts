import { MESSAGES } from '../../../contracts/accounts';
import { errorText } from '../../services/shared/error-text';

/**
 * The alert's sentence when a form is refused before anything is sent: the server's own
 * sentence for a refused body, so a form refused here reads like one refused there.
 */
export const FIELDS_NOT_VALID = 'Some fields are not valid.';

/** The server's sentences for `keys` (its `fields` of a refused request), for the inputs. */
export function pickFields<K extends string>(fields: Record<string, string>, keys: readonly K[]): Partial<Record<K, string>> {
  const picked: Partial<Record<K, string>> = {};
  for (const key of keys) if (fields[key] !== undefined) picked[key] = fields[key];
  return picked;
}

/**
 * Spec section 8 for the accounts screens: the server's detail or message, else the raw
 * message, else 'Request failed'. Field sentences from the server come along for the inputs.
 */
export function authFailure(error: unknown, fallback: string = MESSAGES.requestFallback) {
  return errorText(error, fallback);
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const { status } = error as { status: unknown };
  return typeof status === 'number' ? status : undefined;
}

/**
 * Spec section 8: a failed registration start reads 'Account already exists'. That sentence
 * is kept for every refusal the server makes. It is not used when no answer came (status 0:
 * offline, timed out), when the server asks the person to wait (429) or is failing (5xx):
 * saying the account exists there would send people looking for an account they do not have.
 */
export function registrationFailure(error: unknown): string {
  const status = statusOf(error);
  if (status === 0 || status === 429 || (status !== undefined && status >= 500)) return authFailure(error).message;
  return MESSAGES.registrationFailed;
}

/**
 * A registration refused because the address is locked while its newest code still works
 * (the server's 429 `code_already_sent`): its sentence and how long until a new code may be
 * asked for, so the screen can go on to the code step. Null for every other failure.
 */
export function codeAlreadySent(error: unknown): { message: string; retryAfter: number | undefined } | null {
  if (statusOf(error) !== 429 || (error as { code?: unknown }).code !== 'code_already_sent') return null;
  const { retryAfter } = error as { retryAfter?: unknown };
  return { message: authFailure(error).message, retryAfter: typeof retryAfter === 'number' ? retryAfter : undefined };
}
