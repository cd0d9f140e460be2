import { MarkReadAnswer, MarkReadBody, NotificationsPage, NotificationsQuery } from '../../../contracts/ordering/notifications';
import { json, refusal } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { listNotifications, markNotificationsRead } from '../../domain/ordering/notifications';
import type { StoreReaders } from '../../domain/ordering/store-readers';
import { scopeOf } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import type { ContractApp } from '../../plugins/contract-types';

const NOT_FOUND = { 404: refusal('A `restaurant_id` the caller does not work in, or that does not exist.') } as const;

/** The restaurant's feed (issue 45): read it, mark rows read. Tenancy as the orders list. */
export async function notificationRoutes(app: ContractApp, context: AppContext, { readers }: { readers: StoreReaders }) {
  const { database, clock } = context;
  const { db } = database;

  app.get(
    `${API_BASE}${paths.notifications.list}`,
    {
      preValidation: app.requireUser,
      schema: {
        querystring: NotificationsQuery,
        response: { 200: json(NotificationsPage, 'The newest rows older than `before`, and how many are unread.'), ...NOT_FOUND },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send((await listNotifications(db, readers, scopeOf(signedInUser(request)), request.query)) satisfies NotificationsPage),
  );
  app.post(
    `${API_BASE}${paths.notifications.read}`,
    {
      preValidation: app.requireUser,
      schema: {
        body: MarkReadBody,
        response: { 200: json(MarkReadAnswer, 'How many rows this call marked read, and how many stay unread.'), ...NOT_FOUND },
      },
    },
    async (request) => (await markNotificationsRead(db, scopeOf(signedInUser(request)), request.body, clock())) satisfies MarkReadAnswer,
  );
}
