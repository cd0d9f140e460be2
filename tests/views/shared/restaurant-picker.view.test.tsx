import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActiveRestaurantUpdate, CurrentUser } from '#contracts/shared/session';
import { menuScope } from '#src/views/menu/menu-area.view';
import { DETAIL } from '#tests/machines/menu/category-editor.fixtures';
import { contractFetch } from '../../support/contract-double';
import { openAppAt } from './app-harness';

/**
 * Issue 10, item 7: staff and superadmins choose the restaurant they work on in the back
 * office's header. The real app runs against a fake server (the page's fetch) that checks every
 * request with the real server's own route contracts and answers as the server does.
 */
const RESTAURANTS = [
  { id: 1, name: 'Pizza Loco', slug: 'pizza-loco', currency: 'USD' },
  { id: 2, name: 'Taco Town', slug: 'taco-town', currency: 'USD' },
];
const TOPPINGS = [
  { id: 10, name: 'Basil', image_url: null, restaurant_id: null },
  { id: 11, name: 'Olives', image_url: null, restaurant_id: 1 },
  { id: 12, name: 'Jalapeños', image_url: null, restaurant_id: 2 },
];

const CATEGORIES = [{ id: 5, name: 'Calzones', description: '', restaurant_id: 1 }];

const BASE_USER: CurrentUser = {
  id: 1,
  email: 'boss@example.com',
  first_name: 'Bo',
  last_name: 'Boss',
  is_staff: true,
  is_superadmin: true,
  active_restaurant_id: null,
  active_restaurant_name: null,
};

type Request = { method: string; path: string; query: URLSearchParams; body: unknown };

function fakeServer(start: CurrentUser, { restaurantsHeld }: { restaurantsHeld?: Promise<void> } = {}) {
  let user = { ...start };
  const requests: Request[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const list = (rows: unknown[]) => json({ count: rows.length, next: null, previous: null, results: rows });
  localStorage.setItem('access_token', 'token');
  // The server's own contracts check every request first (a refused one never gets here).
  vi.stubGlobal(
    'fetch',
    contractFetch((request) => {
      const url = new URL(request.url);
      const body = request.body;
      requests.push({ method: request.method, path: url.pathname, query: url.searchParams, body });
      if (url.pathname === '/api/v2/auth/me/' && request.method === 'GET') return json(user);
      if (url.pathname === '/api/v2/auth/me/' && request.method === 'PATCH') {
        const update = body as ActiveRestaurantUpdate;
        if (!user.is_staff && !user.is_superadmin)
          return json({ detail: 'Only platform staff can choose the restaurant they work on.', code: 'forbidden' }, 403);
        const chosen = RESTAURANTS.find((restaurant) => restaurant.id === update.active_restaurant_id);
        if (update.active_restaurant_id !== null && !chosen) return json({ detail: 'Restaurant not found.', code: 'not_found' }, 404);
        user = { ...user, active_restaurant_id: chosen?.id ?? null, active_restaurant_name: chosen?.name ?? null };
        return json(user);
      }
      if (url.pathname === '/api/v2/restaurants/') {
        if (restaurantsHeld) return restaurantsHeld.then(() => listRestaurants(url));
        return listRestaurants(url);
      }
      if (url.pathname === '/api/v2/toppings/') {
        const restaurant = url.searchParams.get('restaurant_id');
        return list(TOPPINGS.filter((row) => restaurant === null || row.restaurant_id === null || row.restaurant_id === Number(restaurant)));
      }
      if (url.pathname === '/api/v2/dressings/') return list([]);
      const category = /^\/api\/v2\/categories\/(\d+)\/$/.exec(url.pathname);
      if (category && request.method === 'GET') {
        const row = CATEGORIES.find((candidate) => candidate.id === Number(category[1]));
        return row ? json(row) : json({ detail: 'Category not found.', code: 'not_found' }, 404);
      }
      // The editor's other reads (detail, sizes, assignments, groups, option sets): none stored, as
      // the server answers a list tagged with another restaurant than the category's.
      if (request.method === 'GET' && /^\/api\/v2\/[a-z-]+\/([a-z-]+\/)?$/.test(url.pathname)) {
        const restaurant = url.searchParams.get('restaurant_id');
        const categoryId = url.searchParams.get('category_id');
        const own = CATEGORIES.find((row) => String(row.id) === categoryId && String(row.restaurant_id) === restaurant);
        return url.pathname === '/api/v2/categories/detail/' && own ? list([{ ...DETAIL, category_id: own.id }]) : list([]);
      }
      return json({ detail: 'Not found.', code: 'not_found' }, 404);
    }),
  );
  function listRestaurants(url: URL) {
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    return list(RESTAURANTS.filter((restaurant) => restaurant.name.toLowerCase().includes(search)));
  }
  return { requests, user: () => user };
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

// The first visit to an area compiles its chunk on the fly under Vitest: allow for it.
const FIRST_LOAD = { timeout: 10_000 };
// A loaded two-core machine answers slowly: every wait gets the same generous bound.
const WAIT = FIRST_LOAD;

describe('the back office restaurant picker', () => {
  it('says where a superadmin’s new categories go without a choice, and labels every row with its restaurant', async () => {
    fakeServer(BASE_USER);
    openAppAt('/admin/menu/toppings');
    expect(await screen.findByText('All restaurants: new categories go to Pizza Loco', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Restaurant you work on' })).toHaveValue('All restaurants');
    const basil = await screen.findByRole('article', { name: 'Basil' }, WAIT);
    expect(within(basil).getByText('Restaurant: Platform library')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Jalapeños' })).getByText('Restaurant: Taco Town')).toBeInTheDocument();
  });

  it('searches the server, stores the choice, and re-reads the lists for that restaurant only', async () => {
    const server = fakeServer(BASE_USER);
    openAppAt('/admin/menu/toppings');
    const person = userEvent.setup({ delay: null });
    const picker = await screen.findByRole('combobox', { name: 'Restaurant you work on' }, FIRST_LOAD);
    await screen.findByRole('article', { name: 'Olives' }, WAIT);
    await person.clear(picker);
    await person.type(picker, 'taco');
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/v2/restaurants/' && r.query.get('search') === 'taco')).toBe(true), WAIT);
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Taco Town']), WAIT);
    await person.click(screen.getByRole('option', { name: 'Taco Town' }));

    await waitFor(() => expect(server.user().active_restaurant_id).toBe(2), WAIT);
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ active_restaurant_id: 2 }]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Restaurant you work on' })).toHaveValue('Taco Town'), WAIT);
    // The list is read again, tagged with the chosen restaurant, and rows need no label any more.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Olives' })).toBeNull(), WAIT);
    expect(
      server.requests
        .filter((r) => r.path === '/api/v2/toppings/')
        .at(-1)!
        .query.get('restaurant_id'),
    ).toBe('2');
    expect(screen.getByRole('article', { name: 'Jalapeños' })).toBeInTheDocument();
    // Only the platform library's rows say whose they are (issue 27): they are not Taco Town's own.
    expect(screen.getAllByText(/^Restaurant: /).map((label) => label.textContent)).toEqual(['Restaurant: Platform library']);
    expect(within(screen.getByRole('article', { name: 'Basil' })).getByText('Restaurant: Platform library')).toBeInTheDocument();
    expect(screen.queryByText(/^All restaurants:/)).toBeNull();
    // And their delete says it is everyone's; a restaurant's own row's does not.
    await person.click(screen.getByRole('button', { name: 'Delete Basil' }));
    const libraryDelete = await screen.findByRole('dialog', { name: 'Delete Basil?' }, WAIT);
    expect(libraryDelete).toHaveTextContent('It is in the platform library: deleting it removes it for every restaurant.');
    await person.click(within(libraryDelete).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    await person.click(screen.getByRole('button', { name: 'Delete Jalapeños' }));
    const ownDelete = await screen.findByRole('dialog', { name: 'Delete Jalapeños?' }, WAIT);
    expect(ownDelete).not.toHaveTextContent('platform library');
    await person.click(within(ownDelete).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);

    // Back to no choice, with the keyboard: the first option.
    await person.click(screen.getByRole('combobox', { name: 'Restaurant you work on' }));
    await person.click(await screen.findByRole('option', { name: 'All restaurants' }, WAIT));
    await waitFor(() => expect(server.user().active_restaurant_id).toBeNull(), WAIT);
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ active_restaurant_id: 2 }, { active_restaurant_id: null }]);
    expect(await screen.findByText('All restaurants: new categories go to Pizza Loco', {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('Restaurant: Pizza Loco', {}, WAIT)).toBeInTheDocument();
  });

  it('says when a search matches no restaurant', async () => {
    const server = fakeServer(BASE_USER);
    openAppAt('/admin/menu/toppings');
    const person = userEvent.setup({ delay: null });
    const picker = await screen.findByRole('combobox', { name: 'Restaurant you work on' }, FIRST_LOAD);
    await screen.findByText('All restaurants: new categories go to Pizza Loco', {}, WAIT);
    await person.clear(picker);
    await person.type(picker, 'sushi');
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/v2/restaurants/' && r.query.get('search') === 'sushi')).toBe(true), WAIT);
    expect(await screen.findByText('No restaurant matches', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toEqual([]);
  });

  it('names no first restaurant, and claims none missing, before the restaurants are loaded', async () => {
    let release = () => {};
    fakeServer(BASE_USER, { restaurantsHeld: new Promise<void>((resolve) => (release = resolve)) });
    openAppAt('/admin/menu/toppings');
    await screen.findByRole('article', { name: 'Basil' }, FIRST_LOAD);
    expect(screen.queryByText(/^All restaurants:/)).toBeNull();
    release();
    expect(await screen.findByText('All restaurants: new categories go to Pizza Loco', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('All restaurants: there are no restaurants yet')).toBeNull();
  });

  it('leaves the focus in an open picker when the next screen shows its heading', async () => {
    fakeServer(BASE_USER);
    const app = openAppAt('/admin/menu/toppings');
    const person = userEvent.setup({ delay: null });
    const picker = await screen.findByRole('combobox', { name: 'Restaurant you work on' }, FIRST_LOAD);
    await screen.findByRole('article', { name: 'Basil' }, WAIT);
    await person.click(picker);
    await screen.findByRole('listbox', {}, WAIT);
    // A screen that arrives while the list is open (after sign-in, or a link chosen just before).
    act(() => app.navigate('/admin/menu/dressings'));
    await screen.findByRole('heading', { level: 1, name: 'Dressings' }, WAIT);
    expect(picker).toHaveFocus();
    expect(screen.getByRole('listbox')).toBeVisible();
    await person.click(screen.getByRole('option', { name: 'Taco Town' }));
    await waitFor(() => expect(picker).toHaveValue('Taco Town'), WAIT);
  });

  it('says whose a category opened by link is, sends no write for it, and switches to its restaurant', async () => {
    const server = fakeServer({ ...BASE_USER, active_restaurant_id: 2, active_restaurant_name: 'Taco Town' });
    openAppAt('/admin/menu/categories/5/editor');
    expect(await screen.findByText('This category belongs to Pizza Loco, not to the restaurant you work on.', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByText(/Restaurant not found/)).toBeNull();
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Switch to Pizza Loco' }));
    await waitFor(() => expect(server.user().active_restaurant_id).toBe(1), WAIT);
    // Now the restaurant's own: the editor opens it, still with nothing written but the choice.
    expect(await screen.findByRole('textbox', { name: 'Name' }, WAIT)).toHaveValue('Calzones');
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([expect.objectContaining({ method: 'PATCH', body: { active_restaurant_id: 1 } })]);
  });

  it('tells staff without a choice that they see the library only', async () => {
    fakeServer({ ...BASE_USER, is_superadmin: false });
    openAppAt('/admin/menu/toppings');
    expect(await screen.findByText('No restaurant chosen: lists show the platform library only', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Restaurant you work on' })).toHaveValue('No restaurant');
  });

  it('shows an owner their restaurant and no picker, and no restaurant labels on rows', async () => {
    fakeServer({ ...BASE_USER, is_staff: false, is_superadmin: false, active_restaurant_id: 1, active_restaurant_name: 'Pizza Loco' });
    openAppAt('/backoffice/menu/toppings');
    await screen.findByRole('article', { name: 'Olives' }, FIRST_LOAD);
    expect(screen.getByText('Pizza Loco')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Restaurant you work on' })).toBeNull();
    expect(screen.queryByText(/^Restaurant: /)).toBeNull();
  });

  it('tags a superadmin’s lists and creates with a chosen restaurant, and nothing without one (spec section 6)', () => {
    expect(menuScope({ is_superadmin: true, active_restaurant_id: 2 })).toEqual({ restaurantId: 2, superadmin: false });
    expect(menuScope({ is_superadmin: true, active_restaurant_id: null })).toEqual({ restaurantId: null, superadmin: true });
  });
});
