import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingApi, ownerFactory, STEP_NAMES, VALID_STEPS } from '../../fixtures/onboarding/requests';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
let api: ReturnType<typeof onboardingApi>;
/** A new owner with a started onboarding. */
let owner: ReturnType<typeof ownerFactory>;

beforeAll(async () => {
  t = await createTestApp();
  api = onboardingApi(t);
  owner = ownerFactory(t, api, 'launcher');
});
afterAll(() => t.close());

const launchedAt = async (id: number) => (await t.database.query('select launched_at from onboardings where restaurant_id = $1', [id]))[0]?.launched_at ?? null;

describe('POST /api/v2/onboarding/{id}/launch/', () => {
  it('refuses while nothing is saved, naming both the location and the about step', async () => {
    const { token, id } = await owner();
    const response = await api.launch(id, token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'onboarding_incomplete',
      detail: 'Before launching, please save the location (zip code, city and state) and the restaurant name and store URL (about).',
      fields: {
        location: 'Save the location first. Please fill Zip code, City and State.',
        about: 'Save the about step first: the restaurant name and store URL are needed.',
      },
    });
    expect(await launchedAt(id)).toBeNull();
  });

  it('names only what is still missing', async () => {
    const located = await owner();
    await api.put(located.id, 'location', VALID_STEPS.location, located.token);
    const needsAbout = await api.launch(located.id, located.token);
    expect(needsAbout.statusCode).toBe(409);
    expect(needsAbout.json().detail).toBe('Before launching, please save the restaurant name and store URL (about).');
    expect(Object.keys(needsAbout.json().fields)).toEqual(['about']);

    const named = await owner();
    await api.put(named.id, 'about', { ...VALID_STEPS.about, slug: 'named-only' }, named.token);
    const needsLocation = await api.launch(named.id, named.token);
    expect(needsLocation.statusCode).toBe(409);
    expect(needsLocation.json().detail).toBe('Before launching, please save the location (zip code, city and state).');
    expect(Object.keys(needsLocation.json().fields)).toEqual(['location']);
  });

  it('launches once location and about are saved (the other steps may be skipped), and again answers the same', async () => {
    const { token, id } = await owner();
    await api.put(id, 'location', VALID_STEPS.location, token);
    await api.put(id, 'about', { ...VALID_STEPS.about, slug: 'minimal-launch' }, token);
    const launched = await api.launch(id, token);
    expect(launched.statusCode).toBe(200);
    expect(launched.json()).toEqual({ id, launched: true });
    const first = await launchedAt(id);
    expect(first).not.toBeNull();
    expect((await api.status(id, token)).json()).toMatchObject({ launched: true, progress: { location: true, about: true, delivery: false, launch: true } });
    const restarted = await t.app.inject({ method: 'POST', url: '/api/v2/onboarding/start/', headers: { authorization: `Bearer ${token}` }, payload: {} });
    expect(restarted.json()).toEqual({ id, launched: true });
    const again = await api.launch(id, token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id, launched: true });
    expect(await launchedAt(id)).toEqual(first);
  });

  it('launches a fully completed onboarding with every value kept', async () => {
    const { token, id } = await owner();
    for (const step of STEP_NAMES) {
      expect((await api.put(id, step, step === 'about' ? { ...VALID_STEPS.about, slug: 'complete' } : VALID_STEPS[step], token)).statusCode).toBe(200);
    }
    expect((await api.launch(id, token)).statusCode).toBe(200);
    expect((await api.status(id, token)).json().progress).toEqual({
      location: true,
      about: true,
      delivery: true,
      hours: true,
      additional: true,
      contacts: true,
      launch: true,
    });
    expect((await api.get(id, 'hours', token)).json()).toEqual(VALID_STEPS.hours);
  });

  it('answers 404 for another owner’s onboarding, even a complete one, and leaves it unlaunched', async () => {
    const victim = await owner();
    await api.put(victim.id, 'location', VALID_STEPS.location, victim.token);
    await api.put(victim.id, 'about', { ...VALID_STEPS.about, slug: 'victim' }, victim.token);
    const stranger = await owner();
    const response = await api.launch(victim.id, stranger.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Onboarding not found.', code: 'not_found' });
    expect(await launchedAt(victim.id)).toBeNull();
    expect((await api.launch(999_999, stranger.token)).statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const { id } = await owner();
    const response = await api.launch(id);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'not_authenticated' });
  });
});
