import { Readable } from 'node:stream';
import { Message, MessageCreate, MessageExportQuery, MessageListQuery, MessagePage } from '../../../contracts/leads';
import { json, textFile } from '../../../contracts/shared/answers';
import { IdParams } from '../../../contracts/shared/lists';
import { LEGACY_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { exportMessages, inboxPage, setMessageStatus } from '../../domain/leads/inbox';
import { submitSignupMessage } from '../../domain/leads/messages';
import { csvAttachment, csvRow } from '../../domain/shared/csv';
import type { Db } from '../../db/database';
import { IDEMPOTENT_REFUSALS, idempotencyKeyOf, sendIdempotent } from '../shared/idempotent-answer';
import { toPage } from '../shared/list-answers';
import type { ContractApp } from '../../plugins/contract-types';

const EXPORT_COLUMNS = ['id', 'created_at', 'email', 'zip_code', 'status', 'message', 'user_agent'] as const;

/** The export as CSV text, one chunk per batch of rows, its header first. */
async function* messagesCsv(db: Db, query: MessageExportQuery): AsyncGenerator<string> {
  yield csvRow(EXPORT_COLUMNS);
  for await (const rows of exportMessages(db, query)) {
    yield rows.map((row) => csvRow([row.id, row.createdAt, row.email, row.zipCode, row.status, row.message, row.userAgent])).join('');
  }
}

export async function messageRoutes(app: ContractApp, context: AppContext) {
  const { database, clock, config } = context;
  const limits = { perEmailPerHour: config.signupLimitPerEmailPerHour };

  app.post(
    `${LEGACY_BASE}${paths.messages}`,
    {
      schema: {
        body: MessageCreate,
        response: { 201: json(Message, 'The stored sign-up (a retried Idempotency-Key answers the first one again).'), ...IDEMPOTENT_REFUSALS },
      },
      config: { rateLimit: { max: config.signupLimitPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const answer = await submitSignupMessage(database.db, request.body, {
        idempotencyKey: idempotencyKeyOf(request),
        userAgent: request.headers['user-agent'],
        limits,
        clock,
      });
      return sendIdempotent(reply, answer);
    },
  );

  // Administrators only. The guard runs before the query is validated, so a stranger learns
  // nothing from error messages.
  app.get(
    `${LEGACY_BASE}${paths.messages}`,
    { schema: { querystring: MessageListQuery, response: { 200: json(MessagePage, 'A page of sign-ups, newest first.') } }, preValidation: app.requireAdmin },
    async (request) => toPage(request, await inboxPage(database.db, request.query)) satisfies MessagePage,
  );

  for (const [action, status] of [
    ['mark_read', 'read'],
    ['archive', 'archived'],
  ] as const) {
    app.post(
      `${LEGACY_BASE}${paths.messageAction(':id', action)}`,
      { schema: { params: IdParams, response: { 200: json(Message, `The sign-up, now ${status}.`) } }, preValidation: app.requireAdmin },
      (request) => setMessageStatus(database.db, request.params.id, status),
    );
  }

  app.get(
    `${LEGACY_BASE}${paths.messagesExport}`,
    {
      schema: { querystring: MessageExportQuery, response: { 200: textFile('text/csv', 'Every matching sign-up as CSV, as an attachment.') } },
      preValidation: app.requireAdmin,
    },
    (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', csvAttachment('leads', clock()))
        .send(Readable.from(messagesCsv(database.db, request.query))),
  );
}
