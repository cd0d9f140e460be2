import { beforeAll, describe, expect, it } from 'vitest';
import { menuAppWithOwnerForFile, ownerWithRestaurant, staff, superadmin, type Caller } from '../menu/menu-helpers';

/**
 * PATCH /api/v2/auth/me/: staff and superadmins choose the restaurant they work on (issue 10,
 * item 7); the choice is the user's active restaurant, so lists and creates follow it.
 */
const { t, api, owner } = menuAppWithOwnerForFile('owner@example.com');
let otherOwner: Caller;
let admin: Caller;
let boss: Caller;

beforeAll(async () => {
  otherOwner = await ownerWithRestaurant(t, 'other-owner@example.com');
  admin = await staff(t, 'staff@example.com');
  boss = await superadmin(t, 'boss@example.com');
  for (const [caller, name] of [
    [owner, 'Pizza Loco'],
    [otherOwner, 'Taco Town'],
  ] as const) {
    await api.post('/categories/', caller, { name: `${name} mains` });
    await t.database.query(`update restaurants set name = '${name}' where id = ${caller.restaurantId}`);
  }
});

const me = (caller: Caller) => api.get('/auth/me/', caller);
const choose = (caller: Caller | null, body: unknown) => api.patch('/auth/me/', caller, body);

describe('choosing the restaurant an administrator works on', () => {
  it('lets staff choose a restaurant, answers the updated user and keeps it for the next sign-in', async () => {
    const answer = await choose(admin, { active_restaurant_id: otherOwner.restaurantId });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ is_staff: true, active_restaurant_id: otherOwner.restaurantId, active_restaurant_name: 'Taco Town' });
    expect((await me(admin)).body).toMatchObject({ active_restaurant_id: otherOwner.restaurantId, active_restaurant_name: 'Taco Town' });
  });

  it('makes the staff member act inside the chosen restaurant: lists and creates follow it', async () => {
    await choose(admin, { active_restaurant_id: owner.restaurantId });
    const created = await api.post('/categories/', admin, { name: 'Staff special' });
    expect(created.status).toBe(201);
    expect(created.body.restaurant_id).toBe(owner.restaurantId);
    const listed = await api.get('/categories/?page_size=100', admin);
    expect(listed.body.results.map((row: { name: string }) => row.name)).toEqual(['Pizza Loco mains', 'Staff special']);
  });

  it('lets a superadmin choose, and null goes back to no choice', async () => {
    expect((await choose(boss, { active_restaurant_id: owner.restaurantId })).body.active_restaurant_name).toBe('Pizza Loco');
    const cleared = await choose(boss, { active_restaurant_id: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ active_restaurant_id: null, active_restaurant_name: null });
  });

  it('refuses owners with 403 and leaves their restaurant as it was', async () => {
    const answer = await choose(owner, { active_restaurant_id: otherOwner.restaurantId });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'forbidden' });
    expect((await me(owner)).body.active_restaurant_id).toBe(owner.restaurantId);
  });

  it('answers 404 for a restaurant that does not exist, changing nothing', async () => {
    await choose(admin, { active_restaurant_id: owner.restaurantId });
    const answer = await choose(admin, { active_restaurant_id: 999_999 });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'not_found', fields: { active_restaurant_id: 'Restaurant not found.' } });
    expect((await me(admin)).body.active_restaurant_id).toBe(owner.restaurantId);
  });

  it('answers 400 with fields for unknown fields and bad values, and 401 without a token', async () => {
    const unknown = await choose(admin, { active_restaurant_id: owner.restaurantId, is_staff: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toMatchObject({ is_staff: expect.any(String) });
    for (const bad of [{}, { active_restaurant_id: 'one' }, { active_restaurant_id: 0 }, { active_restaurant_id: 1.5 }]) {
      const answer = await choose(admin, bad);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'invalid', fields: { active_restaurant_id: expect.any(String) } });
    }
    expect((await choose(null, { active_restaurant_id: null })).status).toBe(401);
  });

  it('refuses an id past the integer column with 400 (issue 28: it was a database error, a 500), changing nothing', async () => {
    await choose(admin, { active_restaurant_id: owner.restaurantId });
    for (const id of [2_147_483_648, 2 ** 53 + 2]) {
      const answer = await choose(admin, { active_restaurant_id: id });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        detail: 'Some fields are not valid.',
        code: 'invalid',
        fields: { active_restaurant_id: 'Choose a restaurant from the list.' },
      });
    }
    expect((await me(admin)).body.active_restaurant_id).toBe(owner.restaurantId);
  });
});
