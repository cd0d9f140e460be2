/**
 * The inbox model of tests/views/leads/messages-inbox.view.test.tsx, driven through the built
 * app in Chromium against the real server (PGlite in a temporary folder), as a platform
 * administrator of its own for each path. Nothing is answered in the browser: the list, Mark
 * read, Archive and export calls are held there only so that the loading states can be seen,
 * then let through unchanged. Each path starts from 60 stored sign-ups (every third one read,
 * every third archived), and what an answer depends on is arranged at the server while its call
 * is held:
 * - `server.empty`: every sign-up is gone.
 * - `server.fail`, `server.exportFail`: another superadmin has taken the administrator's rights
 *   away (given back once the call is answered), so the server refuses the call.
 * - `server.markReadFail`, `server.archiveFail`: the sign-up was removed from the database.
 * The screen is checked against what the server holds (the test's own record of the stored rows,
 * filtered and paged as the screen asked), and what a call changed is read back from the database.
 * The model runs as covering walks, which go on after these arrangements: once the inbox was
 * emptied, the sign-ups are stored again before the next filter change (as if they came in
 * meanwhile); a removed sign-up whose row is clicked again is put back while that call is held, so
 * that the server can answer `server.markRead` or `server.archived` for it.
 */
import type { Download, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MessageStatus } from '#contracts/leads';
import { messages } from '#server/db/schema';
import { inboxModel } from '../models/leads/messages-inbox.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { auditedStates } from './accounts-audit';
import { UNLIMITED, eventually } from './accounts-server';
import {
  NOT_AN_ADMINISTRATOR,
  adminSession,
  downloadsOf,
  heldCall,
  holdCalls,
  letThrough,
  queryOf,
  savedCsv,
  withoutRights,
  type AdminSession,
} from './backoffice-server';
import { newPage, withApp } from './harness';
import { openAs } from './menu-session';

const TOTAL = 60;
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const STATUSES: MessageStatus[] = ['new', 'read', 'archived'];
/** The machine's alerts (src/machines/leads/messages-inbox.machine.ts). */
const MARK_FAILED = 'Could not mark the message read: ';
const ARCHIVE_FAILED = 'Could not archive the message: ';
const EXPORT_FAILED = 'Could not export the CSV: ';
const MESSAGE_GONE = 'Message not found.';

const running = withApp(UNLIMITED);

/** A sign-up as the server stores it. */
type Stored = { id: number; email: string; status: MessageStatus; created_at: string };

/** What the screen should be showing or asking for: the page and filters the person chose. */
type Expected = { page: number; pageSize: number; status: MessageStatus | null; email: string };

type Driver = {
  page: Page;
  admin: AdminSession;
  /** The sign-ups the server holds, newest first (kept in step with what the paths change). */
  stored: Stored[];
  expected: Expected;
  /** The sign-up whose Mark read or Archive was clicked last. */
  acted: Stored | null;
  /** What a call answered by the server changed, to be found in its database. */
  changed: { id: number; status: MessageStatus } | null;
  /** Whether `server.empty` removed every sign-up (a walk stores them again before the next filter change). */
  emptied: boolean;
  /** The last sign-up removed by a refused action, as its database row, to put back when the walk acts on it again. */
  removed: { row: unknown; stored: Stored } | null;
  list: Route[];
  marks: Route[];
  archives: Route[];
  exports: Route[];
  downloads: Download[];
};

/** 60 sign-ups, one a minute up to 25 November 2026 at 09:00 UTC, every third one read and every third archived. */
async function storeSignups(): Promise<Stored[]> {
  await running.app.query('delete from messages');
  const rows = await running.app.database.db
    .insert(messages)
    .values(
      Array.from({ length: TOTAL }, (_, index) => {
        const n = index + 1;
        return {
          email: `lead${n}@example.com`,
          zipCode: '10001',
          status: STATUSES[n % 3]!,
          userAgent: AGENT,
          createdAt: new Date(Date.UTC(2026, 10, 25, 9, 0) - (TOTAL - n) * 60_000),
        };
      }),
    )
    .returning();
  return rows
    .map((row) => ({ id: row.id, email: row.email, status: row.status, created_at: row.createdAt.toISOString() }))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

async function openInbox(): Promise<Driver> {
  const stored = await storeSignups();
  const admin = await adminSession(running.app);
  const page = await newPage(running.browser);
  const driver: Driver = {
    page,
    admin,
    stored,
    expected: { page: 1, pageSize: 25, status: null, email: '' },
    acted: null,
    changed: null,
    emptied: false,
    removed: null,
    list: await holdCalls(page, /^\/api\/messages\/$/),
    marks: await holdCalls(page, /^\/api\/messages\/\d+\/mark_read\/$/),
    archives: await holdCalls(page, /^\/api\/messages\/\d+\/archive\/$/),
    exports: await holdCalls(page, /^\/api\/messages\/export\/$/),
    downloads: downloadsOf(page),
  };
  await openAs(page, running.app, admin, '/admin/messages');
  return driver;
}

/** The stored sign-ups the filters match, newest first (`email`: any part, any case). */
function matching({ stored, expected }: Driver): Stored[] {
  const email = expected.email.trim().toLowerCase();
  return stored.filter((row) => (!expected.status || row.status === expected.status) && (!email || row.email.includes(email)));
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const table = (page: Page) => page.getByRole('table', { name: 'Messages' });
const alert = (page: Page) => page.getByRole('alert');
const footer = (page: Page) => page.getByText(/^Page \d+ \/ \d+ • \d+$/);
const markButtons = (page: Page) => page.getByRole('button', { name: /^Mark read: / });
const archiveButtons = (page: Page) => page.getByRole('button', { name: /^Archive: / });
const labels = (buttons: ReturnType<typeof markButtons>) => buttons.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
const disabledAll = (buttons: ReturnType<typeof markButtons>) => buttons.evaluateAll((nodes) => nodes.map((node) => (node as HTMLButtonElement).disabled));

/** The list call the screen sends for the expected page and filters. */
function expectedQuery({ page, pageSize, status, email }: Expected): Record<string, string> {
  return { page: String(page), page_size: String(pageSize), ...(status ? { status } : {}), ...(email.trim() ? { email: email.trim() } : {}) };
}

const andAudit = auditedStates();

/** A list call is held: the screen asked for the page and filters chosen, and waits (nothing can be clicked twice). */
async function expectLoading(driver: Driver) {
  const { page, list, expected } = driver;
  expect(queryOf(await heldCall(list))).toEqual(expectedQuery(expected));
  await eventually(async () => {
    if ((await footer(page).count()) === 0) {
      // Nothing shown yet (the first load, or after a failure): the spinner.
      expect(await page.getByLabel('Loading messages').isVisible()).toBe(true);
    } else {
      // The page shown stays while the next one loads, its controls waiting.
      expect(await button(page, 'Prev').isDisabled()).toBe(true);
      expect(await button(page, 'Next').isDisabled()).toBe(true);
      expect(await disabledAll(markButtons(page))).not.toContain(false);
      expect(await disabledAll(archiveButtons(page))).not.toContain(false);
    }
  });
  // What the last answered Mark read or Archive changed is stored.
  if (driver.changed) {
    const [row] = await running.app.query('select status::text as status from messages where id = $1', [driver.changed.id]);
    expect(row?.status).toBe(driver.changed.status);
  }
}

/** The page the filters ask for, as the server holds it: its rows, the footer, Prev and Next. */
async function expectPage(driver: Driver) {
  const { page, expected } = driver;
  const all = matching(driver);
  const pages = Math.max(1, Math.ceil(all.length / expected.pageSize));
  const shown = all.slice((expected.page - 1) * expected.pageSize, expected.page * expected.pageSize);
  await eventually(async () => {
    expect(await footer(page).textContent()).toBe(`Page ${expected.page} / ${pages} • ${all.length}`);
    expect(await button(page, 'Next').isDisabled()).toBe(expected.page === pages);
  });
  expect(await button(page, 'Prev').isDisabled()).toBe(expected.page === 1);
  const rows = table(page).getByRole('row');
  expect(await rows.count()).toBe(shown.length + 1);
  const first = shown[0]!;
  const cells = rows.nth(1).getByRole('cell');
  expect((await cells.allTextContents()).slice(0, 5)).toEqual([
    String(first.id),
    expect.stringMatching(/^Nov 2[45], 2026, \d{1,2}:\d{2}\s(AM|PM)$/),
    first.email,
    '10001',
    first.status,
  ]);
  expect(await cells.nth(1).locator('time').getAttribute('datetime')).toBe(first.created_at);
  expect(await cells.nth(5).getByTitle(AGENT).textContent()).toBe(AGENT);
  // Mark read where the message is not read, Archive where it is not archived, every one usable.
  expect(await labels(markButtons(page))).toEqual(shown.filter((row) => row.status !== 'read').map((row) => `Mark read: ${row.email}`));
  expect(await labels(archiveButtons(page))).toEqual(shown.filter((row) => row.status !== 'archived').map((row) => `Archive: ${row.email}`));
  expect(await disabledAll(markButtons(page))).not.toContain(true);
  expect(await alert(page).count()).toBe(0);
}

/** The first row's action `name` ('Mark read', 'Archive'): clicks it and notes whose it is. */
async function actOnFirst(driver: Driver, name: 'Mark read' | 'Archive') {
  const first = driver.page.getByRole('button', { name: new RegExp(`^${name}: `) }).first();
  const email = (await first.getAttribute('aria-label'))!.slice(`${name}: `.length);
  // A removed sign-up's row stays on screen until the list reloads: clicking it again acts on it again.
  const acted = driver.stored.find((row) => row.email === email) ?? (driver.acted?.email === email ? driver.acted : undefined);
  expect(acted, email).toBeDefined();
  driver.acted = acted!;
  await first.click();
}

/** The server answered `status` for the acted-on sign-up: it is stored so, and the screen will show it. */
function storedAs(driver: Driver, status: MessageStatus) {
  driver.acted!.status = status;
  driver.changed = { id: driver.acted!.id, status };
}

/** The sign-up acted on is removed from the server's database (as by an erasure request). */
async function removeActed(driver: Driver) {
  const removed = await running.app.query('delete from messages where id = $1 returning to_jsonb(messages.*) as row', [driver.acted!.id]);
  expect(removed).toHaveLength(1);
  driver.removed = { row: removed[0]!.row, stored: driver.acted! };
  driver.stored = driver.stored.filter((row) => row.id !== driver.acted!.id);
}

/** Puts back the sign-up acted on if a refused action removed it (the walk clicked its row again). */
async function restoreActed(driver: Driver) {
  if (!driver.removed || driver.removed.stored.id !== driver.acted!.id) return;
  await running.app.query('insert into messages select * from jsonb_populate_record(null::messages, $1)', [driver.removed.row]);
  driver.stored = [...driver.stored, driver.removed.stored].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  driver.removed = null;
}

/** After `server.empty`, the sign-ups are stored again (new ids) before the walk changes a filter. */
async function refillIfEmptied(driver: Driver) {
  if (!driver.emptied) return;
  driver.stored = await storeSignups();
  driver.emptied = false;
}

/** A failed action: its alert above the table, which stays with its rows usable again; nothing stored. */
async function expectActionFailed(driver: Driver, sentence: string, buttons: typeof markButtons) {
  const { page } = driver;
  await eventually(async () => {
    expect((await alert(page).textContent())?.trim()).toBe(sentence);
    expect(await disabledAll(buttons(page))).not.toContain(true);
  });
  expect(await table(page).isVisible()).toBe(true);
  expect(await running.app.query('select id from messages where id = $1', [driver.acted!.id])).toEqual([]);
}

const executors: PathExecutors<Driver> = {
  events: {
    'server.answer': ({ list }) => letThrough(list, 200),
    'server.empty': (driver) =>
      letThrough(driver.list, 200, async () => {
        await running.app.query('delete from messages');
        driver.stored = [];
        driver.emptied = true;
      }),
    'server.fail': ({ list, admin }) => withoutRights(running.app, admin, () => letThrough(list, 403)),
    'server.markRead': async (driver) => {
      await letThrough(driver.marks, 200, () => restoreActed(driver));
      storedAs(driver, 'read');
    },
    'server.markReadFail': (driver) => letThrough(driver.marks, 404, () => removeActed(driver)),
    'server.archived': async (driver) => {
      await letThrough(driver.archives, 200, () => restoreActed(driver));
      storedAs(driver, 'archived');
    },
    'server.archiveFail': (driver) => letThrough(driver.archives, 404, () => removeActed(driver)),
    'server.export': ({ exports }) => letThrough(exports, 200),
    'server.exportFail': ({ exports, admin }) => withoutRights(running.app, admin, () => letThrough(exports, 403)),
    'filter.status': async (driver) => {
      const { page, expected } = driver;
      await refillIfEmptied(driver);
      // New, archived, all, new again: a walk goes on to Mark read and Archive after a filter
      // change, and an archived-only page has no Archive to click.
      expected.status = expected.status === 'new' ? 'archived' : expected.status === 'archived' ? null : 'new';
      expected.page = 1;
      await page.getByLabel('Status').selectOption(expected.status ?? { label: 'All statuses' });
    },
    'filter.email': async ({ page, expected }) => {
      expected.email += 'a';
      expected.page = 1;
      await page.getByRole('searchbox', { name: 'Email' }).pressSequentially('a');
    },
    'filter.pageSize': async ({ page, expected }) => {
      expected.pageSize = expected.pageSize === 10 ? 50 : 10;
      expected.page = 1;
      await page.getByLabel('Page size').selectOption(String(expected.pageSize));
    },
    'page.next': async ({ page, expected }) => {
      expected.page += 1;
      await button(page, 'Next').click();
    },
    'page.previous': async ({ page, expected }) => {
      expected.page -= 1;
      await button(page, 'Prev').click();
    },
    'message.markRead': (driver) => actOnFirst(driver, 'Mark read'),
    'message.archive': (driver) => actOnFirst(driver, 'Archive'),
    'export.start': ({ page }) => button(page, 'Export CSV').click(),
  },
  states: {
    loading: expectLoading,
    loadingNext: expectLoading,
    firstPage: andAudit('messages inbox', expectPage),
    secondPage: expectPage,
    empty: andAudit('messages inbox, no messages', async ({ page }) => {
      await eventually(async () => expect(await page.getByText('No messages.', { exact: true }).isVisible()).toBe(true));
      expect(await table(page).count()).toBe(0);
      expect(await footer(page).textContent()).toBe('Page 1 / 1 • 0');
      expect(await button(page, 'Prev').isDisabled()).toBe(true);
      expect(await button(page, 'Next').isDisabled()).toBe(true);
      expect(await running.app.query('select id from messages')).toEqual([]);
    }),
    failed: andAudit('messages inbox, list refused', async ({ page }) => {
      // The server's reason in red, in place of the table.
      await eventually(async () => expect((await alert(page).textContent())?.trim()).toBe(NOT_AN_ADMINISTRATOR));
      expect(await alert(page).getAttribute('style')).toContain('red');
      expect(await table(page).count()).toBe(0);
      expect(await footer(page).count()).toBe(0);
    }),
    marking: async ({ page, marks, acted }) => {
      expect(new URL((await heldCall(marks)).url()).pathname).toBe(`/api/messages/${acted!.id}/mark_read/`);
      await eventually(async () => expect(await disabledAll(markButtons(page))).not.toContain(false));
      expect(await disabledAll(archiveButtons(page))).not.toContain(false);
    },
    markFailed: andAudit('messages inbox, mark read refused', (driver) => expectActionFailed(driver, `${MARK_FAILED}${MESSAGE_GONE}`, markButtons)),
    archiving: async ({ page, archives, acted }) => {
      expect(new URL((await heldCall(archives)).url()).pathname).toBe(`/api/messages/${acted!.id}/archive/`);
      await eventually(async () => expect(await disabledAll(archiveButtons(page))).not.toContain(false));
      expect(await disabledAll(markButtons(page))).not.toContain(false);
    },
    archiveFailed: (driver) => expectActionFailed(driver, `${ARCHIVE_FAILED}${MESSAGE_GONE}`, archiveButtons),
    exporting: async ({ page, exports, expected }) => {
      expect(queryOf(await heldCall(exports))).toEqual({
        ...(expected.status ? { status: expected.status } : {}),
        ...(expected.email.trim() ? { email: expected.email.trim() } : {}),
      });
      await eventually(async () => expect(await button(page, 'Export CSV').getAttribute('data-loading')).not.toBeNull());
    },
    exported: async (driver) => {
      const { page, downloads } = driver;
      await eventually(async () => expect(downloads).toHaveLength(1));
      // Every matching sign-up the server holds, newest first, on all pages (not only the one on screen).
      const { name, lines } = await savedCsv(downloads[0]!);
      expect(name).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(lines[0]).toBe('id,created_at,email,zip_code,status,message,user_agent');
      const all = matching(driver);
      expect(lines.slice(1).map((line) => line.split(',').slice(0, 5))).toEqual(
        all.map((row) => [String(row.id), row.created_at, row.email, '10001', row.status]),
      );
      expect(await button(page, 'Export CSV').getAttribute('data-loading')).toBeNull();
      expect(await alert(page).count()).toBe(0);
    },
    exportFailed: andAudit('messages inbox, export refused', async ({ page, downloads }) => {
      await eventually(async () => expect((await alert(page).textContent())?.trim()).toBe(`${EXPORT_FAILED}${NOT_AN_ADMINISTRATOR}`));
      expect(await table(page).isVisible()).toBe(true);
      expect(await button(page, 'Export CSV').getAttribute('data-loading')).toBeNull();
      expect(downloads).toEqual([]);
    }),
  },
};

describe('messages inbox in Chromium against the real server: walks that take every transition of the model', () => {
  for (const { title, run } of modelPathCases(inboxModel, executors))
    it(title, async () => {
      await run(await openInbox());
    }, 120_000);
});
