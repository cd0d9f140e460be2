/**
 * Issue 14 in Chromium against the real server: an administrator creates a territory with zip
 * codes pasted as free text, draws two circles with the mouse on the Leaflet map (resizes one by
 * its edge handle, moves the other by its centre), drops a representative photo and a
 * wallpaper, saves, reloads and finds all of it, then deletes it. The map's tiles are answered by
 * the harness (the machine has no outside network).
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { superadminSession, type AdminSession } from './backoffice-server';
import { newPage, screenshot, withApp } from './harness';
import { openAs } from './menu-session';

const NAME = 'Baku North';
const PHONE = { width: 375, height: 740 };

const run = withApp({ rateLimitPerMinute: 100_000 });
let admin: AdminSession;
let photo: Buffer;
let wallpaper: Buffer;

beforeAll(async () => {
  admin = await superadminSession(run.app, 'staff@example.com');
  photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 190, g: 70, b: 60 } } })
    .png()
    .toBuffer();
  wallpaper = await sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();
});

/** The image picker's file input, which a drop on the picker fills too. */
const fileInput = (page: Page, picker: string) => page.getByRole('group', { name: picker, exact: true }).locator('input[type="file"]');
const mapOf = (page: Page) => page.getByRole('region', { name: /^Service area map/ });
const circleField = (page: Page, circle: number, field: string) => page.getByRole('group', { name: `Circle ${circle}` }).getByRole('textbox', { name: field });

describe('territories', () => {
  it('creates a territory with pasted zips, two drawn circles (one resized, one moved) and two images, finds it all after a reload, then deletes it', async () => {
    const page = await newPage(run.browser);
    await openAs(page, run.app, admin, '/admin/territories');
    await page.getByText('No territories yet').waitFor();
    await page.getByRole('link', { name: 'Add territory' }).click();
    await page.getByRole('heading', { name: 'New territory', level: 1 }).waitFor();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(NAME);
    await page.getByRole('textbox', { name: /^Slug/ }).fill('baku-north');
    await page.getByRole('textbox', { name: 'Representative name' }).fill('Aysel Mammadova');
    await page.getByRole('textbox', { name: 'Add zip codes' }).fill('94107, 94110;94103\n12 AZ1000 94107');
    await page.getByRole('button', { name: 'Add zip codes' }).click();
    await page.getByText('4 zip codes').waitFor();

    // Two clicks on the map draw two circles; dragging the first one's edge handle resizes it.
    const map = mapOf(page);
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.4);
    await page.mouse.click(box.x + box.width * 0.65, box.y + box.height * 0.6);
    await page.getByText('2 circles').waitFor();
    const handle = (await page.getByTitle('Circle 1: drag to resize').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 40, handle.y + handle.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Number((await circleField(page, 1, 'Radius (metres)').inputValue()).replace(/,/g, ''))).toBeGreaterThan(1000);
    const radius = await circleField(page, 1, 'Radius (metres)').inputValue();
    // Dragging the second one's centre moves it north.
    const drawnAt = Number(await circleField(page, 2, 'Latitude').inputValue());
    const centre = (await page.getByTitle('Circle 2: drag to move').boundingBox())!;
    await page.mouse.move(centre.x + centre.width / 2, centre.y + centre.height / 2);
    await page.mouse.down();
    await page.mouse.move(centre.x + centre.width / 2, centre.y + centre.height / 2 - 50, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Number(await circleField(page, 2, 'Latitude').inputValue())).toBeGreaterThan(drawnAt);
    const latitude = await circleField(page, 2, 'Latitude').inputValue();

    await fileInput(page, 'Representative photo').setInputFiles({ name: 'rep.png', mimeType: 'image/png', buffer: photo });
    await fileInput(page, 'Wallpaper').setInputFiles({ name: 'wall.jpg', mimeType: 'image/jpeg', buffer: wallpaper });
    await page.getByRole('img', { name: 'Wallpaper preview (new, not saved yet)' }).waitFor();
    await page.getByRole('button', { name: 'Add social link' }).click();
    await page.getByRole('textbox', { name: 'Platform' }).fill('Instagram');
    await page.getByRole('textbox', { name: 'Link', exact: true }).fill('instagram.com/bakunorth');
    // The listed zips lie far from the circles (Baku): the coverage says so.
    await page.getByText('In the zip list but outside every circle (3 zip codes)').waitFor();

    await screenshot(page, 'territory-editor');
    await expectAccessible(page, 'territory editor');

    await page.getByRole('button', { name: 'Save territory' }).click();
    await page.waitForURL(/\/admin\/territories$/);
    const row = page.getByRole('row').filter({ hasText: NAME });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining([NAME, '/baku-north', '4', 'Aysel Mammadova']));
    await screenshot(page, 'territories-list');
    await expectAccessible(page, 'territories list');

    await row.getByRole('link', { name: `Details of ${NAME}` }).click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    expect(await page.getByRole('list', { name: 'Listed zip codes' }).getByRole('listitem').allTextContents()).toEqual(['94107', '94110', '94103', '1000']);
    expect(await circleField(page, 1, 'Radius (metres)').inputValue()).toBe(radius);
    expect(await circleField(page, 2, 'Latitude').inputValue()).toBe(latitude);
    await expect.poll(() => page.locator('.leaflet-overlay-pane path').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByRole('textbox', { name: 'Link', exact: true }).inputValue()).toBe('https://instagram.com/bakunorth');
    for (const name of ['Representative photo', 'Wallpaper']) {
      const src = await page.getByRole('img', { name: `${name} preview`, exact: true }).getAttribute('src');
      expect(src).toMatch(/^\/uploads\//);
      expect((await page.request.get(`${run.app.url}${src}`)).ok()).toBe(true);
    }

    // On a phone, in a page of its own (a resized page would be caught mid-way in the menu's animation).
    const phone = await newPage(run.browser, PHONE);
    await openAs(phone, run.app, admin, new URL(page.url()).pathname);
    await phone.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    await phone.getByRole('img', { name: 'Wallpaper preview', exact: true }).waitFor();
    await screenshot(phone, 'territory-editor-phone');
    await phone.getByRole('link', { name: '← Territories' }).click();
    await phone.getByRole('region', { name: 'Territories table' }).waitFor();
    await screenshot(phone, 'territories-list-phone');

    await page.getByRole('link', { name: '← Territories' }).click();
    await page.getByRole('button', { name: `Delete ${NAME}` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${NAME}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('No territories yet').waitFor();
    expect(await run.app.query('select count(*)::int as n from territories')).toEqual([{ n: 0 }]);
  }, 180_000);

  it('keeps the view the administrator zoomed to when a circle of a spread-out territory is resized', async () => {
    // Two circles 160 km apart: the editor opens on both; zoomed in on the first, its handles are in reach.
    const created = await fetch(`${run.app.url}/api/v2/territories/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Absheron and Ganja road',
        circles: [
          { center_lat: 40.4, center_lng: 49.85, radius_meters: 1500 },
          { center_lat: 40.55, center_lng: 47.95, radius_meters: 1500 },
        ],
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const page = await newPage(run.browser);
    await openAs(page, run.app, admin, `/admin/territories/${id}`);
    const map = mapOf(page);
    await map.scrollIntoViewIfNeeded();
    const centre = page.getByTitle('Circle 1: drag to move');
    const edge = page.getByTitle('Circle 1: drag to resize');
    await edge.waitFor();
    const middleOf = async (handle: typeof edge) => {
      const box = (await handle.boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const radiusOnScreen = async () => Math.hypot((await middleOf(edge)).x - (await middleOf(centre)).x, (await middleOf(edge)).y - (await middleOf(centre)).y);
    // Leaflet waits a moment before a wheel zoom starts, then animates it: settled once no zoom
    // runs and the circle's size on screen reads the same twice in a row.
    // Generous: with three browser files on two cores, one wheel zoom has taken over a second to settle.
    const ZOOM_SETTLES = { timeout: 15_000, interval: 150 };
    let lastRadius = -1;
    const zoomSettled = () =>
      expect
        .poll(async () => {
          const idle = await map.evaluate(
            (element) => element.querySelector('.leaflet-zoom-anim') === null && !element.classList.contains('leaflet-zoom-anim'),
          );
          const radius = await radiusOnScreen();
          const steady = idle && radius === lastRadius;
          lastRadius = radius;
          return steady;
        }, ZOOM_SETTLES)
        .toBe(true);
    // Zoom in on circle 1 (its centre under the pointer) until its radius is a good 60 px on screen.
    for (let step = 0; step < 16 && (await radiusOnScreen()) < 60; step += 1) {
      const { x, y } = await middleOf(centre);
      await page.mouse.move(x, y);
      await page.mouse.wheel(0, -60);
      await zoomSettled();
    }
    const before = await radiusOnScreen();

    expect(before).toBeGreaterThanOrEqual(60);

    const handle = await middleOf(edge);
    await page.mouse.move(handle.x, handle.y);
    await page.mouse.down();
    await page.mouse.move(handle.x + 30, handle.y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Number((await circleField(page, 1, 'Radius (metres)').inputValue()).replace(/\D/g, ''))).toBeGreaterThan(1500);
    // Same zoom: the radius grew by what was dragged. A refit to both circles would have shrunk it
    // to a few pixels and taken the handle out of reach.
    await zoomSettled();
    await expect.poll(radiusOnScreen).toBeGreaterThan(before);
  });
});
