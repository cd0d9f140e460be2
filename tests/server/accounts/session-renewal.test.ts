import { describe, expect, it } from 'vitest';
import { renewSession } from '#server/domain/accounts/session-renewal';
import { issueSession } from '#server/domain/accounts/sessions';
import { signOut } from '#server/domain/accounts/sign-in';
import { findOrCreateUserByEmail } from '#server/domain/accounts/users';
import { accountDeps, memoryLog, refusal } from './auth-helpers';
import { emptiedBeforeEachTest } from '../test-app';

// The domain called directly, as the refresh and logout routes call it: no HTTP in between.
const { database } = emptiedBeforeEachTest();

async function signedIn(deps: ReturnType<typeof accountDeps>) {
  const { user } = await findOrCreateUserByEmail(deps.db, { email: 'owner@example.com' });
  return issueSession(deps.db, user.id, deps.sessions);
}

describe('renewSession', () => {
  it('ends the whole session family when a replaced token comes back, warns operators and tells the person why', async () => {
    const deps = accountDeps(database());
    const first = await signedIn(deps);
    const second = await renewSession(deps, first.refresh, memoryLog());
    const log = memoryLog();

    expect(await refusal(renewSession(deps, first.refresh, log))).toMatchObject({
      statusCode: 401,
      code: 'token_invalid',
      detail: 'This session has ended because its renewal token was used twice. Please sign in again.',
    });
    expect(log.entries).toEqual([{ level: 'warn', message: 'a replaced refresh token was presented again: its session family is revoked' }]);
    // The revocation was committed although the request was refused: the newer token is dead too.
    expect(await refusal(renewSession(deps, second.refresh, memoryLog()))).toMatchObject({ code: 'token_invalid' });
  });

  it('tells an expired session from an unknown token', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const deps = accountDeps(database(), { clock: () => now });
    const tokens = await signedIn(deps);
    now = new Date(now.getTime() + 31 * 86_400_000);

    expect(await refusal(renewSession(deps, tokens.refresh, memoryLog()))).toMatchObject({
      code: 'token_expired',
      detail: 'Your session has expired. Please sign in again.',
    });
    expect(await refusal(renewSession(deps, 'not-a-token', memoryLog()))).toMatchObject({
      code: 'token_invalid',
      detail: 'Your session is not valid. Please sign in again.',
    });
  });
});

describe('signOut', () => {
  it('ends the session, and signing out again is fine', async () => {
    const deps = accountDeps(database());
    const tokens = await signedIn(deps);

    expect(await signOut(deps, tokens.refresh)).toEqual({ detail: 'Signed out.' });
    expect(await refusal(renewSession(deps, tokens.refresh, memoryLog()))).toMatchObject({ statusCode: 401 });
    expect(await signOut(deps, tokens.refresh)).toEqual({ detail: 'Signed out.' });
  });
});
