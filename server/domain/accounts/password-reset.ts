import type { DetailResponse } from '../../../contracts/accounts';
import type { AccountDeps, AccountLog } from './account-deps';
import { codeError, issueCodeFor, lockedError, mailCode, type CodeDelivery } from './code-delivery';
import { CODE_LIFETIME_MINUTES, consumeCode, type IssueOutcome } from './codes';
import { revokeAllSessions } from './sessions';
import { findUserByEmail, setPasswordHash } from './users';
import { assertAcceptablePassword } from './password-policy';

const FORGOT_ANSWER = `If an account uses this address, we sent a code to it. It works for ${CODE_LIFETIME_MINUTES} minutes.`;

/**
 * "Forgot password": the lock (60 s between sends, 5 an hour) is decided before the answer and
 * for every address, with or without an account: a code is issued for the address either way
 * (for an unknown one it is stored and never mailed), so the 200 or the 429 and its wait are
 * the same for both and an owner who is locked out is told so instead of waiting for a mail.
 * Everything that depends on the account (the lookup and the mail) runs after the answer, so
 * an existing account's extra work cannot be timed from outside.
 */
export async function requestPasswordReset(deps: CodeDelivery & Pick<AccountDeps, 'background'>, email: string, log: AccountLog): Promise<DetailResponse> {
  const input = { email, purpose: 'password_reset' as const };
  const outcome = await issueCodeFor(deps, input);
  if (!outcome.ok) {
    log.info({ reason: outcome.reason }, 'password reset code not sent: address locked');
    throw lockedError(outcome, 'requested');
  }
  deps.background(
    mailResetCode(deps, input, outcome).catch((error: unknown) => {
      log.error({ err: error }, 'password reset code could not be sent');
    }),
  );
  return { detail: FORGOT_ANSWER };
}

async function mailResetCode(
  deps: CodeDelivery,
  input: { email: string; purpose: 'password_reset' },
  issued: Extract<IssueOutcome, { ok: true }>,
): Promise<void> {
  if (!(await findUserByEmail(deps.db, input.email))) return;
  await mailCode(deps, input, issued);
}

/**
 * Sets a new password with a reset code; every session of the account ends with it. A wrong
 * try is committed like any other (the error is thrown after the transaction).
 */
export async function resetPassword(
  deps: Pick<AccountDeps, 'db' | 'passwords' | 'codeKey' | 'clock'>,
  input: { email: string; code: string; password: string },
): Promise<DetailResponse> {
  const { email, code } = input;
  // Refused before the code is looked at: the same answer whether or not the account exists.
  assertAcceptablePassword(input.password, email);
  // Hashed before the transaction: scrypt is slow and must not hold the database.
  const passwordHash = await deps.passwords.hash(input.password);
  const result = await deps.db.transaction(async (tx) => {
    const check = await consumeCode(tx, { email, purpose: 'password_reset', code }, deps.codeKey, deps.clock());
    if (!check.ok) return check;
    const user = await findUserByEmail(tx, email);
    if (!user) return { ok: false as const, reason: 'no_code' as const };
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeAllSessions(tx, user.id, deps.clock());
    return { ok: true as const };
  });
  if (!result.ok) throw codeError(result);
  return { detail: 'Your password has been changed. You can sign in with it now.' };
}
