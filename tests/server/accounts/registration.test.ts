import { describe, expect, it } from 'vitest';
import { register } from '#server/domain/accounts/registration';
import { findOrCreateUserByEmail } from '#server/domain/accounts/users';
import { accountDeps, memoryLog, memoryMailer, refusal } from './auth-helpers';
import { emptiedBeforeEachTest } from '../test-app';

// The domain called directly, as the register route calls it: no HTTP in between.
const { database } = emptiedBeforeEachTest();

describe('register', () => {
  it('mails a sign-in code to a new address and to a known one, and says which it is', async () => {
    const mailer = memoryMailer();
    const deps = accountDeps(database(), { mailer });
    await findOrCreateUserByEmail(deps.db, { email: 'known@example.com' });

    expect(await register(deps, 'new@example.com', memoryLog())).toEqual({ detail: 'We sent a 6-digit code to new@example.com.', existing: false });
    expect(await register(deps, 'known@example.com', memoryLog())).toEqual({
      detail: 'This email is already registered. Enter the code we sent to known@example.com to sign in.',
      existing: true,
    });
    expect(mailer.codeFor('new@example.com')).toMatch(/^\d{6}$/);
    expect(mailer.codeFor('known@example.com')).toMatch(/^\d{6}$/);
  });

  it('refuses a second code within the resend lock with 429 and the wait in Retry-After, saying the first still works', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const deps = accountDeps(database(), { clock: () => now });
    await register(deps, 'cook@example.com', memoryLog());
    now = new Date(now.getTime() + 20_000);

    const error = await refusal(register(deps, 'cook@example.com', memoryLog()));
    expect(error).toMatchObject({ statusCode: 429, code: 'code_already_sent', options: { headers: { 'retry-after': '40' } } });
    expect(error.detail).toBe('We already sent a code to this address and it still works. You can ask for a new one in 40 seconds.');
  });

  it('answers 503 when the mail fails, logs the cause, and withdraws the code so asking again works at once', async () => {
    const log = memoryLog();
    const broken = accountDeps(database(), { mailer: { send: async () => Promise.reject(new Error('smtp down')) } });

    const error = await refusal(register(broken, 'cook@example.com', log));
    expect(error).toMatchObject({ statusCode: 503, code: 'mail_unavailable', options: { headers: { 'retry-after': '30' } } });
    expect(error.detail).toBe('We could not send the email just now. Please try again in a minute.');
    expect(log.entries).toEqual([{ level: 'error', message: 'sign-in code mail could not be sent', details: { err: new Error('smtp down') } }]);

    const mailer = memoryMailer();
    await register({ ...broken, mailer }, 'cook@example.com', memoryLog());
    expect(mailer.codeFor('cook@example.com')).toMatch(/^\d{6}$/);
  });
});
