import { HttpError, describeWait } from '../../http-error';
import type { AccountDeps } from './account-deps';
import { CODE_LIFETIME_MINUTES, issueCode, withdrawCode, type CheckOutcome, type CodePurpose, type IssueOutcome } from './codes';
import { codeEmail } from './mail-templates';

/** What sending a code needs. */
export type CodeDelivery = Pick<AccountDeps, 'db' | 'mailer' | 'codeKey' | 'clock' | 'publicUrl'>;

/**
 * Issues a code in its own transaction and mails it after the commit, so a slow mail server
 * never holds a transaction open. Register awaits the whole; password/forgot/ awaits only
 * `issue` and leaves `mail` to run after its answer.
 */
export function issueCodeFor(deps: CodeDelivery, input: { email: string; purpose: CodePurpose }): Promise<IssueOutcome> {
  return deps.db.transaction((tx) => issueCode(tx, input, deps.codeKey, deps.clock()));
}

/**
 * Mails an issued code. If sending fails the code is withdrawn, so the address is not locked
 * for 60 s over a mail nobody got, and the error propagates.
 */
export async function mailCode(deps: CodeDelivery, input: { email: string; purpose: CodePurpose }, issued: Extract<IssueOutcome, { ok: true }>): Promise<void> {
  const mail = codeEmail({ purpose: input.purpose, code: issued.code, minutes: CODE_LIFETIME_MINUTES, publicUrl: deps.publicUrl });
  try {
    await deps.mailer.send({
      to: input.email,
      ...mail,
      logLine: `${input.purpose === 'sign_in' ? 'sign-in' : 'password reset'} code for ${input.email}: ${issued.code}`,
    });
  } catch (error) {
    await withdrawCode(deps.db, issued.id);
    throw error;
  }
}

/**
 * The 429 for a locked address: `Retry-After` plus a sentence with the same wait. `requested`
 * words it for an answer that must not say whether a code was really mailed (forgot password,
 * where an unknown address is locked like a known one).
 */
export function lockedError(outcome: Extract<IssueOutcome, { ok: false }>, wording: 'sent' | 'requested' = 'sent'): HttpError {
  const wait = describeWait(outcome.retryAfterSeconds);
  const detail = {
    sent: {
      resend_locked: `A code was sent to this address moments ago. You can ask for a new one in ${wait}.`,
      hourly_cap: `Too many codes were sent to this address. Please try again in ${wait}.`,
    },
    requested: {
      resend_locked: `A code was asked for this address moments ago. You can ask for a new one in ${wait}.`,
      hourly_cap: `Too many codes were asked for this address. No code was sent. Please try again in ${wait}.`,
    },
  }[wording][outcome.reason];
  return new HttpError(429, 'rate_limited', detail, { headers: { 'retry-after': String(outcome.retryAfterSeconds) } });
}

/**
 * The 429 for a locked address whose newest code still works (registration): `code_already_sent`,
 * so the screen can take the person on to enter that code instead of keeping them waiting.
 */
export function alreadySentError(outcome: Extract<IssueOutcome, { ok: false }>): HttpError {
  const wait = describeWait(outcome.retryAfterSeconds);
  const detail = `We already sent a code to this address and it still works. You can ask for a new one in ${wait}.`;
  return new HttpError(429, 'code_already_sent', detail, { headers: { 'retry-after': String(outcome.retryAfterSeconds) } });
}

/** The 400 for a code that did not work, with the reason in words and in `code`. */
export function codeError(outcome: Extract<CheckOutcome, { ok: false }>): HttpError {
  const [code, detail] = {
    no_code: ['code_invalid', 'This code is not valid. Please ask for a new one.'],
    wrong: ['code_invalid', `This code is not correct. ${outcome.triesLeft ?? 0} ${outcome.triesLeft === 1 ? 'try' : 'tries'} left.`],
    expired: ['code_expired', 'This code has expired. Please ask for a new one.'],
    used_up: ['code_used_up', 'Too many wrong tries: this code no longer works. Please ask for a new one.'],
  }[outcome.reason] as [string, string];
  return new HttpError(400, code, detail, { fields: { code: detail } });
}
