/**
 * The messages inbox as an administrator sees it, with no effects (createTestModel refuses
 * invoke and after). The fake server holds 60 sign-ups: page 1 and page 2 of 25 are what the
 * runners page through; `server.*` events are the server's answers.
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { runAsWalks } from '../../support/model-paths';

export type InboxModelEvent =
  | { type: 'server.answer' }
  | { type: 'server.empty' }
  | { type: 'server.fail' }
  | { type: 'server.markRead' }
  | { type: 'server.markReadFail' }
  | { type: 'server.export' }
  | { type: 'server.exportFail' }
  | { type: 'filter.status' }
  | { type: 'filter.email' }
  | { type: 'filter.pageSize' }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'message.markRead' }
  | { type: 'message.archive' }
  | { type: 'server.archived' }
  | { type: 'server.archiveFail' }
  | { type: 'export.start' };

/** Every filter change loads page 1 again. */
const FILTERS = { 'filter.status': 'loading', 'filter.email': 'loading', 'filter.pageSize': 'loading' } as const;

export const inboxModelMachine = setup({
  types: { events: {} as InboxModelEvent },
}).createMachine({
  id: 'inboxModel',
  initial: 'loading',
  states: {
    /** A list request is out for page 1. */
    loading: { on: { 'server.answer': 'firstPage', 'server.empty': 'empty', 'server.fail': 'failed' } },
    /** Page 1 / 3: Prev disabled, Next enabled, Mark read on every row not read. */
    firstPage: {
      on: { ...FILTERS, 'page.next': 'loadingNext', 'message.markRead': 'marking', 'message.archive': 'archiving', 'export.start': 'exporting' },
    },
    loadingNext: { on: { 'server.answer': 'secondPage' } },
    /** Page 2 / 3: both Prev and Next enabled. */
    secondPage: { on: { ...FILTERS, 'page.previous': 'loading' } },
    /** 'No messages.' */
    empty: { on: { 'filter.status': 'loading' } },
    /** The server's reason in red, in place of the table. */
    failed: { on: { 'filter.status': 'loading' } },
    marking: { on: { 'server.markRead': 'loading', 'server.markReadFail': 'markFailed' } },
    /** An alert above the table, which stays. */
    markFailed: { on: { 'message.markRead': 'marking' } },
    /** Every row's actions disabled while the message is archived. */
    archiving: { on: { 'server.archived': 'loading', 'server.archiveFail': 'archiveFailed' } },
    /** An alert above the table, whose actions work again. */
    archiveFailed: { on: { 'message.archive': 'archiving' } },
    exporting: { on: { 'server.export': 'exported', 'server.exportFail': 'exportFailed' } },
    /** The file went to the browser's save. */
    exported: {},
    exportFailed: { on: { 'export.start': 'exporting' } },
  },
});

/** Run as covering walks (tests/support/model-paths.ts): 3 walks, 49 steps, instead of 15 paths, 47 steps. */
export const inboxModel = runAsWalks(createTestModel(inboxModelMachine));
