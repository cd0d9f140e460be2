/**
 * The primary option editor in Chromium against the real server, as an owner uses it.
 *
 * By keyboard alone: the focus is on the editor when it opens, stays on the row an owner moves
 * (on its other arrow once one end is reached), goes to the new row after Add selection, and back
 * to the Edit button after Save. It used to drop to the page body at each of these.
 *
 * The selection image picker (src/views/menu/image-picker.tsx): Add images to selections → "Add
 * image for Thin" → choose a PNG. The upload used to answer 201 and then freeze the tab (the
 * picker handed the address over again on every render). Here the page must stay responsive, show
 * the thumbnail, close the picker, and Save must store the served address on the selection.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOADS_URL_PREFIX } from '#contracts/shared/upload';
import { UNLIMITED } from './accounts-server';
import { newPage, screenshot, withApp } from './harness';
import { apiAs, openAs, ownerSession } from './menu-session';

const running = withApp(UNLIMITED);

/** Resolves when the page's main thread answers; rejects after `ms` when it is stuck. */
async function answersWithin(page: Page, ms: number): Promise<void> {
  await Promise.race([
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true)))),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`the page did not answer within ${ms} ms: the tab is frozen`)), ms)),
  ]);
}

/** The accessible name of the element that has the focus ('' for the page body). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element && element !== document.body ? (element.getAttribute('aria-label') ?? element.textContent ?? '').trim() : '';
  });

describe('the primary option editor by keyboard', () => {
  it('keeps the focus where the owner works: editor, moved row, new row, then back to Edit', async () => {
    const { app, browser } = running;
    const owner = await ownerSession(app, 'keyboard-owner@example.com');
    await apiAs(app, owner, 'POST', '/primary-options/', { name: 'Sauce', selections: [{ name: 'Tomato' }, { name: 'Cream' }] });
    const page = await newPage(browser);
    await openAs(page, app, owner, '/backoffice/menu/primary-options');
    await page.getByRole('button', { name: 'Edit Sauce' }).focus();
    await page.keyboard.press('Enter');
    const setName = page.getByRole('textbox', { name: 'Set name' });
    await expect.poll(() => setName.evaluate((input) => input === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'Move Tomato down' }).focus();
    await page.keyboard.press('Enter');
    // Tomato is last now: its Move down is disabled, so the focus is on its Move up.
    await expect.poll(() => focused(page)).toBe('Move Tomato up');
    expect(await page.getByRole('textbox', { name: 'Selection 2' }).inputValue()).toBe('Tomato');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Move Tomato down');
    expect(await page.getByRole('textbox', { name: 'Selection 1' }).inputValue()).toBe('Tomato');

    await page.getByRole('button', { name: 'Add selection' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Selection 3');
    await page.keyboard.type('Pesto');

    await page.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Set name' }).waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Edit Sauce');
    const stored = await app.query(
      "select s.name from option_set_selections s join option_sets o on o.id = s.set_id where o.name = 'Sauce' order by s.position",
    );
    expect(stored.map((row) => row.name)).toEqual(['Tomato', 'Cream', 'Pesto']);
  });
});

describe('the selection image picker in Chromium', () => {
  it('uploads a PNG for a selection, keeps the tab responsive, shows it, and saves it with the set', async () => {
    const { app, browser } = running;
    const owner = await ownerSession(app, 'picker-owner@example.com');
    const crust = await apiAs<{ id: number }>(app, owner, 'POST', '/primary-options/', { name: 'Crust', selections: [{ name: 'Thin' }, { name: 'Thick' }] });
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 190, g: 120, b: 40 } } })
      .png()
      .toBuffer();

    for (const width of [1280, 375]) {
      const page = await newPage(browser, { width, height: 800 });
      await openAs(page, app, owner, '/backoffice/menu/primary-options');
      await page.getByRole('button', { name: 'Edit Crust' }).click();
      const allowImages = page.getByRole('switch', { name: 'Add images to selections' });
      if (!(await allowImages.isChecked())) await allowImages.check({ force: true });
      const name = width === 1280 ? 'Thin' : 'Thick';
      await page.getByRole('button', { name: `Add image for ${name}` }).click();
      const uploaded = page.waitForResponse((response) => response.url().includes('/api/v2/upload/image/') && response.request().method() === 'POST');
      await page.locator('input[type="file"][aria-label="Image"]').setInputFiles({ name: 'crust.png', mimeType: 'image/png', buffer: png });
      expect((await uploaded).status()).toBe(201);

      await answersWithin(page, 15_000);
      // The picker closed and the row now offers to change its image, with the thumbnail beside it.
      const change = page.getByRole('button', { name: `Change image for ${name}` });
      await change.waitFor();
      // (It fades out: gone once its closing transition has run.)
      await page.getByLabel('Image URL').waitFor({ state: 'detached' });
      const thumbnail = page.getByRole('listitem').filter({ has: change }).locator('img');
      await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      // Still usable: typing reaches the editor, and Save stores the set.
      await page.getByRole('textbox', { name: 'Set name' }).fill(`Crust ${width}`);
      await answersWithin(page, 15_000);
      await screenshot(page, `menu-image-picker-uploaded-${width}`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('button', { name: `Edit Crust ${width}` }).waitFor();

      const [row] = await app.query('select image_url from option_set_selections where set_id = $1 and name = $2', [crust.id, name]);
      expect(String(row?.image_url)).toMatch(new RegExp(`^${UPLOADS_URL_PREFIX.replace(/[/.]/g, '\\$&')}`));
    }
  });
});
