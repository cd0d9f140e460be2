import type { ProfileRequest } from '../../../contracts/accounts';
import type { Tokens } from '../../../contracts/shared/session';
import { HttpError } from '../../http-error';
import type { AccountDeps } from './account-deps';
import { assertAcceptablePassword } from './password-policy';
import { issueSession } from './sessions';
import { updateProfile } from './users';
import { type UserRow } from '../shared/people';

const PASSWORD_KEPT = 'This account already has a password: enter it, or change it through "Forgot password".';

/**
 * Registration's "Join" step: names and a password for the signed-in user, answered with a new
 * session. An account that already has a password keeps it: a bearer token alone must not be
 * enough to change it (that is what "forgot password" is for), so the current one must be given.
 */
export async function completeProfile(deps: Pick<AccountDeps, 'db' | 'passwords' | 'sessions'>, user: UserRow, profile: ProfileRequest): Promise<Tokens> {
  if (profile.email !== user.email) throw new HttpError(403, 'forbidden', 'You can only complete your own profile.');
  let passwordHash: string;
  if (user.passwordHash) {
    if (!(await deps.passwords.verify(profile.password, user.passwordHash))) {
      throw new HttpError(400, 'password_mismatch', PASSWORD_KEPT, { fields: { password: PASSWORD_KEPT } });
    }
    passwordHash = user.passwordHash;
  } else {
    assertAcceptablePassword(profile.password, user.email);
    passwordHash = await deps.passwords.hash(profile.password);
  }
  return deps.db.transaction(async (tx) => {
    await updateProfile(tx, user.id, { firstName: profile.first_name, lastName: profile.last_name, passwordHash });
    return issueSession(tx, user.id, deps.sessions);
  });
}
