import { assertEvent, assign, emit, fromPromise, raise, setup } from 'xstate';
import type { Message, MessagePage, MessageStatus } from '../../../contracts/leads';
import { archiveMessage, exportMessages, listMessages, markMessageRead, type InboxFilters, type InboxQuery } from '../../services/leads/messages';
import type { LegacyFile } from '../../services/shared/legacy';
import { errorText } from '../../services/shared/error-text';
import { INBOX_DEFAULTS, type InboxSettings } from './inbox-address';

/**
 * The administrators' inbox of landing-page sign-ups (second document, "Messages inbox"). Three
 * regions side by side:
 *
 *   list:   loading --done--> loaded.idle ; --error--> failed (the message in place of the table)
 *           loading --done, past the last page--> loading (the last page: a shared link, or the
 *                 last row of the last page marked read under the "new" filter)
 *           loaded.idle --page.next / page.previous--> loading
 *           loaded.idle --message.markRead--> marking --done--> loading ; --error--> idle + alert
 *           loaded.idle --message.archive--> archiving --done--> loading ; --error--> idle + alert
 *   email:  idle --filter.email--> waiting --300 ms quiet--> idle, the list reloads from page 1
 *   export: idle --export.start--> exporting --done--> idle (emits screen.saveFile) ; --error--> failed
 *
 * Tags: `failed` (the list could not be loaded), `idle` (a list is shown and nothing changes it
 * now: paging and row actions are open), `exporting`.
 * Any filter change (status and page size at once, email once typing pauses) loads page 1.
 */

/** Typing pauses this long before the list asks the server (one request per word, not per key). */
export const EMAIL_DEBOUNCE_MS = 300;

/** Spec section 9: total pages = ceil(count / page size), at least 1. */
export const pageCount = (count: number, pageSize: number): number => Math.max(1, Math.ceil(count / pageSize));

export const INBOX_ALERTS = {
  markReadFailed: 'Could not mark the message read: ',
  archiveFailed: 'Could not archive the message: ',
  exportFailed: 'Could not export the CSV: ',
} as const;
const LOAD_FALLBACK = 'The messages could not be loaded.';
const ACTION_FALLBACK = 'Please try again.';

export type InboxContext = InboxSettings & {
  /** What the Email field holds; becomes `email` once typing pauses. */
  emailTyped: string;
  result: MessagePage | null;
  /** The load failure, shown in place of the table. */
  loadError: string | null;
  /** A failed Mark read or Archive, shown above the table, which stays. */
  actionError: string | null;
  exportError: string | null;
};

export type InboxEvent =
  | { type: 'filter.email'; email: string }
  | { type: 'filter.status'; status: MessageStatus | null }
  | { type: 'filter.pageSize'; pageSize: number }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'message.markRead'; id: number }
  | { type: 'message.archive'; id: number }
  | { type: 'export.start' }
  /** Raised by the machine itself once typing pauses. */
  | { type: 'email.settled' };

/** What the screen does for the machine: hand the exported file to the browser. */
export type InboxEmitted = { type: 'screen.saveFile'; file: LegacyFile };

const queryOf = (context: InboxContext): InboxQuery => ({
  page: context.page,
  page_size: context.pageSize,
  ...(context.status ? { status: context.status } : {}),
  ...(context.email.trim() ? { email: context.email.trim() } : {}),
});
const filtersOf = ({ status, email }: InboxContext): InboxFilters => ({
  ...(status ? { status } : {}),
  ...(email.trim() ? { email: email.trim() } : {}),
});
const reason = (error: unknown, fallback: string) => errorText(error, fallback).message;
const messageIdOf = (event: InboxEvent) => (event.type === 'message.markRead' || event.type === 'message.archive' ? event.id : 0);

export const messagesInboxMachine = setup({
  types: {
    context: {} as InboxContext,
    events: {} as InboxEvent,
    input: {} as Partial<InboxSettings>,
    emitted: {} as InboxEmitted,
  },
  actors: {
    loadMessages: fromPromise<MessagePage, InboxQuery>(({ input }) => listMessages(input)),
    markRead: fromPromise<Message, number>(({ input }) => markMessageRead(input)),
    archive: fromPromise<Message, number>(({ input }) => archiveMessage(input)),
    exportCsv: fromPromise<LegacyFile, InboxFilters>(({ input }) => exportMessages(input)),
  },
  actions: {
    noteTypedEmail: assign(({ event }) => {
      assertEvent(event, 'filter.email');
      return { emailTyped: event.email };
    }),
    /** Hands the exported file to the browser: the screen saves it (the DOM is its business). */
    saveExport: emit((_, params: { file: LegacyFile }) => ({ type: 'screen.saveFile', file: params.file }) as const),
  },
  guards: {
    pastTheEnd: ({ context }, params: { page: MessagePage }) =>
      params.page.results.length === 0 && context.page > pageCount(params.page.count, context.pageSize),
    hasNextPage: ({ context }) => context.result !== null && context.page < pageCount(context.result.count, context.pageSize),
    hasPreviousPage: ({ context }) => context.page > 1,
  },
}).createMachine({
  id: 'messagesInbox',
  type: 'parallel',
  context: ({ input }) => {
    const settings = { ...INBOX_DEFAULTS, ...input };
    return { ...settings, emailTyped: settings.email, result: null, loadError: null, actionError: null, exportError: null };
  },
  on: {
    'filter.status': { target: '.list.loading', actions: assign(({ event }) => ({ status: event.status, page: 1 })) },
    'filter.pageSize': { target: '.list.loading', actions: assign(({ event }) => ({ pageSize: event.pageSize, page: 1 })) },
    'email.settled': { target: '.list.loading', actions: assign(({ context }) => ({ email: context.emailTyped, page: 1 })) },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          entry: assign({ actionError: null }),
          invoke: {
            id: 'loadMessages',
            src: 'loadMessages',
            input: ({ context }) => queryOf(context),
            onDone: [
              {
                guard: { type: 'pastTheEnd', params: ({ event }) => ({ page: event.output }) },
                target: 'loading',
                reenter: true,
                actions: assign(({ context, event }) => ({ page: pageCount(event.output.count, context.pageSize) })),
              },
              { target: 'loaded', actions: assign(({ event }) => ({ result: event.output, loadError: null })) },
            ],
            onError: { target: 'failed', actions: assign(({ event }) => ({ result: null, loadError: reason(event.error, LOAD_FALLBACK) })) },
          },
        },
        failed: { tags: ['failed'] },
        loaded: {
          initial: 'idle',
          states: {
            idle: {
              tags: ['idle'],
              on: {
                'page.next': { guard: 'hasNextPage', target: '#messagesInbox.list.loading', actions: assign(({ context }) => ({ page: context.page + 1 })) },
                'page.previous': {
                  guard: 'hasPreviousPage',
                  target: '#messagesInbox.list.loading',
                  actions: assign(({ context }) => ({ page: context.page - 1 })),
                },
                'message.markRead': { target: 'marking', actions: assign({ actionError: null }) },
                'message.archive': { target: 'archiving', actions: assign({ actionError: null }) },
              },
            },
            marking: {
              invoke: {
                id: 'markRead',
                src: 'markRead',
                input: ({ event }) => messageIdOf(event),
                onDone: { target: '#messagesInbox.list.loading' },
                onError: {
                  target: 'idle',
                  actions: assign(({ event }) => ({ actionError: `${INBOX_ALERTS.markReadFailed}${reason(event.error, ACTION_FALLBACK)}` })),
                },
              },
            },
            archiving: {
              invoke: {
                id: 'archive',
                src: 'archive',
                input: ({ event }) => messageIdOf(event),
                onDone: { target: '#messagesInbox.list.loading' },
                onError: {
                  target: 'idle',
                  actions: assign(({ event }) => ({ actionError: `${INBOX_ALERTS.archiveFailed}${reason(event.error, ACTION_FALLBACK)}` })),
                },
              },
            },
          },
        },
      },
    },
    email: {
      initial: 'idle',
      states: {
        idle: { on: { 'filter.email': { target: 'waiting', actions: 'noteTypedEmail' } } },
        waiting: {
          on: {
            // Re-entered on every key, so the pause is counted from the last one.
            'filter.email': { target: 'waiting', reenter: true, actions: 'noteTypedEmail' },
          },
          after: { [EMAIL_DEBOUNCE_MS]: { target: 'idle', actions: raise({ type: 'email.settled' }) } },
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'export.start': 'exporting' } },
        exporting: {
          tags: ['exporting'],
          entry: assign({ exportError: null }),
          invoke: {
            id: 'exportCsv',
            src: 'exportCsv',
            input: ({ context }) => filtersOf(context),
            onDone: { target: 'idle', actions: { type: 'saveExport', params: ({ event }) => ({ file: event.output }) } },
            onError: {
              target: 'failed',
              actions: assign(({ event }) => ({ exportError: `${INBOX_ALERTS.exportFailed}${reason(event.error, ACTION_FALLBACK)}` })),
            },
          },
        },
        failed: { on: { 'export.start': 'exporting' } },
      },
    },
  },
});

export type MessagesInboxMachine = typeof messagesInboxMachine;
