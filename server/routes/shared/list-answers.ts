import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../../../contracts/shared/lists';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import { runIdempotent } from '../../domain/shared/idempotency';
import type { Listed } from '../../domain/shared/listing';
import { scopeOf, type Scope } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import { idempotencyKeyOf, sendIdempotent } from './idempotent-answer';

/** The answers every area's lists and creates share: a page with its links, a 201 that a retried key replays. */

/** The same list with another `page`, as a path with its query string; null when there is no such page. */
function pageLink(request: FastifyRequest, page: number | null): string | null {
  if (page === null) return null;
  const url = new URL(request.url, 'http://localhost');
  url.searchParams.set('page', String(page));
  return `${url.pathname}?${url.searchParams.toString()}`;
}

export function toPage<T>(request: FastifyRequest, listed: Listed<T>): Page<T> {
  const { count, page, pageSize } = listed;
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  return {
    count,
    next: pageLink(request, page < lastPage ? page + 1 : null),
    previous: pageLink(request, page > 1 ? Math.min(page - 1, lastPage) : null),
    results: listed.rows,
  };
}

/** Runs a create in one transaction, answering a retried Idempotency-Key with the first answer. */
export async function created<T>(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Db, scope: Scope) => Promise<T>,
) {
  const user = signedInUser(request);
  const answer = await runIdempotent(
    context.database.db,
    // Per user: one person's key can never replay another person's answer.
    { scope: `POST ${request.routeOptions.url} user ${user.id}`, key: idempotencyKeyOf(request), payload: { params: request.params, body: request.body } },
    async (tx) => ({ statusCode: 201, body: await work(tx, scopeOf(user)) }),
  );
  return sendIdempotent(reply, answer);
}
