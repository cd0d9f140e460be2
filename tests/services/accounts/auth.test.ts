import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '#src/services/shared/api';
import { forgotPassword, login, register, resetPassword, saveProfile, startOnboarding, verify } from '#src/services/accounts/auth';
import { safeNextPath, completeSignIn, type SignInDependencies } from '#src/services/accounts/sign-in';
import { startTestServer, type TestServer } from '../../support/http-test-server';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const client = (token: string | null = 'STORED') => createApiClient({ baseUrl: `${server.url}/api/v2`, tokens: { accessToken: () => token } });

describe('accounts calls', () => {
  it('sends register, verify, login, forgot and reset without a bearer, tidied by the contracts', async () => {
    server.enqueue(
      { json: { detail: 'sent', existing: false } },
      { json: { access: 'a', refresh: 'r', need_profile: true } },
      { json: { access: 'a', refresh: 'r' } },
      { json: { detail: 'ok' } },
      { json: { detail: 'ok' } },
    );
    const api = client();
    expect(await register({ email: ' Owner@Example.com ', accepted_terms: true }, api)).toEqual({ detail: 'sent', existing: false });
    await verify({ email: 'owner@example.com', code: ' 123456 ' }, api);
    await login({ email: ' Owner@Example.com', password: ' spaced ' }, api);
    await forgotPassword({ email: 'owner@example.com' }, api);
    await resetPassword({ email: 'owner@example.com', code: '123456', password: 'new password' }, api);
    expect(server.requests.map((request) => [request.method, request.url, request.headers.authorization])).toEqual([
      ['POST', '/api/v2/auth/register/', undefined],
      ['POST', '/api/v2/auth/verify/', undefined],
      ['POST', '/api/v2/auth/login/', undefined],
      ['POST', '/api/v2/auth/password/forgot/', undefined],
      ['POST', '/api/v2/auth/password/reset/', undefined],
    ]);
    expect(server.requests.map((request) => JSON.parse(request.body))).toEqual([
      { email: 'owner@example.com', accepted_terms: true },
      { email: 'owner@example.com', code: '123456' },
      // Passwords are never trimmed.
      { email: 'owner@example.com', password: ' spaced ' },
      { email: 'owner@example.com' },
      { email: 'owner@example.com', code: '123456', password: 'new password' },
    ]);
  });

  it('sends the profile with the token verify returned, and onboarding start with the stored one', async () => {
    server.enqueue({ json: { access: 'a2', refresh: 'r2' } }, { json: { id: 7, launched: false } });
    const profile = { email: 'owner@example.com', first_name: 'Ada', last_name: 'Lovelace', password: 'correct horse' };
    await saveProfile(profile, 'FROM-VERIFY', client('FROM-VERIFY'));
    expect(await startOnboarding(client('STORED'))).toEqual({ id: 7, launched: false });
    expect(server.requests.map((request) => request.headers.authorization)).toEqual(['Bearer FROM-VERIFY', 'Bearer STORED']);
    expect(server.requests[1]!.url).toBe('/api/v2/onboarding/start/');
  });

  it('refuses an answer that breaks its contract', async () => {
    server.enqueue({ json: { access: 'a' } });
    await expect(login({ email: 'a@b.co', password: 'x' }, client())).rejects.toThrow();
  });
});

const user = (admin: boolean) => ({
  id: 1,
  email: 'a@b.co',
  first_name: 'A',
  last_name: 'B',
  is_staff: admin,
  is_superadmin: false,
  active_restaurant_id: null,
  active_restaurant_name: null,
});

function deps(admin: boolean, launched: boolean) {
  const saved: unknown[] = [];
  let started = 0;
  const dependencies: SignInDependencies = {
    saveTokens: (tokens, options) => saved.push({ tokens, options }),
    fetchCurrentUser: async () => user(admin),
    startOnboarding: async () => {
      started += 1;
      return { id: 9, launched };
    },
  };
  return { dependencies, saved, started: () => started };
}

describe('completeSignIn', () => {
  const tokens = { access: 'A', refresh: 'R' };

  it('stores the tokens as asked and sends an admin to /admin without starting onboarding', async () => {
    const { dependencies, saved, started } = deps(true, false);
    expect(await completeSignIn(tokens, { remember: false }, dependencies)).toBe('/admin');
    expect(saved).toEqual([{ tokens, options: { remember: false } }]);
    expect(started()).toBe(0);
  });

  it('starts onboarding for others: launched to /backoffice, else the location step', async () => {
    expect(await completeSignIn(tokens, { remember: true }, deps(false, true).dependencies)).toBe('/backoffice');
    expect(await completeSignIn(tokens, { remember: true }, deps(false, false).dependencies)).toBe('/onboard/9/location');
  });

  it('follows a safe next path, and /admin paths only for admins', async () => {
    expect(await completeSignIn(tokens, { remember: true, next: '/backoffice/menu?tab=2' }, deps(false, true).dependencies)).toBe('/backoffice/menu?tab=2');
    expect(await completeSignIn(tokens, { remember: true, next: '/admin/territories' }, deps(false, true).dependencies)).toBe('/backoffice');
    expect(await completeSignIn(tokens, { remember: true, next: '/admin/territories' }, deps(true, true).dependencies)).toBe('/admin/territories');
  });

  it.each([
    '//evil.example/x',
    '/.//evil.example/x',
    '/%2e%2e//evil.example',
    'https://evil.example/',
    '/\\evil.example',
    'backoffice',
    '/login?next=/x',
    '/register',
  ])('does not follow %s', (next) => {
    expect(safeNextPath(next, user(true))).toBeNull();
  });
});
