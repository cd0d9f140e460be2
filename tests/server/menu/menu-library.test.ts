import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FALLBACK_TIME_ZONE } from '#contracts/shared/time-zones';
import { restaurants } from '#server/db/schema';
import { menuAppWithOwnerForFile, menuRowCounts, ownerWithRestaurant, staff, superadmin, type Caller } from './menu-helpers';

const { t, api, owner } = menuAppWithOwnerForFile('library-owner@example.com');
let admin: Caller;

beforeAll(async () => {
  admin = await staff(t, 'library-staff@example.com');
});

const names = (body: { results: { name: string }[] }) => body.results.map((row) => row.name);

describe('toppings', () => {
  it('creates, reads, updates and deletes the restaurant’s own toppings', async () => {
    const created = await api.post('/toppings/', owner, { name: ' Mushrooms ', image_url: 'https://img.example.com/m.png' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Mushrooms', image_url: 'https://img.example.com/m.png', restaurant_id: owner.restaurantId });
    expect((await api.get(`/toppings/${created.body.id}/`, owner)).body).toEqual(created.body);
    const changed = await api.patch(`/toppings/${created.body.id}/`, owner, { name: 'Porcini', image_url: '' });
    expect(changed.body).toMatchObject({ name: 'Porcini', image_url: null });
    expect((await api.delete(`/toppings/${created.body.id}/`, owner)).status).toBe(204);
    expect((await api.get(`/toppings/${created.body.id}/`, owner)).status).toBe(404);
  });

  it('refuses a blank name with the specified sentence and a bad image address', async () => {
    const blank = await api.post('/toppings/', owner, { name: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({ name: 'Please enter a topping name.' });
    const image = await api.post('/toppings/', owner, { name: 'x', image_url: 'ftp://nope' });
    expect(image.body.fields).toEqual({ image_url: expect.stringContaining('https://') });
    expect((await api.patch('/toppings/999999/', owner, { name: 'x' })).status).toBe(404);
  });

  // An address the page could never show (the browser blocks http:// images on an https page,
  // and a path on this site is a picture only under /uploads/) is refused, never stored.
  it.each([['http://img.example.com/m.png'], ['/api/v2/auth/me/'], ['/uploads/../secrets/secret.key'], ['https://']])(
    'refuses the image address %s',
    async (address) => {
      const refused = await api.post('/toppings/', owner, { name: 'Unseen', image_url: address });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual({ image_url: 'Enter an image address starting with https://, or upload a picture.' });
      expect((await t.database.query('select count(*)::int as n from toppings where name = $1', ['Unseen']))[0]).toEqual({ n: 0 });
    },
  );

  it('accepts an https:// address and a picture uploaded here, which the page may show', async () => {
    for (const address of ['https://cdn.example.com/thin.png?w=200', '/uploads/abc_DEF-123.jpg']) {
      const created = await api.post('/toppings/', owner, { name: `Shown ${address.length}`, image_url: address });
      expect(created.status).toBe(201);
      expect(created.body.image_url).toBe(address);
    }
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy'])).toMatch(/img-src [^;]*\shttps:[\s;]/);
  });

  it('refuses a name the restaurant already uses, whatever its case or spaces, and changes nothing (issue 27)', async () => {
    const TAKEN = {
      detail: 'This name is already used by another topping.',
      code: 'duplicate',
      fields: { name: 'This name is already used by another topping.' },
    };
    const olives = (await api.post('/toppings/', owner, { name: 'Olives' })).body;
    const basil = (await api.post('/toppings/', owner, { name: 'Basil' })).body;
    const before = await menuRowCounts(t);
    const again = await api.post('/toppings/', owner, { name: ' olives ' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(TAKEN);
    const renamed = await api.patch(`/toppings/${basil.id}/`, owner, { name: 'OLIVES' });
    expect(renamed.status).toBe(409);
    expect(renamed.body).toEqual(TAKEN);
    expect(await menuRowCounts(t)).toEqual(before);
    expect((await api.get(`/toppings/${basil.id}/`, owner)).body.name).toBe('Basil');
    // A row keeps its own name in another case; other restaurants and the library have their own names.
    expect((await api.patch(`/toppings/${olives.id}/`, owner, { name: 'olives' })).status).toBe(200);
    const other = await ownerWithRestaurant(t, 'olives-elsewhere@example.com');
    expect((await api.post('/toppings/', other, { name: 'Olives' })).status).toBe(201);
    expect((await api.post('/toppings/', admin, { name: 'Olives', restaurant_id: null })).status).toBe(201);
    expect((await api.post('/toppings/', admin, { name: 'olives', restaurant_id: null })).status).toBe(409);
  });

  it('keeps a same-name pair stored before the rule editable: its picture changes, its name may not join another', async () => {
    const [capers, lower] = await t.database.query("insert into toppings (restaurant_id, name) values ($1, 'Capers'), ($1, 'capers') returning id", [
      owner.restaurantId,
    ]);
    const picture = await api.patch(`/toppings/${lower!.id}/`, owner, { name: 'capers', image_url: 'https://img.example.com/c.png' });
    expect(picture.status).toBe(200);
    expect((await api.patch(`/toppings/${capers!.id}/`, owner, { name: 'Caper berries' })).status).toBe(200);
  });

  it('lists own and library toppings, searched by `search` or `q`', async () => {
    const lister = await ownerWithRestaurant(t, 'topping-lister@example.com');
    const library = await api.post('/toppings/', admin, { name: 'Library Pepperoni', restaurant_id: null });
    expect(library.body.restaurant_id).toBeNull();
    await api.post('/toppings/', lister, { name: 'House pepper' });
    await api.post('/toppings/', lister, { name: 'Onion' });

    const all = await api.get('/toppings/?page_size=500&ordering=name', lister);
    expect(names(all.body)).toEqual(expect.arrayContaining(['House pepper', 'Library Pepperoni', 'Onion']));
    expect(all.body.results.every((row: { restaurant_id: number | null }) => row.restaurant_id === null || row.restaurant_id === lister.restaurantId)).toBe(
      true,
    );
    expect(names((await api.get('/toppings/?q=PEPPER&ordering=name', lister)).body)).toEqual(['House pepper', 'Library Pepperoni']);
    expect(names((await api.get('/toppings/?search=onion', lister)).body)).toEqual(['Onion']);
    expect((await api.get('/toppings/?ordering=image_url', lister)).status).toBe(400);
  });
});

describe('dressings', () => {
  it('creates, lists with q, renames and deletes; blank names get the specified sentence', async () => {
    const created = await api.post('/dressings/', owner, { name: 'Caesar' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Caesar', restaurant_id: owner.restaurantId });
    expect(names((await api.get('/dressings/?q=caes', owner)).body)).toEqual(['Caesar']);
    expect((await api.patch(`/dressings/${created.body.id}/`, owner, { name: 'Caesar light' })).body.name).toBe('Caesar light');
    const blank = await api.post('/dressings/', owner, { name: '  ' });
    expect(blank.body.fields).toEqual({ name: 'Please enter a dressing name.' });
    expect((await api.patch(`/dressings/${created.body.id}/`, owner, { image_url: 'https://x.example/a.png' })).status).toBe(400);
    expect((await api.delete(`/dressings/${created.body.id}/`, owner)).status).toBe(204);
  });

  it('refuses a second dressing of the same name, whatever its case (issue 27)', async () => {
    await api.post('/dressings/', owner, { name: 'Ranch' });
    const again = await api.post('/dressings/', owner, { name: 'RANCH' });
    expect(again.status).toBe(409);
    expect(again.body.fields).toEqual({ name: 'This name is already used by another dressing.' });
  });
});

describe('primary option sets', () => {
  it('creates a set with trimmed selections, blanks and duplicates dropped, in order', async () => {
    const created = await api.post('/primary-options/', owner, {
      name: ' Crust ',
      allow_images: true,
      selections: [{ name: ' Thin ' }, { name: '' }, { name: 'thin' }, { name: 'Thick', image_url: 'https://img.example.com/thick.png' }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Crust',
      restaurant_id: owner.restaurantId,
      prevent_restaurant_changes: false,
      allow_images: true,
      selections: [
        { id: expect.any(Number), name: 'Thin', image_url: null, position: 0 },
        { id: expect.any(Number), name: 'Thick', image_url: 'https://img.example.com/thick.png', position: 1 },
      ],
    });
    expect((await api.get(`/primary-options/${created.body.id}/`, owner)).body).toEqual(created.body);
  });

  it('refuses a set without a name or without a selection left, with the specified sentence', async () => {
    const message = 'Please enter a set name and at least one unique selection.';
    const noName = await api.post('/primary-options/', owner, { name: ' ', selections: [{ name: 'A' }] });
    expect(noName.status).toBe(400);
    expect(noName.body.fields).toEqual({ name: message });
    const noSelection = await api.post('/primary-options/', owner, { name: 'Empty', selections: [{ name: '  ' }] });
    expect(noSelection.body.fields).toEqual({ selections: message });
    expect((await api.post('/primary-options/', owner, { name: 'Missing' })).status).toBe(400);
  });

  it('updates name and flags, and reorders, renames, re-images, adds and removes selections', async () => {
    const set = (await api.post('/primary-options/', owner, { name: 'Sauce', selections: [{ name: 'Tomato' }, { name: 'Cream' }, { name: 'Pesto' }] })).body;
    const [tomato, cream, pesto] = set.selections;
    const updated = await api.patch(`/primary-options/${set.id}/`, owner, {
      name: 'Sauces',
      allow_images: true,
      selections: [{ id: pesto.id }, { id: tomato.id, image_url: 'https://img.example.com/t.png' }, { name: 'BBQ' }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Sauces');
    expect(updated.body.allow_images).toBe(true);
    expect(updated.body.selections).toEqual([
      { id: pesto.id, name: 'Pesto', image_url: null, position: 0 },
      { id: tomato.id, name: 'Tomato', image_url: 'https://img.example.com/t.png', position: 1 },
      { id: expect.any(Number), name: 'BBQ', image_url: null, position: 2 },
    ]);
    expect(updated.body.selections.some((s: { id: number }) => s.id === cream.id)).toBe(false);

    const flagsOnly = await api.patch(`/primary-options/${set.id}/`, owner, { allow_images: false });
    expect(flagsOnly.body.selections).toHaveLength(3);

    const duplicate = await api.patch(`/primary-options/${set.id}/`, owner, { selections: [{ id: pesto.id, name: 'Tomato' }, { id: tomato.id }] });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.fields).toEqual({ selections: 'Please enter a set name and at least one unique selection.' });
    const foreignSelection = await api.patch(`/primary-options/${set.id}/`, owner, { selections: [{ id: 999999 }] });
    expect(foreignSelection.status).toBe(400);
    // Refused updates changed nothing.
    expect((await api.get(`/primary-options/${set.id}/`, owner)).body.selections.map((s: { name: string }) => s.name)).toEqual(['Pesto', 'Tomato', 'BBQ']);
    // Spec section 5 requires a selection of a new set only: a saved set may be emptied.
    const emptied = await api.patch(`/primary-options/${set.id}/`, owner, { selections: [] });
    expect(emptied.status).toBe(200);
    expect((await api.get(`/primary-options/${set.id}/`, owner)).body.selections).toEqual([]);

    expect((await api.delete(`/primary-options/${set.id}/`, owner)).status).toBe(204);
    expect((await api.get(`/primary-options/${set.id}/`, owner)).status).toBe(404);
  });

  it('lists own and library sets with their selections; page_size 500 is allowed', async () => {
    const lister = await ownerWithRestaurant(t, 'sets-lister@example.com');
    await api.post('/primary-options/', lister, { name: 'Own set', selections: [{ name: 'One' }] });
    await api.post('/primary-options/', admin, { name: 'Platform set', restaurant_id: null, selections: [{ name: 'Two' }] });
    const listed = await api.get('/primary-options/?page_size=500&search=set&ordering=name', lister);
    expect(listed.status).toBe(200);
    expect(names(listed.body)).toEqual(['Own set', 'Platform set']);
    expect(listed.body.results[1].selections.map((s: { name: string }) => s.name)).toEqual(['Two']);
  });
});

describe('the platform library', () => {
  it('lets owners read library rows but not change them (403 with a sentence); administrators can', async () => {
    const set = (await api.post('/primary-options/', admin, { name: 'Library sizes', restaurant_id: null, selections: [{ name: 'S' }] })).body;
    const topping = (await api.post('/toppings/', admin, { name: 'Library olive', restaurant_id: null })).body;
    const dressing = (await api.post('/dressings/', admin, { name: 'Library ranch', restaurant_id: null })).body;
    expect([set.restaurant_id, topping.restaurant_id, dressing.restaurant_id]).toEqual([null, null, null]);
    const before = await menuRowCounts(t);

    for (const [path, change] of [
      [`/primary-options/${set.id}/`, { name: 'Mine now' }],
      [`/toppings/${topping.id}/`, { name: 'Mine now' }],
      [`/dressings/${dressing.id}/`, { name: 'Mine now' }],
    ] as const) {
      expect((await api.get(path, owner)).status).toBe(200);
      const patched = await api.patch(path, owner, change);
      expect(patched.status).toBe(403);
      expect(patched.body).toEqual({
        code: 'library_read_only',
        detail: expect.stringMatching(/platform library; only a platform administrator can change it/),
      });
      expect((await api.delete(path, owner)).status).toBe(403);
    }
    expect(await menuRowCounts(t)).toEqual(before);
    expect((await api.get(`/primary-options/${set.id}/`, owner)).body.name).toBe('Library sizes');

    // An owner cannot add to the library either.
    const added = await api.post('/toppings/', owner, { name: 'Sneaky', restaurant_id: null });
    expect(added.status).toBe(403);

    expect((await api.patch(`/primary-options/${set.id}/`, admin, { name: 'Library sizes v2' })).body.name).toBe('Library sizes v2');
    expect((await api.patch(`/toppings/${topping.id}/`, admin, { name: 'Library olives' })).body.name).toBe('Library olives');
    expect((await api.delete(`/dressings/${dressing.id}/`, admin)).status).toBe(204);
  });

  it('lets an owner copy a library set into their restaurant when allowed, with its selections', async () => {
    const set = (
      await api.post('/primary-options/', admin, {
        name: 'Open set',
        restaurant_id: null,
        allow_images: true,
        selections: [{ name: 'A', image_url: '/uploads/a.jpg' }, { name: 'B' }],
      })
    ).body;
    const copy = await api.post(`/primary-options/${set.id}/copy/`, owner);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Open set', restaurant_id: owner.restaurantId, prevent_restaurant_changes: false, allow_images: true });
    expect(copy.body.id).not.toBe(set.id);
    expect(copy.body.selections.map((s: { name: string; image_url: string | null }) => [s.name, s.image_url])).toEqual([
      ['A', '/uploads/a.jpg'],
      ['B', null],
    ]);
    // The copy is the owner's to change; the original stays as it was.
    expect((await api.patch(`/primary-options/${copy.body.id}/`, owner, { name: 'My set' })).status).toBe(200);
    expect((await api.get(`/primary-options/${set.id}/`, owner)).body.name).toBe('Open set');
  });

  it('refuses to copy a set the platform locked, and copies toppings and dressings', async () => {
    const locked = (
      await api.post('/primary-options/', admin, { name: 'Locked', restaurant_id: null, prevent_restaurant_changes: true, selections: [{ name: 'X' }] })
    ).body;
    const before = await menuRowCounts(t);
    const refused = await api.post(`/primary-options/${locked.id}/copy/`, owner, {});
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('locked');
    expect(await menuRowCounts(t)).toEqual(before);

    const topping = (await api.post('/toppings/', admin, { name: 'Truffle', restaurant_id: null, image_url: '/uploads/t.jpg' })).body;
    const copied = await api.post(`/toppings/${topping.id}/copy/`, owner, {});
    expect(copied.status).toBe(201);
    expect(copied.body).toEqual({ id: expect.any(Number), name: 'Truffle', image_url: '/uploads/t.jpg', restaurant_id: owner.restaurantId });
    const dressing = (await api.post('/dressings/', admin, { name: 'Vinaigrette', restaurant_id: null })).body;
    expect((await api.post(`/dressings/${dressing.id}/copy/`, owner)).body).toMatchObject({ name: 'Vinaigrette', restaurant_id: owner.restaurantId });
    expect((await api.post('/toppings/999999/copy/', owner)).status).toBe(404);
    // A second copy would be a second topping of that name in the restaurant.
    expect((await api.post(`/toppings/${topping.id}/copy/`, owner, {})).body.code).toBe('duplicate');
    // A copy needs no body at all.
    const another = await ownerWithRestaurant(t, 'bare-copy@example.com');
    const bare = await t.app.inject({ method: 'POST', url: `/api/v2/toppings/${topping.id}/copy/`, headers: { authorization: `Bearer ${another.token}` } });
    expect(bare.statusCode).toBe(201);
  });
});

describe('restaurants', () => {
  it('lists only the owner’s own restaurant; administrators list all', async () => {
    const mine = await api.get('/restaurants/', owner);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ count: 1, results: [{ id: owner.restaurantId }] });
    const other = await ownerWithRestaurant(t, 'restaurants-other@example.com');
    const all = await api.get('/restaurants/?page_size=500', admin);
    expect(all.body.results.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([owner.restaurantId, other.restaurantId]));
    expect((await api.get('/restaurants/?page_size=1', admin)).body.results).toHaveLength(1);
    expect((await api.get(`/restaurants/?restaurant_id=${other.restaurantId}`, owner)).status).toBe(404);
  });

  it('gives each restaurant the currency of its location’s country: USD by default', async () => {
    const currencyOf = async (caller: typeof owner) => (await api.get(`/restaurants/?restaurant_id=${caller.restaurantId}`, caller)).body.results[0].currency;
    const located = async (caller: typeof owner, country: string) => {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/v2/onboarding/${caller.restaurantId}/location/`,
        headers: { authorization: `Bearer ${caller.token}` },
        payload: { country, street: '1 Main St', city: 'Springfield', state: 'ON', zip_code: 'K1A 0B1' },
      });
      expect(put.statusCode).toBe(200);
      return currencyOf(caller);
    };
    const fresh = await ownerWithRestaurant(t, 'currency-none@example.com');
    expect(await currencyOf(fresh)).toBe('USD');
    expect(await located(await ownerWithRestaurant(t, 'currency-ca@example.com'), 'Canada')).toBe('CAD');
    expect(await located(await ownerWithRestaurant(t, 'currency-uk@example.com'), 'United Kingdom')).toBe('GBP');
    expect(await located(await ownerWithRestaurant(t, 'currency-us@example.com'), 'United States')).toBe('USD');
  });

  it('gives each restaurant its clock: the zone of its location until the owner chooses one, and its country', async () => {
    const clockOf = async (caller: typeof owner) => {
      const { time_zone, country } = (await api.get(`/restaurants/?restaurant_id=${caller.restaurantId}`, caller)).body.results[0];
      return { time_zone, country };
    };
    const fresh = await ownerWithRestaurant(t, 'clock-none@example.com');
    expect(await clockOf(fresh)).toEqual({ time_zone: FALLBACK_TIME_ZONE, country: null });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/onboarding/${fresh.restaurantId}/location/`,
      headers: { authorization: `Bearer ${fresh.token}` },
      payload: { country: 'Canada', street: '1 Main St', city: 'Vancouver', state: 'BC', zip_code: 'V5K 0A1' },
    });
    expect(put.statusCode).toBe(200);
    expect(await clockOf(fresh)).toEqual({ time_zone: 'America/Vancouver', country: 'Canada' });
    await t.database.db.update(restaurants).set({ timeZone: 'America/Edmonton' }).where(eq(restaurants.id, fresh.restaurantId!));
    expect(await clockOf(fresh)).toEqual({ time_zone: 'America/Edmonton', country: 'Canada' });
  });

  it('creates restaurants for administrators only, with a slug made from the name', async () => {
    const top = await superadmin(t, 'restaurants-super@example.com');
    const created = await api.post('/restaurants/', top, { name: 'Pizza Loco' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Pizza Loco',
      slug: 'pizza-loco',
      currency: 'USD',
      time_zone: FALLBACK_TIME_ZONE,
      country: null,
    });
    expect((await api.post('/restaurants/', top, { name: 'Pizza Loco' })).body.slug).toBe('pizza-loco-2');
    const taken = await api.post('/restaurants/', top, { name: 'Another', slug: 'pizza-loco' });
    expect(taken.status).toBe(409);
    expect((await api.post('/restaurants/', top, { name: 'Bad', slug: 'Not A Slug' })).status).toBe(400);
    // A store URL never takes one of the site's own addresses (issue 29).
    const reserved = await api.post('/restaurants/', top, { name: 'Admin', slug: 'admin' });
    expect([reserved.status, reserved.body.fields]).toEqual([400, { slug: "“admin” is one of this site's own addresses. Please choose another store URL." }]);
    expect((await api.post('/restaurants/', top, { name: 'Login' })).body.slug).toBe('login-2');
    expect((await api.post('/restaurants/', top, { name: ' ' })).status).toBe(400);
    const before = await menuRowCounts(t);
    expect((await api.post('/restaurants/', owner, { name: 'Mine' })).status).toBe(403);
    expect(await menuRowCounts(t)).toEqual(before);
  });
});
