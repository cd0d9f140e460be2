/**
 * The territory editor model of tests/views/territories/territory-editor.view.test.tsx, driven
 * through the built app in Chromium against the real server (PGlite in a temporary folder), as a
 * platform administrator of its own for each path, on a territory of its own ("Baku North", made
 * through the API) with the real Leaflet map (its tiles are the harness's). Nothing is answered in
 * the browser: the territory's read and its two PATCHes (the JSON save, then the photo as
 * multipart) are held there only so that `loading`, `saving` and `uploading` can be seen, then let
 * through unchanged. What an answer depends on is arranged at the server while its call is held:
 * - `server.loadFailed`, `server.saveFailed`: another superadmin has taken the administrator's
 *   rights away (given back once the call is answered), so the server refuses the call (403).
 * - `server.uploadFailed`: the territory was removed from the database once its JSON save was
 *   stored, so the server answers the photo's PATCH with 404: the alert says the territory was
 *   saved but not every picture, and the photo's field gives the server's reason.
 * What a save stored is read back through the API, and the photo from /uploads/.
 */
import type { Page, Request, Route } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { TERRITORY_MESSAGES, type Territory } from '#contracts/territories';
import { territoryEditorModel } from '../models/territories/territory-editor.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { notedBeforeEachEvent } from '../support/noted-executors';
import { auditedStates } from './accounts-audit';
import { UNLIMITED, eventually } from './accounts-server';
import { NOT_AN_ADMINISTRATOR, adminSession, heldCall, letThrough, withoutRights, type AdminSession } from './backoffice-server';
import { newPage, withApp } from './harness';
import { apiAs, openAs } from './menu-session';

const LOAD_FAILED = "Couldn't load this page";
const TERRITORY_GONE = 'Territory not found.';
const CIRCLE = { center_lat: 40.41, center_lng: 49.87, radius_meters: 1500 };
const INSTAGRAM = { platform_name: 'Instagram', platform_url: 'https://instagram.com/bakunorth' };
/** What `fill.valid` makes of the form, as the server must receive and store it. */
const FILLED = {
  name: 'Baku Central',
  zips: ['1000', '1001', '1002', '1003'],
  circles: [CIRCLE, { ...CIRCLE, radius_meters: 2346 }],
  settlement_date: '2026-03-15',
  socials: [INSTAGRAM, { platform_name: 'Facebook', platform_url: 'https://facebook.com/bakucentral' }],
};

const running = withApp(UNLIMITED);
let photo: Buffer;
let paths = 0;

beforeAll(async () => {
  photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 190, g: 70, b: 60 } } })
    .png()
    .toBuffer();
});

type Driver = {
  page: Page;
  admin: AdminSession;
  id: number;
  slug: string;
  /** The territory's GET, held. */
  loads: Route[];
  /** Its PATCHes (the JSON save, then the photo), held. */
  patches: Route[];
  /** The server's sentence of the last refusal: after the alert's prefix, or under the photo. */
  refusal: string | null;
  /** PATCHes the page had sent in all, and how many just before the model's last event. */
  patchesSent: { count: number; before: number };
  /** The territory as the server held it just before the model's last event (null: gone). */
  storedBefore: Territory | null;
};

async function openEditor(): Promise<Driver> {
  paths += 1;
  const admin = await adminSession(running.app);
  const slug = `baku-north-${paths}`;
  const territory = await apiAs<Territory>(running.app, admin, 'POST', '/territories/', {
    name: 'Baku North',
    slug,
    rep_name: 'Aysel Mammadova',
    zips: ['1000', '1001'],
    circles: [CIRCLE],
    socials: [INSTAGRAM],
  });
  const page = await newPage(running.browser);
  const loads: Route[] = [];
  const patches: Route[] = [];
  const patchesSent = { count: 0, before: 0 };
  await page.route(
    (url) => url.pathname === `/api/v2/territories/${territory.id}/`,
    (route) => {
      if (route.request().method() === 'GET') loads.push(route);
      else {
        patchesSent.count += 1;
        patches.push(route);
      }
    },
  );
  await openAs(page, running.app, admin, `/admin/territories/${territory.id}`);
  return { page, admin, id: territory.id, slug, loads, patches, refusal: null, patchesSent, storedBefore: territory };
}

const nameField = (page: Page) => page.getByRole('textbox', { name: /^Name/ });
const alert = (page: Page) => page.getByRole('alert');
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save territory' });
const listedZips = (page: Page) => page.getByRole('list', { name: 'Listed zip codes' }).getByRole('listitem').allTextContents();
const inGroup = (page: Page, group: string, field: string) => page.getByRole('group', { name: group }).getByRole('textbox', { name: field });

/** The territory as the server holds it now, or null when it is gone. */
async function stored(driver: Driver): Promise<Territory | null> {
  const answer = await fetch(`${running.app.url}/api/v2/territories/${driver.id}/`, { headers: { authorization: `Bearer ${driver.admin.access}` } });
  if (answer.status === 404) return null;
  expect(answer.status).toBe(200);
  return (await answer.json()) as Territory;
}

/** The held PATCH, of the kind given. */
async function heldPatch(driver: Driver, kind: 'json' | 'multipart'): Promise<Request> {
  const request = await heldCall(driver.patches);
  expect(request.headers()['content-type']).toMatch(kind === 'json' ? /^application\/json/ : /^multipart\/form-data; boundary=/);
  return request;
}

/** What was typed is still in the form after a failure. */
async function expectInputKept(page: Page) {
  expect(await nameField(page).inputValue()).toBe(FILLED.name);
  expect(await page.getByText('4 zip codes', { exact: true }).isVisible()).toBe(true);
  expect(await listedZips(page)).toEqual(FILLED.zips);
  expect(await inGroup(page, 'Link 2', 'Link').inputValue()).toBe('facebook.com/bakucentral');
}

const andAudit = auditedStates();

const executors: PathExecutors<Driver> = {
  states: {
    loading: async ({ page, loads }) => {
      await heldCall(loads);
      await eventually(async () => expect(await page.getByLabel('Loading the territory').isVisible()).toBe(true));
      expect(await nameField(page).count()).toBe(0);
    },
    loadFailed: andAudit('territory editor, load refused', async ({ page }) => {
      await eventually(async () => expect(await alert(page).textContent()).toBe(`${LOAD_FAILED}${NOT_AN_ADMINISTRATOR}Retry`));
      expect(await page.getByRole('button', { name: 'Retry', exact: true }).isEnabled()).toBe(true);
      expect(await nameField(page).count()).toBe(0);
    }),
    editing: async ({ page }) => {
      await page.getByRole('heading', { level: 1, name: 'Baku North' }).waitFor({ timeout: 10_000 });
      expect(await nameField(page).inputValue()).toBe('Baku North');
      expect(await page.getByText('2 zip codes', { exact: true }).isVisible()).toBe(true);
      expect(await listedZips(page)).toEqual(['1000', '1001']);
      expect(await inGroup(page, 'Link 1', 'Link').inputValue()).toBe(INSTAGRAM.platform_url);
      expect(await page.getByText('1 circle', { exact: true }).isVisible()).toBe(true);
    },
    blankName: async ({ page }) => expect(await nameField(page).inputValue()).toBe(''),
    refused: andAudit('territory editor, name refused', async (driver) => {
      const { page } = driver;
      await page.getByText(TERRITORY_MESSAGES.name, { exact: true }).waitFor({ timeout: 10_000 });
      expect(await nameField(page).getAttribute('aria-invalid')).toBe('true');
      expect(await alert(page).textContent()).toContain('Please correct the fields marked in red.');
      // Nothing was sent in this step, and the server still holds the territory as it was.
      expect(driver.patches).toHaveLength(0);
      expect(driver.patchesSent.count).toBe(driver.patchesSent.before);
      expect(await stored(driver)).toEqual(driver.storedBefore);
    }),
    filled: andAudit('territory editor, filled', async ({ page }) => {
      expect(await nameField(page).inputValue()).toBe(FILLED.name);
      expect(await page.getByText('4 zip codes', { exact: true }).isVisible()).toBe(true);
      expect(await listedZips(page)).toEqual(FILLED.zips);
      expect(await page.getByText('2 circles', { exact: true }).isVisible()).toBe(true);
      await eventually(async () => expect(await page.locator('.leaflet-overlay-pane path').count()).toBeGreaterThanOrEqual(2));
      await page.getByRole('img', { name: 'Representative photo preview (new, not saved yet)' }).waitFor({ timeout: 10_000 });
    }),
    saving: async (driver) => {
      const request = await heldPatch(driver, 'json');
      expect(request.postDataJSON()).toMatchObject({ ...FILLED, rep_dob: null });
      await eventually(async () => expect(await saveButton(driver.page).getAttribute('data-loading')).toBe('true'));
      expect(driver.patchesSent.count).toBe(driver.patchesSent.before + 1);
      // An earlier failure's alert is gone, so the next one is this save's.
      expect(await alert(driver.page).count()).toBe(0);
      // The save is held: the server holds what it held before the step.
      expect(await stored(driver)).toEqual(driver.storedBefore);
    },
    uploading: async (driver) => {
      const request = await heldPatch(driver, 'multipart');
      const body = request.postDataBuffer()!;
      expect(body.includes(photo)).toBe(true);
      expect(body.toString('latin1')).toMatch(/name="rep_photo"; filename="rep\.png"/);
      // The JSON save is stored; the photo is not yet.
      const territory = await stored(driver);
      expect(territory).toMatchObject({ ...FILLED, rep_photo: null });
    },
    failed: andAudit('territory editor, save refused', async (driver) => {
      const { page } = driver;
      await eventually(async () => expect(await alert(page).count()).toBe(1));
      expect(await alert(page).textContent()).toBe(`${TERRITORY_MESSAGES.saveFailed}: ${driver.refusal}`);
      await expectInputKept(page);
      expect(await saveButton(page).isEnabled()).toBe(true);
      // A refused save changed nothing (a walk may come here after the photo found the territory gone).
      expect(await stored(driver)).toEqual(driver.storedBefore);
    }),
    picturesRefused: andAudit('territory editor, photo refused', async (driver) => {
      const { page } = driver;
      const saved = alert(page).filter({ hasText: TERRITORY_MESSAGES.picturesRefused });
      await eventually(async () => expect(await saved.textContent()).toBe(`${TERRITORY_MESSAGES.picturesRefused}Check Representative photo.`));
      // The photo's own field says why, and the refused file is still the one chosen.
      const photoGroup = page.getByRole('group', { name: 'Representative photo', exact: true });
      expect(await photoGroup.getByRole('alert').textContent()).toBe(driver.refusal);
      expect(await photoGroup.getByText('Chosen: rep.png').isVisible()).toBe(true);
      await expectInputKept(page);
      expect(await saveButton(page).isEnabled()).toBe(true);
      expect(page.url()).toMatch(new RegExp(`/admin/territories/${driver.id}$`));
      // The photo found its territory gone.
      expect(await stored(driver)).toBeNull();
    }),
    dismissed: async (driver) => {
      const { page } = driver;
      await eventually(async () => expect(await alert(page).count()).toBe(0));
      await expectInputKept(page);
      expect(await saveButton(page).isEnabled()).toBe(true);
    },
    saved: async (driver) => {
      await driver.page.waitForURL(/\/admin\/territories$/, { timeout: 10_000 });
      await driver.page.getByRole('row').filter({ hasText: FILLED.name }).waitFor({ timeout: 10_000 });
      const territory = await stored(driver);
      expect(territory).toMatchObject({ ...FILLED, slug: driver.slug, rep_name: 'Aysel Mammadova', wallpaper: null });
      expect(territory!.rep_photo).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.jpg$/);
      const served = await fetch(`${running.app.url}${territory!.rep_photo}`);
      expect(served.status).toBe(200);
      const { width, height } = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect({ width, height }).toEqual({ width: 320, height: 240 });
    },
  },
  events: notedBeforeEachEvent<Driver>(
    {
      'server.loaded': ({ loads }) => letThrough(loads, 200),
      'server.loadFailed': (driver) => withoutRights(running.app, driver.admin, () => letThrough(driver.loads, 403)),
      'load.retry': ({ page }) => page.getByRole('button', { name: 'Retry', exact: true }).click(),
      'fill.valid': async ({ page }) => {
        await nameField(page).fill(FILLED.name);
        await page.getByRole('textbox', { name: 'Add zip codes' }).fill('1001, 1002;AZ 1003\n12 1002');
        await page.getByRole('button', { name: 'Add zip codes' }).click();
        await page.getByRole('button', { name: 'Add circle' }).click();
        await inGroup(page, 'Circle 2', 'Radius (metres)').fill('2345.6');
        await page.getByLabel('Settlement date').fill(FILLED.settlement_date);
        await page.getByRole('button', { name: 'Add social link' }).click();
        await inGroup(page, 'Link 2', 'Platform').fill('Facebook');
        await inGroup(page, 'Link 2', 'Link').fill('facebook.com/bakucentral');
        // A third row left blank is not sent.
        await page.getByRole('button', { name: 'Add social link' }).click();
        await page
          .getByRole('group', { name: 'Representative photo', exact: true })
          .locator('input[type="file"]')
          .setInputFiles({ name: 'rep.png', mimeType: 'image/png', buffer: photo });
      },
      'fill.blankName': ({ page }) => nameField(page).fill(''),
      'form.save': ({ page }) => saveButton(page).click(),
      'server.saved': ({ patches }) => letThrough(patches, 200),
      'server.uploaded': ({ patches }) => letThrough(patches, 200),
      'server.saveFailed': async (driver) => {
        const body = await withoutRights(running.app, driver.admin, () => letThrough(driver.patches, 403));
        driver.refusal = (JSON.parse(body) as { detail: string }).detail;
        expect(driver.refusal).toBe(NOT_AN_ADMINISTRATOR);
      },
      'server.uploadFailed': async (driver) => {
        const body = await letThrough(driver.patches, 404, async () => {
          expect(await running.app.query('delete from territories where id = $1 returning id', [driver.id])).toHaveLength(1);
        });
        driver.refusal = (JSON.parse(body) as { detail: string }).detail;
        expect(driver.refusal).toBe(TERRITORY_GONE);
      },
      'alert.dismiss': ({ page }) => alert(page).getByRole('button', { name: 'Dismiss' }).click(),
    },
    async (driver) => {
      driver.patchesSent.before = driver.patchesSent.count;
      driver.storedBefore = await stored(driver);
    },
  ),
};

describe('territory editor in Chromium against the real server: walks that take every transition of the model (an administrator editing a territory)', () => {
  for (const { title, run } of modelPathCases(territoryEditorModel, executors))
    it(title, async () => {
      await run(await openEditor());
    }, 120_000);
});
