import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD, PASSWORD_HAS_EMAIL } from '#server/domain/accounts/password-policy';
import { memoryMailer, manualClock, authAppForFile } from './auth-helpers';

const mailer = memoryMailer();
const clock = manualClock();
const { t, api } = authAppForFile(mailer, clock);

/** Register and verify `email`; the resend lock is stepped over by moving the clock. */
async function signInByCode(email: string) {
  clock.advance(61_000);
  const register = await api.post('/auth/register/', { email, accepted_terms: true });
  expect(register.statusCode).toBe(200);
  const verify = await api.post('/auth/verify/', { email: email.toLowerCase(), code: mailer.codeFor(email.toLowerCase()) });
  expect(verify.statusCode).toBe(200);
  return { register: register.json(), verify: verify.json() };
}

describe('register → verify → profile → me', () => {
  it('creates the account, asks for the profile, then signs in with the password', async () => {
    const { register, verify } = await signInByCode('New.Owner@Example.com');
    expect(register).toEqual({ existing: false, detail: 'We sent a 6-digit code to new.owner@example.com.' });
    expect(verify).toMatchObject({ need_profile: true, access: expect.any(String), refresh: expect.any(String) });
    const mail = mailer.sent.at(-1);
    expect(mail?.to).toBe('new.owner@example.com');
    expect(mail?.subject).toMatch(/^\d{6} is your Tablefront sign-in code$/);
    expect(mail?.text).toContain('expires in 10 minutes');

    const profile = await api.post(
      '/auth/profile/',
      { email: 'NEW.OWNER@example.com', first_name: ' Ada ', last_name: 'Lovelace', password: 'correct horse' },
      verify.access,
    );
    expect(profile.statusCode).toBe(200);
    const tokens = profile.json();
    expect(tokens).toEqual({ access: expect.any(String), refresh: expect.any(String) });

    const me = await api.get('/auth/me/', tokens.access);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: expect.any(Number),
      email: 'new.owner@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      is_staff: false,
      is_superadmin: false,
      active_restaurant_id: null,
      active_restaurant_name: null,
    });

    const login = await api.post('/auth/login/', { email: 'New.Owner@EXAMPLE.com', password: 'correct horse' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
  });

  it.each([
    ['one of the most common passwords', 'Password1', COMMON_PASSWORD],
    ['a common password in other capitals', 'QWERTYUIOP', COMMON_PASSWORD],
    ['the part of the email before the @', 'xx-weak.owner-2026', PASSWORD_HAS_EMAIL],
    ['the whole email', 'weak.owner@example.com!', PASSWORD_HAS_EMAIL],
  ])('refuses %s as a new password on the field, and keeps the account without one', async (_what, password, message) => {
    const { verify } = await signInByCode('weak.owner@example.com');
    const response = await api.post('/auth/profile/', { email: 'weak.owner@example.com', first_name: 'W', last_name: 'O', password }, verify.access);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: message, code: 'weak_password', fields: { password: message } });
    const [row] = await t.database.query('select password_hash from users where email = $1', ['weak.owner@example.com']);
    expect(row?.password_hash).toBeNull();
  });

  it('answers existing: true for a known address, and the code signs that account in without a profile step', async () => {
    const { register, verify } = await signInByCode('new.owner@example.com');
    expect(register.existing).toBe(true);
    expect(verify.need_profile).toBe(false);
    const users = await t.database.query('select count(*)::int as n from users where email = $1', ['new.owner@example.com']);
    expect(users[0]?.n).toBe(1);
  });

  it('refuses a profile for another address than the token’s, changing nothing', async () => {
    const { verify } = await signInByCode('mallory@example.com');
    const response = await api.post(
      '/auth/profile/',
      { email: 'new.owner@example.com', first_name: 'M', last_name: 'X', password: 'password123' },
      verify.access,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'forbidden' });
    const [row] = await t.database.query('select first_name from users where email = $1', ['new.owner@example.com']);
    expect(row?.first_name).toBe('Ada');
  });

  it('does not let a bearer token alone replace an existing password', async () => {
    const { verify } = await signInByCode('new.owner@example.com');
    const response = await api.post(
      '/auth/profile/',
      { email: 'new.owner@example.com', first_name: 'Ada', last_name: 'L', password: 'another password' },
      verify.access,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'password_mismatch', fields: { password: expect.any(String) } });
    expect((await api.post('/auth/login/', { email: 'new.owner@example.com', password: 'correct horse' })).statusCode).toBe(200);
  });

  it('refuses profile and me without a token', async () => {
    const me = await api.get('/auth/me/');
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ detail: 'Please sign in.', code: 'not_authenticated' });
    const profile = await api.post('/auth/profile/', { email: 'a@example.com', first_name: 'A', last_name: 'B', password: 'password123' });
    expect(profile.statusCode).toBe(401);
  });

  it('refuses bad input with field messages', async () => {
    const register = await api.post('/auth/register/', { email: 'nope', accepted_terms: false });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toEqual({
      detail: 'Some fields are not valid.',
      code: 'invalid',
      fields: { email: 'Please enter a valid email.', accepted_terms: 'You must accept Terms and Privacy.' },
    });
    const verify = await api.post('/auth/verify/', { email: 'a@example.com', code: '12a456' });
    expect(verify.json()).toMatchObject({ code: 'invalid', fields: { code: 'Enter the 6-digit code.' } });
  });
});

describe('login', () => {
  it('gives one generic answer for an unknown email, a wrong password and a password-less account', async () => {
    await signInByCode('codes.only@example.com');
    const answers = await Promise.all([
      api.post('/auth/login/', { email: 'nobody@example.com', password: 'whatever1' }),
      api.post('/auth/login/', { email: 'new.owner@example.com', password: 'wrong password' }),
      api.post('/auth/login/', { email: 'codes.only@example.com', password: 'whatever1' }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ detail: 'Email or password is incorrect.', code: 'invalid_credentials' });
    }
  });
});

describe('refresh and logout', () => {
  async function login() {
    return (await api.post('/auth/login/', { email: 'new.owner@example.com', password: 'correct horse' })).json() as { access: string; refresh: string };
  }

  it('rotates the refresh token on every use', async () => {
    const first = await login();
    const renewed = await api.post('/auth/token/refresh/', { refresh: first.refresh });
    expect(renewed.statusCode).toBe(200);
    const second = renewed.json();
    expect(second.refresh).not.toBe(first.refresh);
    expect((await api.get('/auth/me/', second.access)).statusCode).toBe(200);
    expect((await api.post('/auth/token/refresh/', { refresh: second.refresh })).statusCode).toBe(200);
  });

  it('revokes the whole family when a replaced token is presented again', async () => {
    const first = await login();
    const second = (await api.post('/auth/token/refresh/', { refresh: first.refresh })).json();
    const replay = await api.post('/auth/token/refresh/', { refresh: first.refresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'token_invalid' });
    // The legitimate holder's newer token is dead too: someone else had a copy.
    const after = await api.post('/auth/token/refresh/', { refresh: second.refresh });
    expect(after.statusCode).toBe(401);
  });

  it('refuses an unknown and an expired refresh token', async () => {
    expect((await api.post('/auth/token/refresh/', { refresh: 'not-a-token' })).json()).toMatchObject({ code: 'token_invalid' });
    const tokens = await login();
    clock.advance(31 * 86_400_000);
    const expired = await api.post('/auth/token/refresh/', { refresh: tokens.refresh });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'token_expired' });
  });

  it('logout revokes the family; signing out twice is fine', async () => {
    const tokens = await login();
    const renewed = (await api.post('/auth/token/refresh/', { refresh: tokens.refresh })).json();
    const out = await api.post('/auth/logout/', { refresh: renewed.refresh });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ detail: 'Signed out.' });
    expect((await api.post('/auth/token/refresh/', { refresh: renewed.refresh })).statusCode).toBe(401);
    expect((await api.post('/auth/logout/', { refresh: renewed.refresh })).statusCode).toBe(200);
  });

  // Issue 28: the access token kept working for the rest of its 15 minutes after logout.
  it('logout ends the access token at once, on reads that check the user beside their list too', async () => {
    const phone = await login();
    const laptop = await login();
    // The restaurant being set up is the owner's, and a topping of its own: the list's page has a
    // row, so the user is read in the list's own statement, not after it.
    await api.post('/onboarding/start/', {}, phone.access);
    expect((await api.post('/toppings/', { name: 'Olives' }, phone.access)).statusCode).toBe(201);
    // Seen once, so the list's own statement reads the user (readAsViewer) on the next call.
    for (const path of ['/auth/me/', '/toppings/']) expect((await api.get(path, phone.access)).statusCode, path).toBe(200);
    expect((await api.post('/auth/logout/', { refresh: phone.refresh })).statusCode).toBe(200);
    for (const path of ['/auth/me/', '/toppings/']) {
      const answer = await api.get(path, phone.access);
      expect(answer.statusCode, path).toBe(401);
      expect(answer.json(), path).toMatchObject({ code: 'token_invalid' });
    }
    // The laptop's session lives on: its refresh token signs an access token that works.
    const renewed = await api.post('/auth/token/refresh/', { refresh: laptop.refresh });
    expect(renewed.statusCode).toBe(200);
    expect((await api.get('/auth/me/', renewed.json().access)).statusCode).toBe(200);
  });
});
