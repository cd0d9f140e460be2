/**
 * Issue 10, item 7 in Chromium against the real server: a superadmin (made as the command line
 * makes one) sees which restaurant new categories go to, chooses another restaurant in the
 * header's searchable picker, creates a category, and finds it in that restaurant: in the
 * database, in that restaurant's list, and not in the other one's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { superadminSession, withoutRestaurant, type AdminSession } from './backoffice-server';
import { keptPage, newPage, screenshot, withApp } from './harness';
import { apiAs, openAs } from './menu-session';

/** The back office's sidebar width (backoffice-layout.tsx), from the left edge at 800 px and wider. */
const SIDEBAR_WIDTH = 240;
const run = withApp({ rateLimitPerMinute: 100_000 });
// The administrator's tests open their screen by a fresh load: one page (one browser context)
// for them, but for the last, which watches the page's requests.
const adminPage = keptPage();
let admin: AdminSession;
const restaurants: Record<'pizza' | 'taco', number> = { pizza: 0, taco: 0 };

beforeAll(async () => {
  admin = await superadminSession(run.app, 'boss@example.com');
  await withoutRestaurant(run.app, admin);
  for (const [key, name] of [
    ['pizza', 'Pizza Loco'],
    ['taco', 'Taco Town'],
  ] as const) {
    restaurants[key] = (await apiAs<{ id: number }>(run.app, admin, 'POST', '/restaurants/', { name })).id;
  }
});

describe('an administrator chooses the restaurant they work on', () => {
  it('chooses Taco Town in the header, creates a category there, and finds it only there', async () => {
    const page = await adminPage(run.browser);
    await openAs(page, run.app, admin, '/admin/menu/categories');
    const picker = page.getByRole('combobox', { name: 'Restaurant you work on' });
    // No choice yet: the spec's first-restaurant rule, said in the header.
    await page.getByText('All restaurants: new categories go to Pizza Loco').waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'admin categories, all restaurants');
    await screenshot(page, 'admin-picker-all-restaurants');

    await picker.fill('taco');
    await page.getByRole('option', { name: 'Taco Town' }).waitFor();
    await expectAccessible(page, 'restaurant picker open with a search');
    await screenshot(page, 'admin-picker-open');
    await page.getByRole('option', { name: 'Taco Town' }).click();
    await expect.poll(() => picker.inputValue()).toBe('Taco Town');
    await expect
      .poll(async () => (await run.app.query('select active_restaurant_id from users where email = $1', ['boss@example.com']))[0]?.active_restaurant_id)
      .toBe(restaurants.taco);
    await expect.poll(() => page.getByText(/^All restaurants:/).count()).toBe(0);

    await page.getByRole('link', { name: 'Add category' }).first().click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Tacos al pastor');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Categories › Tacos al pastor' }).waitFor();
    const [stored] = await run.app.query('select restaurant_id from categories where name = $1', ['Tacos al pastor']);
    expect(stored?.restaurant_id).toBe(restaurants.taco);

    // The choice holds after a reload (it is the server's), and the list is Taco Town's.
    await page.goto(`${run.app.url}/admin/menu/categories`);
    await page.getByRole('table', { name: 'Categories' }).getByText('Tacos al pastor').waitFor();
    expect(await picker.inputValue()).toBe('Taco Town');

    // Pizza Loco's list does not have it.
    await picker.click();
    await page.getByRole('option', { name: 'Pizza Loco' }).click();
    await expect.poll(() => picker.inputValue()).toBe('Pizza Loco');
    await page.getByText('Create your first menu category').waitFor();
    expect(await page.getByText('Tacos al pastor').count()).toBe(0);

    // Cleared: every restaurant's rows, each saying whose it is.
    await picker.click();
    await page.getByRole('option', { name: 'All restaurants' }).click();
    await page.getByText('All restaurants: new categories go to Pizza Loco').waitFor();
    const row = page.getByRole('row', { name: /Tacos al pastor/ });
    await row.getByRole('cell', { name: 'Taco Town' }).waitFor();
    await screenshot(page, 'admin-picker-cleared');
  });

  // Issue 27, item 10: the list opened under the sidebar, which hid the options' left part and
  // took the clicks meant for them.
  for (const [width, name, key] of [
    [800, 'Taco Town', 'taco'],
    [1280, 'Pizza Loco', 'pizza'],
  ] as const) {
    it(`opens the list above the sidebar at ${width} px: a click on an option's left part chooses it`, async () => {
      const page = await adminPage(run.browser, { width });
      await openAs(page, run.app, admin, '/admin/menu/categories');
      const picker = page.getByRole('combobox', { name: 'Restaurant you work on' });
      await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
      await page.waitForLoadState('networkidle');
      await picker.click();
      const option = page.getByRole('option', { name });
      await option.waitFor();
      await expectAccessible(page, `restaurant picker open at ${width} px`);
      const box = (await option.boundingBox())!;
      // The option's left edge is over the sidebar (240 px wide from the left edge, once its
      // opening slide has ended): that is where the list was hidden.
      expect(box.x).toBeLessThan(SIDEBAR_WIDTH);
      // Where the person clicks, whatever is on top there (not Playwright's aimed click).
      await page.mouse.click(box.x + 4, box.y + box.height / 2);
      await expect.poll(() => picker.inputValue()).toBe(name);
      await expect
        .poll(async () => (await run.app.query('select active_restaurant_id from users where email = $1', ['boss@example.com']))[0]?.active_restaurant_id)
        .toBe(restaurants[key]);
      expect(new URL(page.url()).pathname).toBe('/admin/menu/categories');
    });
  }

  // Issue 27, item 12, with Pizza Loco chosen.
  it("labels the platform library's rows, says whose a linked category is, and switches to it without a write", async () => {
    await run.app.query('update users set active_restaurant_id = $1 where email = $2', [restaurants.pizza, 'boss@example.com']);
    await run.app.query("insert into toppings (name, restaurant_id) values ('Basil', null), ('Olives', $1)", [restaurants.pizza]);
    const page = await newPage(run.browser);
    await openAs(page, run.app, admin, '/admin/menu/toppings');
    const picker = page.getByRole('combobox', { name: 'Restaurant you work on' });
    await expect.poll(() => picker.inputValue()).toBe('Pizza Loco');
    await page.getByRole('article', { name: 'Olives' }).waitFor();
    expect(await page.getByRole('article', { name: 'Basil' }).getByText('Restaurant: Platform library').count()).toBe(1);
    expect(
      await page
        .getByRole('article', { name: 'Olives' })
        .getByText(/^Restaurant: /)
        .count(),
    ).toBe(0);
    await page.getByRole('button', { name: 'Delete Basil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Basil?' });
    await dialog.getByText('It is in the platform library: deleting it removes it for every restaurant.').waitFor();
    await expectAccessible(page, 'library topping delete, a restaurant chosen');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Taco Town's category, by link.
    const [tacos] = await run.app.query('select id from categories where name = $1', ['Tacos al pastor']);
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/')) writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto(`${run.app.url}/admin/menu/categories/${tacos!.id}/editor`);
    await page.getByText('This category belongs to Taco Town, not to the restaurant you work on.').waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, "another restaurant's category");
    expect(writes).toEqual([]);
    await page.getByRole('button', { name: 'Switch to Taco Town' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Tacos al pastor');
    expect(await picker.inputValue()).toBe('Taco Town');
    expect(writes).toEqual(['PATCH /api/v2/auth/me/']);
    const [stored] = await run.app.query('select active_restaurant_id from users where email = $1', ['boss@example.com']);
    expect(stored?.active_restaurant_id).toBe(restaurants.taco);
  });
});
