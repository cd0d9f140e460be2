import { and, desc, eq, getTableColumns, ilike, sql, type SQL } from 'drizzle-orm';
import type { Message, MessageExportQuery, MessageListQuery, MessageStatus } from '../../../contracts/leads';
import type { Db } from '../../db/database';
import { messages } from '../../db/schema';
import { notFound } from '../shared/tenancy';
import { likePattern, listRows, type Listed } from '../shared/listing';
import { toMessage } from './messages';

/**
 * The administrators' inbox of landing-page sign-ups: pages newest first, status changes, and
 * the filters the list and the CSV export share.
 */

const NEWEST_FIRST = '-created_at,-id';

/** A page of sign-ups, newest first; `email` matches any part of the address, whatever its case. */
export async function inboxPage(db: Db, query: MessageListQuery): Promise<Listed<Message>> {
  const listed = await listRows(
    db,
    {
      table: messages,
      where: [query.status ? eq(messages.status, query.status) : undefined],
      searchIn: [messages.email],
      orderBy: { created_at: messages.createdAt, id: messages.id },
      id: messages.id,
    },
    { page: query.page, page_size: query.page_size, ordering: NEWEST_FIRST, search: query.email },
  );
  return { ...listed, rows: listed.rows.map(toMessage) };
}

/**
 * Sets one sign-up's status; setting it again changes nothing (idempotent). Marking an archived
 * sign-up read brings it back as read: the inbox offers "Mark read" on every sign-up that is not
 * read (second document, section 2), so the action always shows its effect (docs/api.md).
 */
export async function setMessageStatus(db: Db, id: number, status: Exclude<MessageStatus, 'new'>): Promise<Message> {
  const [row] = await db.update(messages).set({ status }).where(eq(messages.id, id)).returning();
  if (!row) throw notFound('Message');
  return toMessage(row);
}

function exportFilter(query: MessageExportQuery): SQL | undefined {
  const email = query.email?.trim();
  return and(query.status ? eq(messages.status, query.status) : undefined, email ? ilike(messages.email, likePattern(email)) : undefined);
}

/** Rows read per query while exporting: a million sign-ups never sit in memory at once. */
export const EXPORT_BATCH = 1000;

/**
 * Every sign-up matching the filters, newest first, in batches of `batchSize`: each batch
 * starts after the last row of the one before (keyset paging on the inbox's index), so a deep
 * batch costs what the first one does. The last row's time is carried as PostgreSQL's own text:
 * a JavaScript Date would drop its microseconds and skip rows.
 */
export async function* exportMessages(db: Db, query: MessageExportQuery, batchSize = EXPORT_BATCH): AsyncGenerator<(typeof messages.$inferSelect)[]> {
  const filter = exportFilter(query);
  let after: { createdAt: string; id: number } | undefined;
  for (;;) {
    const rows = await db
      .select({ ...getTableColumns(messages), cursor: sql<string>`${messages.createdAt}::text` })
      .from(messages)
      .where(and(filter, after ? sql`(${messages.createdAt}, ${messages.id}) < (${after.createdAt}::timestamptz, ${after.id})` : undefined))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { createdAt: last.cursor, id: last.id };
  }
}
