import type { RegisterResponse } from '../../../contracts/accounts';
import { HttpError } from '../../http-error';
import type { AccountLog } from './account-deps';
import { alreadySentError, issueCodeFor, lockedError, mailCode, type CodeDelivery } from './code-delivery';
import { hasLiveCode } from './codes';
import { findUserByEmail } from './users';

/**
 * Registration's first step, which is also the way back in for a known address: a sign-in code
 * is mailed either way, and the answer says which case it is. A locked address is a 429
 * (`code_already_sent` when its newest code still works); a mail
 * that could not be sent is a 503 (its code withdrawn, so asking again works at once).
 */
export async function register(deps: CodeDelivery, email: string, log: AccountLog): Promise<RegisterResponse> {
  const existing = (await findUserByEmail(deps.db, email)) !== undefined;
  const outcome = await issueCodeFor(deps, { email, purpose: 'sign_in' });
  if (!outcome.ok) {
    // A code already in the inbox still lets the person in: say so, rather than only "wait".
    const live = await hasLiveCode(deps.db, { email, purpose: 'sign_in' }, deps.clock());
    throw live ? alreadySentError(outcome) : lockedError(outcome);
  }
  try {
    await mailCode(deps, { email, purpose: 'sign_in' }, outcome);
  } catch (error) {
    log.error({ err: error }, 'sign-in code mail could not be sent');
    throw new HttpError(503, 'mail_unavailable', 'We could not send the email just now. Please try again in a minute.', { headers: { 'retry-after': '30' } });
  }
  const detail = existing ? `This email is already registered. Enter the code we sent to ${email} to sign in.` : `We sent a 6-digit code to ${email}.`;
  return { detail, existing };
}
