import { describe, expect, it } from 'vitest';
import { requestPasswordReset, resetPassword } from '#server/domain/accounts/password-reset';
import { signInWithPassword } from '#server/domain/accounts/sign-in';
import { findOrCreateUserByEmail } from '#server/domain/accounts/users';
import type { MailMessage } from '#server/domain/shared/mail';
import { accountDeps, memoryLog, memoryMailer, refusal } from './auth-helpers';
import { emptiedBeforeEachTest } from '../test-app';

// The domain called directly, as the password routes call it: no HTTP in between.
const { database } = emptiedBeforeEachTest();
const ANSWER = { detail: 'If an account uses this address, we sent a code to it. It works for 10 minutes.' };

/** Account deps whose background work (the reset code's lookup, issue and mail) a test can wait for. */
function depsWithTasks(overrides: Parameters<typeof accountDeps>[1] = {}) {
  const tasks: Promise<unknown>[] = [];
  const deps = accountDeps(database(), { background: (task) => void tasks.push(task), ...overrides });
  return { deps, tasks, settled: () => Promise.all(tasks) };
}

describe('requestPasswordReset', () => {
  it('answers before the account is looked up: lookup and mail run after the answer', async () => {
    const sent: MailMessage[] = [];
    let deliver!: () => void;
    let mailStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      mailStarted = resolve;
    });
    const slowMailer = {
      send: (message: MailMessage) =>
        new Promise<void>((resolve) => {
          deliver = () => {
            sent.push(message);
            resolve();
          };
          mailStarted();
        }),
    };
    const { deps, tasks, settled } = depsWithTasks({ mailer: slowMailer });
    await findOrCreateUserByEmail(deps.db, { email: 'owner@example.com' });

    expect(await requestPasswordReset(deps, 'owner@example.com', memoryLog())).toEqual(ANSWER);
    expect(tasks).toHaveLength(1);
    await started;
    expect(sent).toEqual([]);
    deliver();
    await settled();
    expect(sent.map((message) => message.to)).toEqual(['owner@example.com']);
  });

  it('locks an unknown address like a known one, mailing only the known one, and logs the lock', async () => {
    const mailer = memoryMailer();
    const { deps, settled } = depsWithTasks({ mailer });
    await findOrCreateUserByEmail(deps.db, { email: 'owner@example.com' });
    expect(await requestPasswordReset(deps, 'owner@example.com', memoryLog())).toEqual(ANSWER);
    expect(await requestPasswordReset(deps, 'nobody@example.com', memoryLog())).toEqual(ANSWER);
    await settled();
    const log = memoryLog();

    const known = await refusal(requestPasswordReset(deps, 'owner@example.com', log));
    const unknown = await refusal(requestPasswordReset(deps, 'nobody@example.com', log));
    await settled();
    expect(mailer.sent.map((message) => message.to)).toEqual(['owner@example.com']);
    expect(known).toMatchObject({
      statusCode: 429,
      code: 'rate_limited',
      detail: 'A code was asked for this address moments ago. You can ask for a new one in 60 seconds.',
    });
    expect(unknown).toMatchObject({ statusCode: known.statusCode, options: known.options, code: known.code, detail: known.detail });
    const lock = { level: 'info', message: 'password reset code not sent: address locked', details: { reason: 'resend_locked' } };
    expect(log.entries).toEqual([lock, lock]);
  });

  it('logs a mail that fails after the answer instead of failing the request', async () => {
    const log = memoryLog();
    const { deps, settled } = depsWithTasks({ mailer: { send: async () => Promise.reject(new Error('smtp down')) } });
    await findOrCreateUserByEmail(deps.db, { email: 'owner@example.com' });

    expect(await requestPasswordReset(deps, 'owner@example.com', log)).toEqual(ANSWER);
    await settled();
    expect(log.entries).toEqual([{ level: 'error', message: 'password reset code could not be sent', details: { err: new Error('smtp down') } }]);
  });
});

describe('resetPassword', () => {
  it('sets the new password with the mailed code', async () => {
    const mailer = memoryMailer();
    const { deps, settled } = depsWithTasks({ mailer });
    await findOrCreateUserByEmail(deps.db, { email: 'owner@example.com' });
    await requestPasswordReset(deps, 'owner@example.com', memoryLog());
    await settled();

    const code = mailer.codeFor('owner@example.com');
    expect(await resetPassword(deps, { email: 'owner@example.com', code, password: 'new secret words' })).toEqual({
      detail: 'Your password has been changed. You can sign in with it now.',
    });
    await expect(signInWithPassword(deps, { email: 'owner@example.com', password: 'new secret words' })).resolves.toHaveProperty('access');
  });

  it('counts a wrong code even though it refuses it, and changes nothing', async () => {
    const mailer = memoryMailer();
    const { deps, settled } = depsWithTasks({ mailer });
    await findOrCreateUserByEmail(deps.db, { email: 'owner@example.com' });
    await requestPasswordReset(deps, 'owner@example.com', memoryLog());
    await settled();
    const wrong = mailer.codeFor('owner@example.com') === '000000' ? '000001' : '000000';
    const attempt = () => resetPassword(deps, { email: 'owner@example.com', code: wrong, password: 'new secret words' });

    expect(await refusal(attempt())).toMatchObject({ statusCode: 400, code: 'code_invalid', detail: 'This code is not correct. 4 tries left.' });
    expect(await refusal(attempt())).toMatchObject({ detail: 'This code is not correct. 3 tries left.' });
    expect(await refusal(signInWithPassword(deps, { email: 'owner@example.com', password: 'new secret words' }))).toMatchObject({
      code: 'invalid_credentials',
    });
  });
});
