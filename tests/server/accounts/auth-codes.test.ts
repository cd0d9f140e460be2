import { beforeEach, describe, expect, it } from 'vitest';
import { client, manualClock, memoryMailer, authAppForFile } from './auth-helpers';
import { createTestApp } from '../test-app';
import { COMMON_PASSWORD } from '#server/domain/accounts/password-policy';
import { findOrCreateUserByEmail } from '#server/domain/accounts/users';

const mailer = memoryMailer();
const clock = manualClock();
// One app for the file; each test has an address of its own (the counters are per address) and
// the shared clock only ever moves forward.
const { t, api } = authAppForFile(mailer, clock);

let EMAIL = '';
let serial = 0;
beforeEach(() => {
  serial += 1;
  EMAIL = `cook${serial}@example.com`;
});
const sentTo = () => mailer.sent.filter((m) => m.to === EMAIL);
const register = () => api.post('/auth/register/', { email: EMAIL, accepted_terms: true });
const verify = (code: string) => api.post('/auth/verify/', { email: EMAIL, code });
const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

describe('one-time codes', () => {
  it('are 6 digits, stored only as a keyed hash', async () => {
    await register();
    const code = mailer.codeFor(EMAIL);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.database.query('select * from one_time_codes where email = $1', [EMAIL]);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(code);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('expire after 10 minutes', async () => {
    await register();
    const code = mailer.codeFor(EMAIL);
    clock.advance(10 * 60_000);
    const response = await verify(code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'code_expired', detail: 'This code has expired. Please ask for a new one.' });
  });

  it('work just before expiry, and only once', async () => {
    await register();
    const code = mailer.codeFor(EMAIL);
    clock.advance(10 * 60_000 - 1);
    expect((await verify(code)).statusCode).toBe(200);
    const again = await verify(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'code_invalid' });
  });

  it('answer a wrong code with the tries left, and are void after 5 wrong tries', async () => {
    await register();
    const code = mailer.codeFor(EMAIL);
    for (let left = 4; left >= 1; left -= 1) {
      const response = await verify(wrong(code));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'code_invalid', detail: `This code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.` });
    }
    expect((await verify(wrong(code))).json()).toMatchObject({ code: 'code_used_up' });
    // The right code no longer works either.
    const right = await verify(code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ code: 'code_used_up' });
    expect(await t.database.query('select id from users where email = $1', [EMAIL])).toHaveLength(0);
  });

  it('only the newest code works', async () => {
    await register();
    const first = mailer.codeFor(EMAIL);
    clock.advance(61_000);
    await register();
    const second = mailer.codeFor(EMAIL);
    if (first !== second) expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('are sent at most once per 60 s per address, with Retry-After and a sentence', async () => {
    expect((await register()).statusCode).toBe(200);
    clock.advance(20_000);
    const locked = await api.post('/auth/register/', { email: EMAIL.toUpperCase(), accepted_terms: true });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('40');
    // The code already mailed still works: the answer says so, for the screen to go on to it.
    expect(locked.json()).toEqual({
      code: 'code_already_sent',
      detail: 'We already sent a code to this address and it still works. You can ask for a new one in 40 seconds.',
    });
    // Once that code is void (five wrong tries), the lock is only a wait.
    const code = mailer.codeFor(EMAIL);
    for (let attempt = 0; attempt < 5; attempt += 1) await verify(wrong(code));
    const voided = await register();
    expect(voided.statusCode).toBe(429);
    expect(voided.json()).toEqual({ code: 'rate_limited', detail: 'A code was sent to this address moments ago. You can ask for a new one in 40 seconds.' });
    expect(sentTo()).toHaveLength(1);
    clock.advance(40_000);
    expect((await register()).statusCode).toBe(200);
  });

  it('are sent at most 5 times per hour per address', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await register()).statusCode).toBe(200);
      clock.advance(61_000);
    }
    const capped = await register();
    expect(capped.statusCode).toBe(429);
    // The first send was 5 × 61 s ago: the hour reopens in 3600 − 305 s.
    expect(capped.headers['retry-after']).toBe(String(3600 - 305));
    // The fifth code (61 s old) still works.
    expect(capped.json()).toMatchObject({ code: 'code_already_sent', detail: expect.stringMatching(/in 55 minutes\.$/) });
    // Ten minutes on, it has expired: only the wait is left to tell.
    clock.advance(600_000);
    const expired = await register();
    expect(expired.headers['retry-after']).toBe(String(3600 - 905));
    expect(expired.json()).toEqual({ code: 'rate_limited', detail: 'Too many codes were sent to this address. Please try again in 45 minutes.' });
    expect(sentTo()).toHaveLength(5);
  });

  it('are withdrawn when the mail cannot be sent, so the address is not locked', async () => {
    const failing = {
      send: async () => {
        throw new Error('smtp down');
      },
    };
    const broken = await createTestApp({ mailer: failing, clock: clock.now });
    try {
      const response = await client(broken).post('/auth/register/', { email: EMAIL, accepted_terms: true });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'mail_unavailable' });
      expect(await broken.database.query('select id from one_time_codes')).toHaveLength(0);
    } finally {
      await broken.close();
    }
  });
});

describe('password forgot and reset', () => {
  async function createAccount() {
    await register();
    const tokens = (await verify(mailer.codeFor(EMAIL))).json();
    await api.post('/auth/profile/', { email: EMAIL, first_name: 'C', last_name: 'K', password: 'old password' }, tokens.access);
    clock.advance(61_000);
    return (await api.post('/auth/login/', { email: EMAIL, password: 'old password' })).json() as { access: string; refresh: string };
  }
  // The code is looked up, issued and mailed after the answer: wait for that work.
  const flush = () => t.app.backgroundSettled();

  it('answers the same whether or not the account exists, and only mails an existing one', async () => {
    await createAccount();
    const before = mailer.sent.length;
    const stranger = `stranger${serial}@example.com`;
    const known = await api.post('/auth/password/forgot/', { email: EMAIL });
    const unknown = await api.post('/auth/password/forgot/', { email: stranger });
    await flush();
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    expect(mailer.sent.slice(before).map((m) => m.to)).toEqual([EMAIL]);
    expect(mailer.sent.at(-1)?.subject).toMatch(/password reset code$/);
    // Inside the resend lock: a 429 that says so, no second mail.
    const locked = await api.post('/auth/password/forgot/', { email: EMAIL });
    expect(locked.statusCode).toBe(429);
    await flush();
    expect(mailer.sent.length).toBe(before + 1);
  });

  it('tells a locked address so, with its wait, the same for an existing and an unknown address', async () => {
    await findOrCreateUserByEmail(t.database.db, { email: EMAIL });
    const stranger = `stranger${serial}@example.com`;
    const forgot = (email: string) => api.post('/auth/password/forgot/', { email });
    // Five requests in the hour for both addresses, a minute apart (the resend lock).
    for (let request = 0; request < 5; request += 1) {
      expect((await forgot(EMAIL)).statusCode).toBe(200);
      expect((await forgot(stranger)).statusCode).toBe(200);
      clock.advance(61_000);
    }
    await flush();
    const before = mailer.sent.length;
    const known = await forgot(EMAIL);
    const unknown = await forgot(stranger);
    await flush();
    expect(known.statusCode).toBe(429);
    expect(known.json()).toEqual({
      detail: 'Too many codes were asked for this address. No code was sent. Please try again in 55 minutes.',
      code: 'rate_limited',
    });
    expect(known.headers['retry-after']).toBe(String(3600 - 5 * 61));
    expect(mailer.sent.length).toBe(before);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.headers['retry-after']).toBe(known.headers['retry-after']);
  });

  it('resets the password with the code and ends every session', async () => {
    const session = await createAccount();
    await api.post('/auth/password/forgot/', { email: EMAIL });
    await flush();
    const code = mailer.codeFor(EMAIL);
    const reset = await api.post('/auth/password/reset/', { email: EMAIL, code, password: 'new password' });
    expect(reset.statusCode).toBe(200);
    expect((await api.post('/auth/login/', { email: EMAIL, password: 'old password' })).statusCode).toBe(401);
    expect((await api.post('/auth/login/', { email: EMAIL, password: 'new password' })).statusCode).toBe(200);
    expect((await api.post('/auth/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
    // The access token ends with the reset too, not when it expires (issue 28).
    expect((await api.get('/auth/me/', session.access)).statusCode).toBe(401);
    // A sign-in code is no reset code.
    clock.advance(61_000);
    await register();
    const misuse = await api.post('/auth/password/reset/', { email: EMAIL, code: mailer.codeFor(EMAIL), password: 'third password' });
    expect(misuse.statusCode).toBe(400);
  });

  it('refuses a wrong code and changes nothing', async () => {
    await createAccount();
    await api.post('/auth/password/forgot/', { email: EMAIL });
    await flush();
    const code = mailer.codeFor(EMAIL);
    const response = await api.post('/auth/password/reset/', { email: EMAIL, code: wrong(code), password: 'new password' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'code_invalid', fields: { code: expect.any(String) } });
    expect((await api.post('/auth/login/', { email: EMAIL, password: 'old password' })).statusCode).toBe(200);
    const short = await api.post('/auth/password/reset/', { email: EMAIL, code, password: 'short' });
    expect(short.json()).toMatchObject({ code: 'invalid', fields: { password: 'Password must be at least 8 characters.' } });
    // A common password is refused before the code is looked at: the code still works afterwards.
    const common = await api.post('/auth/password/reset/', { email: EMAIL, code, password: 'iloveyou1' });
    expect(common.json()).toEqual({ detail: COMMON_PASSWORD, code: 'weak_password', fields: { password: COMMON_PASSWORD } });
    expect((await api.post('/auth/password/reset/', { email: EMAIL, code, password: 'new password' })).statusCode).toBe(200);
  });
});
