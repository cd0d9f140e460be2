import { describe, expect, it } from 'vitest';
import { STEP_NAMES, VALID_STEPS } from '../../fixtures/onboarding/requests';
import { accessTokenFor } from '../accounts/auth-helpers';
import { superadmin } from '../menu/menu-helpers';
import { onboardingAppForFile } from './onboarding-helpers';

const { t, api, owner } = onboardingAppForFile('launcher');

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

// ---------------------------------------------------------------------------------------------
// After launch (issue 29, item 5): the back office's Store screen saves through the step
// endpoints, an owner's own restaurant only, an administrator any restaurant tenancy lets them
// act in. Here rather than in a file of their own: one database fewer for `npm test`.

let slugs = 0;
/** An owner whose restaurant is launched. */
async function launchedOwner() {
  const caller = await owner();
  slugs += 1;
  await api.put(caller.id, 'location', VALID_STEPS.location, caller.token);
  await api.put(caller.id, 'about', { ...VALID_STEPS.about, slug: `launched-${slugs}` }, caller.token);
  expect((await api.launch(caller.id, caller.token)).statusCode).toBe(200);
  return caller;
}

const deliveryWithFee = (fee: number) => ({ ...VALID_STEPS.delivery, delivery_fee: fee });

describe('the step endpoints after launch', () => {
  it('save a launched restaurant’s step, and the restaurant stays launched', async () => {
    const { id, token } = await launchedOwner();
    const saved = await api.put(id, 'delivery', deliveryWithFee(4.5), token);
    expect(saved.statusCode).toBe(200);
    expect((await api.get(id, 'delivery', token)).json().delivery_fee).toBe(4.5);
    expect((await api.status(id, token)).json()).toMatchObject({ launched: true, progress: { delivery: true, launch: true } });
  });

  it('answer another owner 404 for a restaurant that is not theirs, reading and saving, and change nothing', async () => {
    const mine = await launchedOwner();
    const other = await owner();
    expect((await api.get(mine.id, 'delivery', other.token)).statusCode).toBe(404);
    const refused = await api.put(mine.id, 'delivery', deliveryWithFee(9), other.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: 'Onboarding not found.', code: 'not_found' });
    expect((await api.get(mine.id, 'delivery', mine.token)).json().delivery_fee).toBe(0);
  });

  it('let a superadmin read and save any owner’s step; the owner then reads it', async () => {
    const { id, token } = await launchedOwner();
    const admin = await superadmin(t, 'settings-super@example.com');
    const saved = await api.put(id, 'delivery', deliveryWithFee(3.25), admin.token);
    expect(saved.statusCode).toBe(200);
    expect((await api.get(id, 'delivery', admin.token)).json().delivery_fee).toBe(3.25);
    expect((await api.get(id, 'delivery', token)).json().delivery_fee).toBe(3.25);
    // Status and launch stay the owner's.
    expect((await api.status(id, admin.token)).statusCode).toBe(404);
  });

  it('let staff in only for the restaurant they chose in the header', async () => {
    const { id } = await launchedOwner();
    const staffToken = await accessTokenFor(t, 'settings-staff@example.com', { staff: true });
    expect((await api.put(id, 'delivery', deliveryWithFee(1), staffToken)).statusCode).toBe(404);
    const chose = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/auth/me/',
      headers: { authorization: `Bearer ${staffToken}` },
      payload: { active_restaurant_id: id },
    });
    expect(chose.statusCode).toBe(200);
    expect((await api.put(id, 'delivery', deliveryWithFee(1), staffToken)).statusCode).toBe(200);
  });

  it('take as an administrator’s logo their own upload or the owner’s, never a third person’s', async () => {
    const { id } = await launchedOwner();
    const bystander = await owner();
    const admin = await superadmin(t, 'settings-logo@example.com');
    const ids = async (sql: string, value: unknown) => (await t.database.query(sql, [value]))[0]?.id;
    const ownerId = await ids('select owner_id as id from onboardings where restaurant_id = $1', id);
    const bystanderId = await ids('select owner_id as id from onboardings where restaurant_id = $1', bystander.id);
    const adminId = await ids('select id from users where email = $1', 'settings-logo@example.com');
    await t.database.query(
      `insert into uploaded_images (path, owner_id, content_type, width, height, bytes) values
       ('by-owner.png', $1, 'image/png', 10, 10, 100), ('by-admin.png', $2, 'image/png', 10, 10, 100), ('by-other.png', $3, 'image/png', 10, 10, 100)`,
      [ownerId, adminId, bystanderId],
    );
    const about = (logo: string) => ({ ...VALID_STEPS.about, slug: `launched-logo-${id}`, logo_url: logo });
    expect((await api.put(id, 'about', about('/uploads/by-owner.png'), admin.token)).statusCode).toBe(200);
    expect((await api.put(id, 'about', about('/uploads/by-admin.png'), admin.token)).statusCode).toBe(200);
    const refused = await api.put(id, 'about', about('/uploads/by-other.png'), admin.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ logo_url: 'The logo must be an image you uploaded here.' });
    expect((await api.get(id, 'about', admin.token)).json().logo_url).toBe('/uploads/by-admin.png');
  });
});
