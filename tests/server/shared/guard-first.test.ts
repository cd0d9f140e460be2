/**
 * Issue 28: sign-in is checked before any contract reads the body. Nine routes (accounts,
 * onboarding, upload) guarded after validation, so an anonymous caller's body of 60,000 unknown
 * fields was walked and answered field by field before the 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoutes, type ServerRoute } from '../../support/contract-routes';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
let guarded: ServerRoute[];

beforeAll(async () => {
  t = await createTestApp();
  guarded = (await serverRoutes()).filter((route) => route.audience !== 'anyone' && ['POST', 'PUT', 'PATCH'].includes(route.method));
});
afterAll(() => t?.close());

describe('routes that need sign-in', () => {
  it('run their guard before the body contract', async () => {
    expect(guarded.length).toBeGreaterThan(20);
    expect(guarded.filter((route) => route.guardsAfterValidation).map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('answer an anonymous body of unknown fields 401, naming no field', async () => {
    const body = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`unknown_${index}`, index]));
    const answers = await Promise.all(
      guarded.map(async (route) => {
        const response = await t.app.inject({ method: route.method as 'POST', url: route.url.replace(/:\w+/g, '1'), payload: body });
        return { route: `${route.method} ${route.url}`, status: response.statusCode, fields: 'fields' in response.json() };
      }),
    );
    expect(answers.filter((answer) => answer.status !== 401 || answer.fields)).toEqual([]);
  });
});
