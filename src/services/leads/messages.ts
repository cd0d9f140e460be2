import { Message, MessageCreate, MessagePage, type MessageExportQuery, type MessageListQuery } from '../../../contracts/leads';
import { paths } from '../../../contracts/shared/paths';
import { parseWith } from '../../../contracts/shared/validation';
import { legacy, type LegacyClient, type LegacyFile } from '../shared/legacy';

/**
 * The landing page's notify-me sign-up. The input goes through its contract first so the
 * wire carries the trimmed, lower-cased values the server will check against.
 */
export async function createSignup(input: MessageCreate, options: { client?: LegacyClient; idempotencyKey?: string } = {}): Promise<Message> {
  const client = options.client ?? legacy;
  return client.post(paths.messages, parseWith(MessageCreate, input), { struct: Message, idempotencyKey: options.idempotencyKey });
}

/** The inbox's filters and page, as the list sends them (the export takes the filters alone). */
export type InboxQuery = Required<Pick<MessageListQuery, 'page' | 'page_size'>> & Pick<MessageListQuery, 'status' | 'email'>;
export type InboxFilters = MessageExportQuery;

/** Blank filters are left out of the address: `?email=` would match everyone anyway. */
function filterParams({ status, email }: InboxFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (status) params.status = status;
  const trimmed = email?.trim();
  if (trimmed) params.email = trimmed;
  return params;
}

/** One page of the administrators' inbox, newest first. */
export function listMessages(query: InboxQuery, client: LegacyClient = legacy): Promise<MessagePage> {
  return client.get(paths.messages, {
    auth: true,
    struct: MessagePage,
    searchParams: { page: String(query.page), page_size: String(query.page_size), ...filterParams(query) },
  });
}

/** Marks one sign-up read (again is harmless: the server answers the same). */
export function markMessageRead(id: number, client: LegacyClient = legacy): Promise<Message> {
  return client.post(paths.messageAction(id, 'mark_read'), undefined, { auth: true, struct: Message });
}

export function archiveMessage(id: number, client: LegacyClient = legacy): Promise<Message> {
  return client.post(paths.messageAction(id, 'archive'), undefined, { auth: true, struct: Message });
}

/** Every sign-up matching the filters as a CSV file, all pages, named by the server with the date. */
export function exportMessages(filters: InboxFilters, client: LegacyClient = legacy): Promise<LegacyFile> {
  return client.getFile(paths.messagesExport, { auth: true, searchParams: filterParams(filters) });
}
