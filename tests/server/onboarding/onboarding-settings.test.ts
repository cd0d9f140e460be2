import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingApi, ownerFactory, VALID_STEPS } from '../../fixtures/onboarding/requests';
import { accessTokenFor } from '../accounts/auth-helpers';
import { superadmin } from '../menu/menu-helpers';
import { createTestApp, type TestApp } from '../test-app';

/**
 * The step endpoints after launch, and who may use them (issue 29, item 5): the back office's
 * Store screen saves through them, an owner's own restaurant only, an administrator any
 * restaurant tenancy lets them act in.
 */

let t: TestApp;
let api: ReturnType<typeof onboardingApi>;
let owner: ReturnType<typeof ownerFactory>;

beforeAll(async () => {
  t = await createTestApp();
  api = onboardingApi(t);
  owner = ownerFactory(t, api, 'settings');
});
afterAll(() => t.close());

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
