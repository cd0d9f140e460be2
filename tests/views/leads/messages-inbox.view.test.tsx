import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message, MessagePage, MessageStatus } from '#contracts/leads';
import { messagesInboxMachine } from '#src/machines/leads/messages-inbox.machine';
import type { InboxFilters, InboxQuery } from '#src/services/leads/messages';
import { LegacyRequestError, type LegacyFile } from '#src/services/shared/legacy';
import { theme } from '#src/theme';
import { MessagesInboxView } from '#src/views/leads/messages-inbox.view';
import { inboxModel } from '../../models/leads/messages-inbox.model';
import { provideChecked } from '../../support/contract-double';
import { createFakeActor } from '../../support/fake-actor';
import { setViewport } from '../../support/happy-dom-gaps';
import { modelPathCases, untakenTransitions, type PathExecutors } from '../../support/model-paths';

// ---------------------------------------------------------------------------------------------
// The fake server: 60 sign-ups, newest (id 60) first, every third one read.

const TOTAL = 60;
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const STATUSES: MessageStatus[] = ['new', 'read', 'archived'];
const message = (id: number, status: MessageStatus = STATUSES[id % 3]!): Message => ({
  id,
  created_at: new Date(Date.UTC(2026, 10, 25, 9, 0) - (TOTAL - id) * 60_000).toISOString(),
  email: `lead${id}@example.com`,
  zip_code: '10001',
  message: '',
  status,
  user_agent: AGENT,
});
const ALL = Array.from({ length: TOTAL }, (_, index) => message(TOTAL - index));
const pageFor = (query: InboxQuery): MessagePage => ({
  count: TOTAL,
  next: null,
  previous: null,
  results: ALL.slice((query.page - 1) * query.page_size, query.page * query.page_size),
});
const unavailable = () =>
  new LegacyRequestError('HTTP 503 Service Unavailable: {"detail":"The service is temporarily unavailable."}', {
    status: 503,
    kind: 'http',
    body: JSON.stringify({ detail: 'The service is temporarily unavailable.', code: 'database_unavailable' }),
  });

function createFakes() {
  const load = createFakeActor<MessagePage, InboxQuery>('loadMessages');
  const markRead = createFakeActor<Message, number>('markRead');
  const archive = createFakeActor<Message, number>('archive');
  const exportCsv = createFakeActor<LegacyFile, InboxFilters>('exportCsv');
  const machine = provideChecked(messagesInboxMachine, {
    actors: { loadMessages: load.actor, markRead: markRead.actor, archive: archive.actor, exportCsv: exportCsv.actor },
  });
  return { machine, load, markRead, archive, exportCsv };
}

/** What the screen should be asking for: the page and filters the person chose. */
type Expected = { page: number; pageSize: number; status: MessageStatus | null; email: string; markedId: number | null; archivedId: number | null };

type Driver = { user: UserEvent; fakes: ReturnType<typeof createFakes>; expected: Expected; downloads: string[]; location: ReturnType<typeof memoryLocation> };

// happy-dom has no object URLs; the download link's click is where the browser would save.
let downloads: string[] = [];
beforeEach(() => {
  downloads = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderInbox(path = '/messages'): Driver {
  const fakes = createFakes();
  const location = memoryLocation({ path, record: true });
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <MessagesInboxView machine={fakes.machine} />
      </Router>
    </MantineProvider>,
  );
  return {
    user: userEvent.setup({ delay: null }),
    fakes,
    expected: { page: 1, pageSize: 25, status: null, email: '', markedId: null, archivedId: null },
    downloads,
    location,
  };
}

const button = (name: string) => screen.getByRole('button', { name });
const table = () => screen.queryByRole('table', { name: 'Messages' });
const footer = () => screen.getByText(/^Page \d+ \/ \d+ • \d+$/);

function expectedQuery({ page, pageSize, status, email }: Expected): InboxQuery {
  return { page, page_size: pageSize, ...(status ? { status } : {}), ...(email ? { email } : {}) };
}

async function expectPage({ expected }: Driver) {
  const pages = Math.ceil(TOTAL / expected.pageSize);
  await waitFor(() => expect(footer()).toHaveTextContent(`Page ${expected.page} / ${pages} • ${TOTAL}`));
  const rows = within(table()!).getAllByRole('row').slice(1);
  const shown = pageFor(expectedQuery(expected)).results;
  expect(rows).toHaveLength(shown.length);
  const first = shown[0]!;
  const cells = within(rows[0]!).getAllByRole('cell');
  expect(cells.map((cell) => cell.textContent).slice(0, 5)).toEqual([
    String(first.id),
    expect.stringMatching(/^Nov 2[45], 2026, \d{1,2}:\d{2}\s(AM|PM)$/),
    first.email,
    '10001',
    first.status,
  ]);
  expect(within(cells[1]!).getByText(/2026/).closest('time')).toHaveAttribute('dateTime', first.created_at);
  expect(within(cells[5]!).getByTitle(AGENT)).toHaveTextContent(AGENT);
  // Mark read only where the status is not read.
  const markable = shown.filter((row) => row.status !== 'read');
  expect(screen.getAllByRole('button', { name: /^Mark read: / }).map((node) => node.getAttribute('aria-label'))).toEqual(
    markable.map((row) => `Mark read: ${row.email}`),
  );
  expect(button('Prev')).toHaveProperty('disabled', expected.page === 1);
  expect(button('Next')).toHaveProperty('disabled', expected.page === pages);
  expect(screen.queryByRole('alert')).toBeNull();
}

const FAILURE_TEXT = 'The service is temporarily unavailable.';

const executors: PathExecutors<Driver> = {
  events: {
    'server.answer': ({ fakes }) => fakes.load.resolve(pageFor(fakes.load.pending[0]!.input)),
    'server.empty': ({ fakes }) => fakes.load.resolve({ count: 0, next: null, previous: null, results: [] }),
    'server.fail': ({ fakes }) => fakes.load.reject(unavailable()),
    'server.markRead': ({ fakes, expected }) => fakes.markRead.resolve(message(expected.markedId!, 'read')),
    'server.markReadFail': ({ fakes }) => fakes.markRead.reject(unavailable()),
    'server.archived': ({ fakes, expected }) => fakes.archive.resolve(message(expected.archivedId!, 'archived')),
    'server.archiveFail': ({ fakes }) => fakes.archive.reject(unavailable()),
    'server.export': ({ fakes }) => fakes.exportCsv.resolve({ blob: new Blob(['id\r\n']), filename: 'leads-2026-11-25.csv' }),
    'server.exportFail': ({ fakes }) => fakes.exportCsv.reject(new LegacyRequestError('Request timed out', { status: 0, kind: 'timeout' })),
    'filter.status': async ({ user, expected }) => {
      expected.status = expected.status === 'new' ? 'archived' : 'new';
      expected.page = 1;
      await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), expected.status);
    },
    'filter.email': async ({ user, expected }) => {
      expected.email += 'a';
      expected.page = 1;
      await user.type(screen.getByRole('searchbox', { name: 'Email' }), 'a');
    },
    'filter.pageSize': async ({ user, expected }) => {
      expected.pageSize = expected.pageSize === 10 ? 50 : 10;
      expected.page = 1;
      await user.selectOptions(screen.getByRole('combobox', { name: 'Page size' }), String(expected.pageSize));
    },
    'page.next': async ({ user, expected }) => {
      expected.page += 1;
      await user.click(button('Next'));
    },
    'page.previous': async ({ user, expected }) => {
      expected.page -= 1;
      await user.click(button('Prev'));
    },
    'message.markRead': async ({ user, expected }) => {
      const first = screen.getAllByRole('button', { name: /^Mark read: / })[0]!;
      expected.markedId = Number(first.getAttribute('aria-label')!.match(/lead(\d+)@/)![1]);
      await user.click(first);
    },
    'message.archive': async ({ user, expected }) => {
      const first = screen.getAllByRole('button', { name: /^Archive: / })[0]!;
      expected.archivedId = Number(first.getAttribute('aria-label')!.match(/lead(\d+)@/)![1]);
      await user.click(first);
    },
    'export.start': async ({ user }) => {
      await user.click(button('Export CSV'));
    },
  },
  states: {
    loading: async (driver) => {
      await waitFor(() => expect(driver.fakes.load.pending).toHaveLength(1));
      expect(driver.fakes.load.pending[0]!.input).toEqual(expectedQuery(driver.expected));
    },
    loadingNext: async (driver) => {
      await waitFor(() => expect(driver.fakes.load.pending).toHaveLength(1));
      expect(driver.fakes.load.pending[0]!.input).toEqual(expectedQuery(driver.expected));
    },
    firstPage: expectPage,
    secondPage: expectPage,
    empty: async () => {
      expect(await screen.findByText('No messages.')).toBeInTheDocument();
      expect(table()).toBeNull();
      expect(footer()).toHaveTextContent('Page 1 / 1 • 0');
      expect(button('Prev')).toBeDisabled();
      expect(button('Next')).toBeDisabled();
    },
    failed: async () => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(FAILURE_TEXT);
      expect(alert.getAttribute('style')).toContain('red');
      expect(table()).toBeNull();
    },
    marking: async ({ fakes, expected }) => {
      await waitFor(() => expect(fakes.markRead.pending).toHaveLength(1));
      expect(fakes.markRead.pending[0]!.input).toBe(expected.markedId);
      for (const node of screen.getAllByRole('button', { name: /^Mark read: / })) expect(node).toBeDisabled();
    },
    markFailed: async () => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(`Could not mark the message read: ${FAILURE_TEXT}`);
      expect(table()).not.toBeNull();
      await waitFor(() => expect(screen.getAllByRole('button', { name: /^Mark read: / })[0]).toBeEnabled());
    },
    archiving: async ({ fakes, expected }) => {
      await waitFor(() => expect(fakes.archive.pending).toHaveLength(1));
      expect(fakes.archive.pending[0]!.input).toBe(expected.archivedId);
      for (const node of screen.getAllByRole('button', { name: /^Archive: / })) expect(node).toBeDisabled();
    },
    archiveFailed: async () => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(`Could not archive the message: ${FAILURE_TEXT}`);
      expect(table()).not.toBeNull();
      await waitFor(() => expect(screen.getAllByRole('button', { name: /^Archive: / })[0]).toBeEnabled());
    },
    exporting: async ({ fakes, expected }) => {
      await waitFor(() => expect(fakes.exportCsv.pending).toHaveLength(1));
      expect(fakes.exportCsv.pending[0]!.input).toEqual({
        ...(expected.status ? { status: expected.status } : {}),
        ...(expected.email ? { email: expected.email } : {}),
      });
      expect(button('Export CSV')).toHaveAttribute('data-loading');
    },
    exported: async ({ downloads: saved }) => {
      await waitFor(() => expect(saved).toEqual(['leads-2026-11-25.csv']));
      expect(screen.queryByRole('alert')).toBeNull();
    },
    exportFailed: async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent('Could not export the CSV: Request timed out');
      expect(table()).not.toBeNull();
    },
  },
};

const cases = modelPathCases(inboxModel, executors);

describe('messages inbox view: walks that take every transition of the inbox model', () => {
  it('has an executor for every model event and an assertion for every model state', () => {
    // Walks (or, with --shortest, one path per transition) that take every transition.
    expect(untakenTransitions(inboxModel, cases)).toEqual([]);
  });

  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderInbox());
    }, 30_000);
});

describe('messages inbox view: the address', () => {
  it('opens on the page and filters of a shared link, and keeps later changes in the address without new history entries', async () => {
    const driver = renderInbox('/messages?page=2&page_size=10&status=read&email=lead');
    await waitFor(() => expect(driver.fakes.load.pending).toHaveLength(1));
    expect(driver.fakes.load.pending[0]!.input).toEqual({ page: 2, page_size: 10, status: 'read', email: 'lead' });
    expect(screen.getByRole('searchbox', { name: 'Email' })).toHaveValue('lead');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('read');
    expect(screen.getByRole('combobox', { name: 'Page size' })).toHaveValue('10');
    await driver.fakes.load.resolve(pageFor({ page: 2, page_size: 10 }));
    await driver.user.click(button('Next'));
    await waitFor(() => expect(driver.location.history.at(-1)).toBe('/messages?page=3&page_size=10&status=read&email=lead'));
    await driver.fakes.load.resolve(pageFor({ page: 3, page_size: 10 }));
    await driver.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await waitFor(() => expect(driver.location.history.at(-1)).toBe('/messages?page=1&page_size=10&email=lead'));
    // Replaced, never pushed: Back leaves the inbox instead of stepping through its filters.
    expect(driver.location.history).toHaveLength(1);
  });

  it('falls back to the defaults for values the screen could not have written', async () => {
    const driver = renderInbox('/messages?page=0&page_size=30&status=deleted');
    await waitFor(() => expect(driver.fakes.load.pending).toHaveLength(1));
    expect(driver.fakes.load.pending[0]!.input).toEqual({ page: 1, page_size: 25 });
    await waitFor(() => expect(driver.location.history.at(-1)).toBe('/messages?page=1&page_size=25'));
  });
});

describe('messages inbox view: layout', () => {
  it('puts the table in a named scroll region a keyboard can reach, under one h1 and the leads tabs', async () => {
    const driver = renderInbox();
    await waitFor(() => expect(driver.fakes.load.pending).toHaveLength(1));
    await driver.fakes.load.resolve(pageFor({ page: 1, page_size: 25 }));
    const region = await screen.findByRole('region', { name: 'Messages table' });
    expect(region).toHaveAttribute('tabIndex', '0');
    expect(within(region).getByRole('table', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 }).map((node) => node.textContent)).toEqual(['Messages']);
    expect(screen.getByRole('navigation', { name: 'Leads' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Messages · Back office · Tablefront'));
  });
});

describe('messages inbox view: phones', () => {
  it('shows one card per message, with the same fields and actions, instead of the table', async () => {
    setViewport('phone');
    const driver = renderInbox();
    await waitFor(() => expect(driver.fakes.load.pending).toHaveLength(1));
    await driver.fakes.load.resolve(pageFor({ page: 1, page_size: 25 }));
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(table()).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(25);
    const first = ALL[0]!;
    expect(within(cards[0]!).getByText(first.email)).toBeInTheDocument();
    expect(cards[0]!.querySelector('time')).toHaveAttribute('dateTime', first.created_at);
    expect(within(cards[0]!).getByTitle(AGENT)).toBeInTheDocument();
    await driver.user.click(within(cards[0]!).getByRole('button', { name: `Mark read: ${first.email}` }));
    await waitFor(() => expect(driver.fakes.markRead.pending.map((call) => call.input)).toEqual([first.id]));
  });
});
