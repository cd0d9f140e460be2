import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryMailer, client } from '../accounts/auth-helpers';
import { createTestApp, type TestApp } from '../test-app';

const mailer = memoryMailer();
let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ mailer, config: { authLimitPerMinute: 1000 } });
  api = client(t);
});
afterAll(() => t.close());

async function signIn(email: string): Promise<string> {
  await api.post('/auth/register/', { email, accepted_terms: true });
  return (await api.post('/auth/verify/', { email, code: mailer.codeFor(email) })).json().access;
}

describe('POST /api/v2/onboarding/start/ and GET /api/v2/onboarding/{id}/status/', () => {
  it('creates the restaurant once, makes it active, and answers the same on later calls', async () => {
    const token = await signIn('first@example.com');
    const first = await api.post('/onboarding/start/', {}, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: expect.any(Number), launched: false });
    const [again, concurrent] = await Promise.all([api.post('/onboarding/start/', {}, token), api.post('/onboarding/start/', {}, token)]);
    expect(again.json()).toEqual(first.json());
    expect(concurrent.json()).toEqual(first.json());
    expect(await t.database.query('select id from restaurants')).toHaveLength(1);
    const me = (await api.get('/auth/me/', token)).json();
    expect(me.active_restaurant_id).toBe(first.json().id);
  });

  it('answers the status of the caller’s own onboarding, progress from the stored steps', async () => {
    const token = await signIn('second@example.com');
    const { id } = (await api.post('/onboarding/start/', {}, token)).json();
    await t.database.query(`update onboardings set progress = '{"location": true, "hours": true}'::jsonb where restaurant_id = $1`, [id]);
    const status = await api.get(`/onboarding/${id}/status/`, token);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      id,
      launched: false,
      progress: { location: true, about: false, delivery: false, hours: true, additional: false, contacts: false, launch: false },
    });
    await t.database.query('update onboardings set launched_at = now() where restaurant_id = $1', [id]);
    expect((await api.get(`/onboarding/${id}/status/`, token)).json()).toMatchObject({ launched: true, progress: { launch: true } });
    expect((await api.post('/onboarding/start/', {}, token)).json()).toEqual({ id, launched: true });
  });

  it('answers 404 for another owner’s onboarding and for unknown ids, 400 for a malformed id', async () => {
    const owner = await signIn('owner3@example.com');
    const { id } = (await api.post('/onboarding/start/', {}, owner)).json();
    const stranger = await signIn('stranger@example.com');
    const foreign = await api.get(`/onboarding/${id}/status/`, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Onboarding not found.', code: 'not_found' });
    expect((await api.get('/onboarding/999999/status/', stranger)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '99999999999', '-1']) {
      const response = await api.get(`/onboarding/${bad}/status/`, stranger);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid' });
    }
  });

  it('needs a signed-in user', async () => {
    expect((await api.post('/onboarding/start/', {})).statusCode).toBe(401);
    expect((await api.get('/onboarding/1/status/')).statusCode).toBe(401);
  });
});
