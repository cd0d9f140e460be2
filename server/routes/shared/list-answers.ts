import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../../../contracts/shared/lists';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import { runIdempotent } from '../../domain/shared/idempotency';
import type { Listed } from '../../domain/shared/listing';
import type { Scope } from '../../domain/shared/scope';
import { scopeOf } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import { idempotencyKeyOf, sendIdempotent } from './idempotent-answer';

/** The answers every area's lists and creates share: a page with its links, a 201 that a retried key replays. */

/**
 * Links to the same list with another `page`, as a path with its query string; null when there
 * is no such page. The request's URL is split once for both links (no `new URL`, which parses
 * and normalises a whole absolute URL, twice per page).
 */
function pageLinks(request: FastifyRequest): (page: number | null) => string | null {
  // A fragment never reaches a server from a browser; `new URL` would have dropped one.
  const url = request.url.split('#', 1)[0] ?? '';
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
  return (page) => {
    if (page === null) return null;
    const params = new URLSearchParams(query);
    params.set('page', String(page));
    return `${path}?${params.toString()}`;
  };
}

export function toPage<T>(request: FastifyRequest, listed: Listed<T>): Page<T> {
  const { count, page, pageSize } = listed;
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  const link = pageLinks(request);
  return {
    count,
    next: link(page < lastPage ? page + 1 : null),
    previous: link(page > 1 ? Math.min(page - 1, lastPage) : null),
    results: listed.rows,
  };
}

/** Runs a create in one transaction, answering a retried Idempotency-Key with the first answer. */
export async function created<T>(context: AppContext, request: FastifyRequest, reply: FastifyReply, work: (tx: Db, scope: Scope) => Promise<T>) {
  const user = signedInUser(request);
  const answer = await runIdempotent(
    context.database.db,
    // Per user: one person's key can never replay another person's answer.
    { scope: `POST ${request.routeOptions.url} user ${user.id}`, key: idempotencyKeyOf(request), payload: { params: request.params, body: request.body } },
    async (tx) => ({ statusCode: 201, body: await work(tx, scopeOf(user)) }),
  );
  return sendIdempotent(reply, answer);
}
