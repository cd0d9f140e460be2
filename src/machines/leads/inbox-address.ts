import { MESSAGE_PAGE_SIZES, MESSAGE_PAGE_SIZE_DEFAULT, type MessageStatus } from '../../../contracts/leads';

/**
 * The inbox's filters and page in the address (`?page=&page_size=&status=&email=`), so a
 * reload or a shared link shows the same page. Read leniently: a value the screen could not
 * have written (page 0, a page size it does not offer, an unknown status) falls back to the
 * default instead of failing the screen.
 */
export type InboxSettings = { page: number; pageSize: number; status: MessageStatus | null; email: string };

export const INBOX_DEFAULTS: InboxSettings = { page: 1, pageSize: MESSAGE_PAGE_SIZE_DEFAULT, status: null, email: '' };

const STATUSES: readonly string[] = ['new', 'read', 'archived'] satisfies MessageStatus[];

function wholeNumber(text: string | null): number | null {
  return text !== null && /^\d{1,9}$/.test(text) ? Number(text) : null;
}

export function readInboxAddress(search: string): InboxSettings {
  const params = new URLSearchParams(search);
  const page = wholeNumber(params.get('page'));
  const pageSize = wholeNumber(params.get('page_size'));
  const status = params.get('status');
  return {
    page: page !== null && page >= 1 ? page : INBOX_DEFAULTS.page,
    pageSize: (MESSAGE_PAGE_SIZES as readonly number[]).includes(pageSize ?? 0) ? (pageSize as number) : INBOX_DEFAULTS.pageSize,
    status: status !== null && STATUSES.includes(status) ? (status as MessageStatus) : null,
    email: params.get('email') ?? '',
  };
}

/** The query string for `settings`, without the `?`; filters that are not set are left out. */
export function writeInboxAddress(settings: InboxSettings): string {
  const params = new URLSearchParams({ page: String(settings.page), page_size: String(settings.pageSize) });
  if (settings.status) params.set('status', settings.status);
  if (settings.email) params.set('email', settings.email);
  return params.toString();
}
