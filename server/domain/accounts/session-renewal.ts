import type { Tokens } from '../../../contracts/shared/session';
import { HttpError } from '../../http-error';
import type { AccountDeps, AccountLog } from './account-deps';
import { rotateRefreshToken } from './sessions';

/**
 * New tokens for a refresh token. A replayed one has its whole session family revoked (committed
 * before the refusal), and the person is told why their session ended.
 */
export async function renewSession(deps: Pick<AccountDeps, 'db' | 'sessions'>, refresh: string, log: AccountLog): Promise<Tokens> {
  const result = await deps.db.transaction((tx) => rotateRefreshToken(tx, refresh, deps.sessions));
  if (result.ok) return result.tokens;
  if (result.reason === 'token_expired') throw new HttpError(401, 'token_expired', 'Your session has expired. Please sign in again.');
  if (result.reason === 'token_reused') {
    log.warn('a replaced refresh token was presented again: its session family is revoked');
    throw new HttpError(401, 'token_invalid', 'This session has ended because its renewal token was used twice. Please sign in again.');
  }
  throw new HttpError(401, 'token_invalid', 'Your session is not valid. Please sign in again.');
}
