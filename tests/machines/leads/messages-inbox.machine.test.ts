import { createActor, fromPromise, waitFor, type StateValue } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message, MessagePage } from '#contracts/leads';
import { EMAIL_DEBOUNCE_MS, messagesInboxMachine, pageCount } from '#src/machines/leads/messages-inbox.machine';
import type { InboxSettings } from '#src/machines/leads/inbox-address';
import type { InboxFilters, InboxQuery } from '#src/services/leads/messages';
import { LegacyRequestError, type LegacyFile } from '#src/services/shared/legacy';
import { provideChecked } from '../../support/contract-double';
import { stateTags } from '../../support/state-tags';
import { assertPathCoverage } from '../../support/path-coverage';

const message = (id: number, status: Message['status'] = 'new'): Message => ({
  id,
  created_at: '2026-11-25T09:42:00.000Z',
  email: `lead${id}@example.com`,
  zip_code: '10001',
  message: '',
  status,
  user_agent: 'Tests/1.0',
});
const pageOf = (count: number, ids: number[]): MessagePage => ({ count, next: null, previous: null, results: ids.map((id) => message(id)) });
const refused = (status: number, detail: string) =>
  new LegacyRequestError(`HTTP ${status} Error: {"detail":"${detail}"}`, { status, kind: 'http', body: JSON.stringify({ detail, code: 'x' }) });

describe('messages inbox machine: path coverage', () => {
  it('reaches every state and transition, failures and the page past the end included', () => {
    const report = assertPathCoverage(messagesInboxMachine, {
      input: { page: 3, pageSize: 10 },
      events: [
        { type: 'xstate.done.actor.loadMessages', output: pageOf(15, [1]), actorId: 'loadMessages' },
        { type: 'xstate.done.actor.loadMessages', output: pageOf(15, []), actorId: 'loadMessages' },
        { type: 'filter.email', email: 'pizza' },
        { type: 'filter.status', status: 'new' },
        { type: 'filter.pageSize', pageSize: 25 },
        { type: 'message.markRead', id: 1 },
        { type: 'message.archive', id: 1 },
      ],
    });
    expect(report.transitions.missing).toEqual([]);
  });
});

function start(
  input: Partial<InboxSettings> = {},
  answers: {
    load?: (query: InboxQuery) => Promise<MessagePage>;
    markRead?: (id: number) => Promise<Message>;
    archive?: (id: number) => Promise<Message>;
    exportCsv?: (filters: InboxFilters) => Promise<LegacyFile>;
  } = {},
) {
  const loads: InboxQuery[] = [];
  const changed: string[] = [];
  const saved: LegacyFile[] = [];
  const actor = createActor(
    provideChecked(messagesInboxMachine, {
      actors: {
        loadMessages: fromPromise<MessagePage, InboxQuery>(async ({ input: query }) => {
          loads.push(query);
          return (answers.load ?? (async () => pageOf(60, [3, 2, 1])))(query);
        }),
        markRead: fromPromise<Message, number>(({ input: id }) => {
          changed.push(`read ${id}`);
          return (answers.markRead ?? (async () => message(id, 'read')))(id);
        }),
        archive: fromPromise<Message, number>(({ input: id }) => {
          changed.push(`archive ${id}`);
          return (answers.archive ?? (async () => message(id, 'archived')))(id);
        }),
        exportCsv: fromPromise<LegacyFile, InboxFilters>(({ input: filters }) =>
          (answers.exportCsv ?? (async () => ({ blob: new Blob(['id\r\n']), filename: 'leads-2026-11-25.csv' })))(filters),
        ),
      },
    }),
    { input },
  );
  actor.on('screen.saveFile', ({ file }) => saved.push(file));
  actor.start();
  const settled = () => waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }) || snapshot.matches({ list: 'failed' }));
  return { actor, loads, saved, changed, settled };
}

afterEach(() => vi.useRealTimers());

describe('messages inbox machine: behaviour', () => {
  it('starts from the address’s page and filters, and pages within the count', async () => {
    const { actor, loads, settled } = start({ page: 2, pageSize: 25, status: 'read', email: 'pizza' });
    await settled();
    expect(loads[0]).toEqual({ page: 2, page_size: 25, status: 'read', email: 'pizza' });
    actor.send({ type: 'page.next' });
    await settled();
    expect(loads[1]?.page).toBe(3);
    actor.send({ type: 'page.next' });
    expect(loads).toHaveLength(2);
    actor.send({ type: 'page.previous' });
    await settled();
    expect(loads[2]?.page).toBe(2);
  });

  it('goes back to page 1 on any filter change', async () => {
    const { actor, loads, settled } = start({ page: 2 });
    await settled();
    actor.send({ type: 'filter.status', status: 'new' });
    await settled();
    expect(loads.at(-1)).toEqual({ page: 1, page_size: 25, status: 'new' });
    actor.send({ type: 'page.next' });
    await settled();
    actor.send({ type: 'filter.pageSize', pageSize: 50 });
    await settled();
    expect(loads.at(-1)).toEqual({ page: 1, page_size: 50, status: 'new' });
    actor.send({ type: 'filter.status', status: null });
    await settled();
    expect(loads.at(-1)).toEqual({ page: 1, page_size: 50 });
  });

  it('asks once typing in Email pauses, from page 1, with the last text', async () => {
    vi.useFakeTimers();
    const { actor, loads } = start({ page: 2 });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true));
    for (const text of ['p', 'pi', 'piz']) {
      actor.send({ type: 'filter.email', email: text });
      await vi.advanceTimersByTimeAsync(EMAIL_DEBOUNCE_MS - 1);
    }
    expect(loads).toHaveLength(1);
    expect(actor.getSnapshot().context.emailTyped).toBe('piz');
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(loads).toHaveLength(2));
    expect(loads[1]).toEqual({ page: 1, page_size: 25, email: 'piz' });
  });

  it('reloads after Mark read, and keeps the list with an alert when it fails', async () => {
    let fail = false;
    const { actor, loads, settled } = start(
      {},
      {
        markRead: async (id) => {
          if (fail) throw refused(503, 'The service is temporarily unavailable.');
          return message(id, 'read');
        },
      },
    );
    await settled();
    actor.send({ type: 'message.markRead', id: 3 });
    await waitFor(actor, (snapshot) => loads.length === 2 && snapshot.matches({ list: 'loaded' }));
    fail = true;
    actor.send({ type: 'message.markRead', id: 2 });
    await waitFor(actor, (snapshot) => snapshot.context.actionError !== null);
    expect(actor.getSnapshot().context.actionError).toBe('Could not mark the message read: The service is temporarily unavailable.');
    expect(actor.getSnapshot().context.result?.results).toHaveLength(3);
    expect(loads).toHaveLength(2);
  });

  it('moves to the last page when the page asked for is past the end', async () => {
    const { loads, settled, actor } = start(
      { page: 9, pageSize: 10 },
      {
        load: async (query) => (query.page > 3 ? pageOf(25, []) : pageOf(25, [5, 4, 3, 2, 1])),
      },
    );
    await settled();
    expect(loads.map((query) => query.page)).toEqual([9, 3]);
    expect(actor.getSnapshot().context.page).toBe(3);
  });

  it('shows a load failure’s reason in place of the list', async () => {
    const { actor, settled } = start(
      {},
      {
        load: async () => {
          throw refused(500, 'Something went wrong on our side.');
        },
      },
    );
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ loadError: 'Something went wrong on our side.', result: null });
  });

  it('exports with the current filters and hands the file over; says why an export failed', async () => {
    let fail = false;
    const asked: InboxFilters[] = [];
    const { actor, saved, settled } = start(
      { status: 'archived', email: 'pizza' },
      {
        exportCsv: async (filters) => {
          asked.push(filters);
          if (fail) throw new LegacyRequestError('Request timed out', { status: 0, kind: 'timeout' });
          return { blob: new Blob(['id\r\n']), filename: 'leads-2026-11-25.csv' };
        },
      },
    );
    await settled();
    actor.send({ type: 'export.start' });
    await waitFor(actor, (snapshot) => snapshot.matches({ export: 'idle' }) && saved.length === 1);
    expect(asked).toEqual([{ status: 'archived', email: 'pizza' }]);
    expect(saved[0]?.filename).toBe('leads-2026-11-25.csv');
    fail = true;
    actor.send({ type: 'export.start' });
    await waitFor(actor, (snapshot) => snapshot.matches({ export: 'failed' }));
    expect(actor.getSnapshot().context.exportError).toBe('Could not export the CSV: Request timed out');
  });

  it('counts pages as the specification does: at least one', () => {
    expect([pageCount(0, 25), pageCount(25, 25), pageCount(26, 25), pageCount(1000, 10)]).toEqual([1, 1, 2, 100]);
  });

  it('archives the message asked for and reloads; a refused archive keeps the list with an alert that the next action clears', async () => {
    let fail = false;
    const { actor, loads, changed, settled } = start(
      {},
      {
        archive: async (id) => {
          if (fail) throw refused(404, 'Message not found.');
          return message(id, 'archived');
        },
      },
    );
    await settled();
    actor.send({ type: 'message.archive', id: 3 });
    await waitFor(actor, (snapshot) => loads.length === 2 && snapshot.matches({ list: 'loaded' }));
    fail = true;
    actor.send({ type: 'message.archive', id: 2 });
    const refusedArchive = await waitFor(actor, (snapshot) => snapshot.context.actionError !== null);
    expect(refusedArchive.context.actionError).toBe('Could not archive the message: Message not found.');
    expect(refusedArchive.matches({ list: { loaded: 'idle' } })).toBe(true);
    expect(loads).toHaveLength(2);
    actor.send({ type: 'message.markRead', id: 1 });
    expect(actor.getSnapshot().context.actionError).toBeNull();
    await waitFor(actor, (snapshot) => loads.length === 3 && snapshot.matches({ list: 'loaded' }));
    expect(changed).toEqual(['archive 3', 'archive 2', 'read 1']);
  });

  it('clears a refused action’s alert when the list loads again', async () => {
    const { actor, settled } = start(
      {},
      {
        markRead: async () => {
          throw refused(503, 'Unavailable.');
        },
      },
    );
    await settled();
    actor.send({ type: 'message.markRead', id: 3 });
    await waitFor(actor, (snapshot) => snapshot.context.actionError !== null);
    actor.send({ type: 'filter.status', status: 'new' });
    expect(actor.getSnapshot().context.actionError).toBeNull();
  });

  it('says a sentence of its own when a failure has no words', async () => {
    const silent = () => Promise.reject(new Error(''));
    const load = start({}, { load: silent });
    await load.settled();
    expect(load.actor.getSnapshot().context.loadError).toBe('The messages could not be loaded.');
    const mark = start({}, { markRead: silent });
    await mark.settled();
    mark.actor.send({ type: 'message.markRead', id: 3 });
    const failed = await waitFor(mark.actor, (snapshot) => snapshot.context.actionError !== null);
    expect(failed.context.actionError).toBe('Could not mark the message read: Please try again.');
  });

  it('sends the email filter without the spaces around it, to the list and to the export', async () => {
    const asked: InboxFilters[] = [];
    const { actor, loads, saved, settled } = start(
      { email: '  pizza ' },
      {
        exportCsv: async (filters) => {
          asked.push(filters);
          return { blob: new Blob(['id\r\n']), filename: 'leads-2026-11-25.csv' };
        },
      },
    );
    await settled();
    expect(loads[0]).toEqual({ page: 1, page_size: 25, email: 'pizza' });
    actor.send({ type: 'export.start' });
    await waitFor(actor, () => saved.length === 1);
    expect(asked).toEqual([{ email: 'pizza' }]);
  });

  it('shows an empty inbox on its one page, asking once', async () => {
    const { actor, loads, settled } = start({}, { load: async () => pageOf(0, []) });
    await settled();
    expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    expect(loads).toEqual([{ page: 1, page_size: 25 }]);
  });

  it('exports again after a failed export, clearing its alert while it works', async () => {
    let fail = true;
    const { actor, saved, settled } = start(
      {},
      {
        exportCsv: async () => {
          if (fail) throw new LegacyRequestError('Request timed out', { status: 0, kind: 'timeout' });
          return { blob: new Blob(['id\r\n']), filename: 'leads-2026-11-25.csv' };
        },
      },
    );
    await settled();
    actor.send({ type: 'export.start' });
    await waitFor(actor, (snapshot) => snapshot.matches({ export: 'failed' }));
    fail = false;
    actor.send({ type: 'export.start' });
    expect(actor.getSnapshot().matches({ export: 'exporting' })).toBe(true);
    expect(actor.getSnapshot().context.exportError).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches({ export: 'idle' }) && saved.length === 1);
  });
});

describe('messages inbox machine: what the view reads', () => {
  it('says when the list failed, when it is idle and when an export runs', () => {
    const tagsAt = stateTags(messagesInboxMachine, {});
    const at = (list: StateValue, exporting: string) => tagsAt({ list, email: 'idle', export: exporting });
    expect(at('loading', 'idle')).toEqual([]);
    expect(at('failed', 'failed')).toEqual(['failed']);
    expect(at({ loaded: 'idle' }, 'exporting')).toEqual(['exporting', 'idle']);
    expect([at({ loaded: 'marking' }, 'idle'), at({ loaded: 'archiving' }, 'idle')]).toEqual([[], []]);
  });
});
