import type { DetailResponse, VerifyResponse } from '../../../contracts/accounts';
import type { Tokens } from '../../../contracts/shared/session';
import { HttpError } from '../../http-error';
import type { AccountDeps } from './account-deps';
import { codeError } from './code-delivery';
import { consumeCode } from './codes';
import { issueSession, revokeSessionOf } from './sessions';
import { findOrCreateUserByEmail, findUserByEmail, needsProfile } from './users';

const INVALID_CREDENTIALS = 'Email or password is incorrect.';

/**
 * Signs in with an emailed code, creating the account on its first use; `need_profile` tells
 * the client that registration's "Join" step is still to do.
 */
export async function signInWithCode(
  deps: Pick<AccountDeps, 'db' | 'codeKey' | 'clock' | 'sessions'>,
  input: { email: string; code: string },
): Promise<VerifyResponse> {
  // A wrong try must be committed even though the answer is an error: the transaction returns
  // the outcome and the error is thrown after the commit.
  const result = await deps.db.transaction(async (tx) => {
    const check = await consumeCode(tx, { ...input, purpose: 'sign_in' }, deps.codeKey, deps.clock());
    if (!check.ok) return check;
    const { user } = await findOrCreateUserByEmail(tx, { email: input.email });
    const tokens = await issueSession(tx, user.id, deps.sessions);
    return { ok: true as const, tokens, needProfile: needsProfile(user) };
  });
  if (!result.ok) throw codeError(result);
  return { ...result.tokens, need_profile: result.needProfile };
}

/**
 * Signs in with a password. Unknown address, no password (code or Google only) and wrong
 * password look alike, and cost the same scrypt work.
 */
export async function signInWithPassword(
  deps: Pick<AccountDeps, 'db' | 'passwords' | 'sessions'>,
  input: { email: string; password: string },
): Promise<Tokens> {
  const user = await findUserByEmail(deps.db, input.email);
  const { passwords } = deps;
  const ok = user?.passwordHash ? await passwords.verify(input.password, user.passwordHash) : await passwords.verifyDummy(input.password);
  if (!ok || !user) throw new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  return deps.db.transaction((tx) => issueSession(tx, user.id, deps.sessions));
}

/** Ends the session `refresh` belongs to; an unknown token is fine (signing out twice is). */
export async function signOut(deps: Pick<AccountDeps, 'db' | 'clock'>, refresh: string): Promise<DetailResponse> {
  await deps.db.transaction((tx) => revokeSessionOf(tx, refresh, deps.clock()));
  return { detail: 'Signed out.' };
}
