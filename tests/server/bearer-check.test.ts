import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema';
import { accessTokenFor, manualClock } from './accounts/auth-helpers';
import { API, menuClient, ownerWithRestaurant, superadmin, type MenuClient } from './menu/menu-helpers';
import { createTestApp, type TestApp } from './test-app';

// The server remembers tokens it has verified (server/plugins/auth.ts); what a token opens must
// still be decided afresh on every request: its expiry against the clock, its user in the database.
const clock = manualClock();
let t: TestApp;
let api: MenuClient;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, config: { rateLimitPerMinute: 100_000 } });
  api = menuClient(t);
});
afterAll(() => t.close());

describe('a token used before', () => {
  it('is refused with token_expired once its time is up', async () => {
    const token = await accessTokenFor(t, 'expiring@example.com', { clock: clock.now });
    const caller = { token, restaurantId: null };
    expect((await api.get('/categories/', caller)).status).toBe(200);
    clock.advance(901_000);
    const refused = await api.get('/categories/', caller);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'token_expired' });
  });

  it('is refused once its user has been deleted, with the same token', async () => {
    const owner = await ownerWithRestaurant(t, 'deleted@example.com');
    // ownerWithRestaurant signs with the real clock; this app's clock is the manual one.
    const token = await accessTokenFor(t, 'deleted@example.com', { clock: clock.now });
    const caller = { ...owner, token };
    expect((await api.get('/categories/', caller)).status).toBe(200);
    await t.database.db.delete(users).where(eq(users.email, 'deleted@example.com'));
    const refused = await t.app.inject({ method: 'GET', url: `${API}/categories/`, headers: { authorization: `Bearer ${token}` } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Your session is not valid. Please sign in again.', code: 'token_invalid' });
  });

  it('lists the restaurant its user works in now, not the one of its first use', async () => {
    const first = await ownerWithRestaurant(t, 'mover@example.com');
    const token = await accessTokenFor(t, 'mover@example.com', { clock: clock.now });
    expect((await api.post('/categories/', { ...first, token }, { name: 'Only in the first' })).status).toBe(201);
    expect((await api.get('/categories/', { ...first, token })).body.count).toBe(1);
    await t.database.db.update(users).set({ activeRestaurantId: null }).where(eq(users.email, 'mover@example.com'));
    expect((await api.get('/categories/', { ...first, token })).body.count).toBe(0);
  });
});

// A list reads its user in its own statement, guessing the scope from the token's previous
// request (readAsViewer): a wrong guess must never show in an answer.
describe('a list whose user changed since the token was last used', () => {
  const categoryNames = (body: { results: { name: string }[] }) => body.results.map((row) => row.name);

  it('lists the restaurant its user switched to, also when the list names that restaurant', async () => {
    const mover = await ownerWithRestaurant(t, 'switcher@example.com');
    const other = await ownerWithRestaurant(t, 'switch-target@example.com');
    expect((await api.post('/categories/', mover, { name: 'Before the switch' })).status).toBe(201);
    expect((await api.post('/categories/', other, { name: 'After the switch' })).status).toBe(201);
    expect(categoryNames((await api.get('/categories/', mover)).body)).toEqual(['Before the switch']);

    await t.database.db.update(users).set({ activeRestaurantId: other.restaurantId }).where(eq(users.email, 'switcher@example.com'));
    expect(categoryNames((await api.get('/categories/', mover)).body)).toEqual(['After the switch']);
    // Named by id: the guessed (old) restaurant would answer 404 for it.
    const named = await api.get(`/categories/?restaurant_id=${other.restaurantId}`, mover);
    expect(named.status).toBe(200);
    expect(categoryNames(named.body)).toEqual(['After the switch']);
    expect((await api.get(`/categories/?restaurant_id=${mover.restaurantId}`, mover)).status).toBe(404);
  });

  it('shows a superadmin who lost the role no other restaurant', async () => {
    const owner = await ownerWithRestaurant(t, 'kept-away@example.com');
    expect((await api.post('/categories/', owner, { name: 'Not for former admins' })).status).toBe(201);
    const admin = await superadmin(t, 'demoted@example.com');
    expect((await api.get(`/categories/?restaurant_id=${owner.restaurantId}`, admin)).body.count).toBe(1);

    await t.database.db.update(users).set({ isSuperadmin: false, isStaff: false }).where(eq(users.email, 'demoted@example.com'));
    expect((await api.get('/categories/', admin)).body.count).toBe(0);
    expect((await api.get(`/categories/?restaurant_id=${owner.restaurantId}`, admin)).status).toBe(404);
  });

  it.each([
    ['a page past the end', '/categories/?page=99'],
    ['a list it may no longer name', '/categories/?restaurant_id=999999'],
  ])('refuses a deleted user on %s with 401, not with the page or the refusal', async (_, path) => {
    const owner = await ownerWithRestaurant(t, `gone-${path.length}@example.com`);
    expect((await api.get('/categories/', owner)).status).toBe(200);
    await t.database.db.delete(users).where(eq(users.email, `gone-${path.length}@example.com`));
    const refused = await api.get(path, owner);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'token_invalid' });
  });
});
