import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { nullable, optional, type Struct } from 'superstruct';
import { CopyRequest } from '../../../contracts/menu';
import { IdParams, type Page } from '../../../contracts/shared/lists';
import { API_BASE } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import { runIdempotent } from '../../domain/shared/idempotency';
import type { Listed } from '../../domain/shared/listing';
import { scopeOf, type Scope } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';

/**
 * The HTTP shape every menu resource shares (spec section 7): list on the collection, POST to
 * create (201), GET / PATCH / DELETE (204) on `{id}/`, and for library rows POST `{id}/copy/`.
 * Each resource file only says which contract and which domain function; this file owns the
 * guards, paging links, transactions and Idempotency-Key handling once.
 */
export type MenuResource<Query, Create, Update, Answer> = {
  /** The collection path under /api/v2, e.g. paths.menu.sizes. */
  path: string;
  listQuery: Struct<Query, unknown>;
  list: (db: Db, scope: Scope, query: Query) => Promise<Listed<Answer>>;
  get?: (db: Db, scope: Scope, id: number) => Promise<Answer>;
  createBody?: Struct<Create, unknown>;
  create?: (tx: Db, scope: Scope, body: Create) => Promise<Answer>;
  updateBody?: Struct<Update, unknown>;
  update?: (tx: Db, scope: Scope, id: number, body: Update) => Promise<Answer>;
  remove?: (tx: Db, scope: Scope, id: number) => Promise<void>;
  copy?: (tx: Db, scope: Scope, id: number, restaurantId: number | undefined) => Promise<Answer>;
};

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
  const key = request.headers['idempotency-key'];
  const answer = await runIdempotent(
    context.database.db,
    // Per user: one person's key can never replay another person's answer.
    { scope: `POST ${request.routeOptions.url} user ${user.id}`, key: Array.isArray(key) ? key[0] : key, payload: { params: request.params, body: request.body } },
    async (tx) => ({ statusCode: 201, body: await work(tx, scopeOf(user)) }),
  );
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.statusCode).send(answer.body);
}

export function registerResource<Query, Create, Update, Answer>(
  app: FastifyInstance,
  context: AppContext,
  resource: MenuResource<Query, Create, Update, Answer>,
) {
  const db = context.database.db;
  const collection = `${API_BASE}${resource.path}`;
  const one = `${collection}:id/`;
  const scope = (request: FastifyRequest) => scopeOf(signedInUser(request));
  // The guard runs before validation, so a stranger without a token learns nothing from error messages.
  const guard = { preValidation: app.requireUser };

  // Fastify cannot see through these type parameters; the contracts validated exactly these types.
  app.get<{ Querystring: Query }>(collection, { ...guard, schema: { querystring: resource.listQuery } }, async (request) =>
    toPage(request, await resource.list(db, scope(request), request.query as Query)));

  const { get, create, update, remove, copy, createBody, updateBody } = resource;
  if (get) {
    app.get<{ Params: IdParams }>(one, { ...guard, schema: { params: IdParams } }, async (request) =>
      get(db, scope(request), request.params.id));
  }
  if (create && createBody) {
    app.post<{ Body: Create }>(collection, { ...guard, schema: { body: createBody } }, async (request, reply) =>
      created(context, request, reply, (tx, callerScope) => create(tx, callerScope, request.body as Create)));
  }
  if (update && updateBody) {
    app.patch<{ Params: IdParams; Body: Update }>(one, { ...guard, schema: { params: IdParams, body: updateBody } }, async (request) =>
      db.transaction((tx) => update(tx, scope(request), request.params.id, request.body as Update)));
  }
  if (remove) {
    app.delete<{ Params: IdParams }>(one, { ...guard, schema: { params: IdParams } }, async (request, reply) => {
      await db.transaction((tx) => remove(tx, scope(request), request.params.id));
      return reply.code(204).send();
    });
  }
  if (copy) {
    app.post<{ Params: IdParams; Body: CopyRequest | null | undefined }>(
      // A copy may be asked for with no body at all (Fastify then validates null).
      `${one}copy/`,
      { ...guard, schema: { params: IdParams, body: optional(nullable(CopyRequest)) } },
      async (request, reply) =>
        created(context, request, reply, (tx, callerScope) => copy(tx, callerScope, request.params.id, request.body?.restaurant_id)),
    );
  }
}
