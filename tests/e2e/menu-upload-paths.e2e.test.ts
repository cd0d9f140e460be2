/**
 * The menu upload model of tests/views/menu/menu-upload.view.test.tsx, driven through the built
 * app in Chromium against the real server (PGlite in a temporary folder): the image field of the
 * Toppings screen (src/views/menu/image-field.tsx), as an owner of its own for each path. Nothing
 * is answered in the browser: the upload is held there only so that `uploading`, `replacing` and
 * `retrying` can be seen, then let through unchanged, and the real server's image processing
 * answers it:
 * - `server.accept`: the file is a real picture (made here with sharp), which the server
 *   re-encodes, stores and serves under /uploads/.
 * - `server.reject`: the file is named `.png` and typed image/png, so the picker takes it, but its
 *   bytes are no picture: the server refuses it (415). The body of a held call cannot be changed,
 *   so the file is chosen at `image.choose` by the event that follows it in the path.
 * What the server stored is read back from its database, and each address the field receives is
 * fetched from the server and decoded, as well as shown by the browser in the field's preview.
 */
import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_URL_PATTERN, UPLOADS_URL_PREFIX } from '#contracts/shared/upload';
import { menuUploadModel } from '../models/menu/menu-upload.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { auditedStates } from './accounts-audit';
import { UNLIMITED, eventually, newAddress } from './accounts-server';
import { heldCall, holdCalls, letThrough } from './backoffice-server';
import { newPage, withApp } from './harness';
import { openAs, ownerSession } from './menu-session';

/** The server's refusal of bytes that decode to no picture (server/domain/shared/images.ts). */
const NOT_AN_IMAGE = 'This file is not an image we can use. Please upload a JPEG, PNG, WebP, GIF, AVIF or TIFF picture.';
const UPLOAD_FAILED = 'Upload failed: ';

const running = withApp(UNLIMITED);

/** A file the person picks, and what the server should store for it (null: it refuses it). */
type Choice = {
  name: string;
  mimeType: string;
  buffer: Buffer;
  stored: { contentType: string; extension: string; width: number; height: number } | null;
};

/** An opaque photo wider than the menu's 1200×1200 bounds: stored as a JPEG fitted inside them. */
async function widePhoto(): Promise<Choice> {
  const buffer = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .png()
    .toBuffer();
  return { name: 'wide-photo.png', mimeType: 'image/png', buffer, stored: { contentType: 'image/jpeg', extension: 'jpg', width: 1200, height: 675 } };
}

/** A small picture with transparency: stored as a PNG at its own size. */
async function cutOut(): Promise<Choice> {
  const buffer = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 40, g: 120, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();
  return { name: 'cut-out.png', mimeType: 'image/png', buffer, stored: { contentType: 'image/png', extension: 'png', width: 300, height: 200 } };
}

/** Named and typed as a PNG, so the picker takes it; the server finds no picture in it. */
const notAPicture = (): Choice => ({
  name: 'menu-scan.png',
  mimeType: 'image/png',
  buffer: Buffer.from('these bytes are a shopping list, not a picture\n'),
  stored: null,
});

type Driver = {
  page: Page;
  ownerId: number;
  /** The files to pick, in order: each chosen by the event that follows its `image.choose` in the path. */
  choices: Choice[];
  /** The file picked last. */
  chosen: Choice | null;
  uploads: Route[];
  /** The addresses the server gave, in order (each also stored and served). */
  accepted: { url: string; choice: Choice }[];
  /** The server's sentence of its last refusal. */
  refusal: string | null;
};

async function openToppings(events: readonly string[]): Promise<Driver> {
  const email = newAddress('owner');
  const owner = await ownerSession(running.app, email);
  const [row] = await running.app.query('select id from users where email = $1', [email]);
  const choices: Choice[] = [];
  for (const [index, event] of events.entries()) {
    if (event !== 'image.choose') continue;
    if (events[index + 1] === 'server.reject') choices.push(notAPicture());
    else choices.push(await (choices.some((choice) => choice.stored) ? cutOut() : widePhoto()));
  }
  const page = await newPage(running.browser);
  const driver: Driver = {
    page,
    ownerId: Number(row!.id),
    choices,
    chosen: null,
    accepted: [],
    refusal: null,
    uploads: await holdCalls(page, /^\/api\/v2\/upload\/image\/$/),
  };
  await openAs(page, running.app, owner, '/backoffice/menu/toppings');
  await field(page).waitFor({ timeout: 15_000 });
  return driver;
}

const field = (page: Page) => page.getByRole('textbox', { name: 'Image URL' });
const chooseButton = (page: Page) => page.getByRole('button', { name: 'Choose image', exact: true });
const alert = (page: Page) => page.getByRole('alert');
const uploadingHint = (page: Page) => page.getByText(/Uploading…$/);
const preview = (page: Page) => page.getByRole('img', { name: 'Image preview' });

/** The images the server holds for this owner, oldest first. */
const storedImages = (driver: Driver) =>
  running.app.query('select path, content_type, width, height from uploaded_images where owner_id = $1 order by id', [driver.ownerId]);

/** The picker is busy while the file is sent: its button loading (disabled), its hint saying so. */
async function expectBusy(page: Page, busy: boolean) {
  await eventually(async () => expect(await chooseButton(page).isDisabled()).toBe(busy));
  expect(await uploadingHint(page).count()).toBe(busy ? 1 : 0);
}

/** The upload of the file picked last is held at the browser, sent as the picker got it. */
async function expectSending(driver: Driver) {
  const request = await heldCall(driver.uploads);
  expect(request.method()).toBe('POST');
  expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  const body = request.postDataBuffer();
  expect(body?.includes(driver.chosen!.buffer)).toBe(true);
  expect(body?.toString('latin1')).toContain(`filename="${driver.chosen!.name}"`);
  await expectBusy(driver.page, true);
}

/**
 * The field holds the last address the server gave; the server stored each accepted file as it
 * said, serves it (fetched and decoded here), and the browser shows it in the preview.
 */
async function expectAccepted(driver: Driver) {
  const { page, accepted } = driver;
  const last = accepted.at(-1)!;
  await eventually(async () => expect(await field(page).inputValue()).toBe(last.url));
  expect(last.url).toMatch(UPLOAD_URL_PATTERN);
  const stored = await storedImages(driver);
  expect(stored).toEqual(
    accepted.map(({ url, choice }) => ({
      path: url.slice(UPLOADS_URL_PREFIX.length),
      content_type: choice.stored!.contentType,
      width: choice.stored!.width,
      height: choice.stored!.height,
    })),
  );
  expect(last.url.endsWith(`.${last.choice.stored!.extension}`)).toBe(true);
  const served = await fetch(`${running.app.url}${last.url}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe(last.choice.stored!.contentType);
  const { width, height } = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
  expect({ width, height }).toEqual({ width: last.choice.stored!.width, height: last.choice.stored!.height });
  await eventually(async () => {
    expect(await preview(page).getAttribute('src')).toBe(last.url);
    expect(await preview(page).evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth)).toBe(
      last.choice.stored!.width,
    );
  });
  await expectBusy(page, false);
}

/** The failure's alert, in the machine's words around the server's sentence. */
async function expectFailureAlert(driver: Driver) {
  await eventually(async () => expect(await alert(driver.page).count()).toBe(1));
  expect(await alert(driver.page).textContent()).toBe(`${UPLOAD_FAILED}${driver.refusal}`);
}

const andAudit = auditedStates();

const executors: PathExecutors<Driver> = {
  events: {
    'image.choose': async (driver) => {
      const choice = driver.choices.shift();
      if (!choice) throw new Error('no file left to choose: the path has more image.choose events than planned');
      driver.chosen = choice;
      await driver.page
        .locator('input[type="file"][aria-label="Image"]')
        .setInputFiles({ name: choice.name, mimeType: choice.mimeType, buffer: choice.buffer });
    },
    'server.accept': async (driver) => {
      expect(driver.chosen?.stored, 'server.accept needs a picture the server can use').toBeTruthy();
      const body = JSON.parse(await letThrough(driver.uploads, 201)) as { url: string; path: string };
      expect(body.url).toBe(`${UPLOADS_URL_PREFIX}${body.path}`);
      driver.accepted.push({ url: body.url, choice: driver.chosen! });
    },
    'server.reject': async (driver) => {
      expect(driver.chosen?.stored, 'server.reject needs bytes the server refuses').toBeNull();
      const body = JSON.parse(await letThrough(driver.uploads, 415)) as { code: string; detail: string };
      expect(body).toMatchObject({ code: 'not_an_image', detail: NOT_AN_IMAGE });
      driver.refusal = body.detail;
    },
    'alert.dismiss': ({ page }) => alert(page).getByRole('button', { name: 'Dismiss' }).click(),
  },
  states: {
    empty: andAudit('menu upload, empty', async (driver) => {
      expect(await field(driver.page).inputValue()).toBe('');
      expect(await alert(driver.page).count()).toBe(0);
      expect(await driver.page.getByText('No image', { exact: true }).first().isVisible()).toBe(true);
      await expectBusy(driver.page, false);
      expect(driver.uploads).toHaveLength(0);
    }),
    uploading: async (driver) => {
      await expectSending(driver);
      expect(await field(driver.page).inputValue()).toBe('');
      expect(await storedImages(driver)).toEqual([]);
    },
    uploaded: andAudit('menu upload, uploaded', async (driver) => {
      await expectAccepted(driver);
      expect(await alert(driver.page).count()).toBe(0);
    }),
    replacing: async (driver) => {
      await expectSending(driver);
      // The first address stays until the server answers; only the first image is stored yet.
      expect(await field(driver.page).inputValue()).toBe(driver.accepted[0]!.url);
      expect(await storedImages(driver)).toHaveLength(1);
    },
    replaced: expectAccepted,
    failed: andAudit('menu upload, refused', async (driver) => {
      await expectFailureAlert(driver);
      expect(await field(driver.page).inputValue()).toBe('');
      await expectBusy(driver.page, false);
      expect(await storedImages(driver)).toEqual([]);
    }),
    dismissed: async (driver) => {
      await eventually(async () => expect(await alert(driver.page).count()).toBe(0));
      expect(await field(driver.page).inputValue()).toBe('');
      await expectBusy(driver.page, false);
      expect(await storedImages(driver)).toEqual([]);
    },
    retrying: async (driver) => {
      await expectSending(driver);
      await expectFailureAlert(driver);
      expect(await field(driver.page).inputValue()).toBe('');
    },
    recovered: async (driver) => {
      await expectAccepted(driver);
      expect(await alert(driver.page).count()).toBe(0);
    },
  },
};

describe("menu upload in Chromium against the real server: every path of the model (an owner's Toppings screen)", () => {
  for (const { title, events, run } of modelPathCases(menuUploadModel, executors))
    it(title, async () => {
      await run(await openToppings(events));
    }, 120_000);
});
