/**
 * The Notifications screen (issue 45) with no effects (createTestModel refuses invoke): the feed
 * loaded or failed, an older page, every row marked read, one row opened.
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';

export type NotificationsModelEvent =
  | { type: 'server.answer' }
  | { type: 'server.fail' }
  | { type: 'list.retry' }
  | { type: 'list.more' }
  | { type: 'list.markAll' }
  | { type: 'row.open' };

export const notificationsModelMachine = setup({ types: { events: {} as NotificationsModelEvent } }).createMachine({
  id: 'notificationsModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.answer': 'loaded', 'server.fail': 'failed' } },
    failed: { on: { 'list.retry': 'loading' } },
    loaded: { on: { 'list.more': 'loadingMore', 'list.markAll': 'marking', 'row.open': 'opened' } },
    loadingMore: { on: { 'server.answer': 'more', 'server.fail': 'moreFailed' } },
    /** Both pages shown; no older one. */
    more: {},
    /** The first page kept, the failure said. */
    moreFailed: {},
    marking: { on: { 'server.answer': 'allRead', 'server.fail': 'markFailed' } },
    allRead: {},
    /** The rows as they were, the failure said. */
    markFailed: {},
    /** The opened row read, here and on the server. */
    opened: {},
  },
});

export const notificationsModel = createTestModel(notificationsModelMachine);
