import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nullable, optional, type Struct } from 'superstruct';
import { CopyRequest } from '../../../contracts/menu';
import { IdParams } from '../../../contracts/shared/lists';
import { API_BASE } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import type { Listed } from '../../domain/shared/listing';
import { scopeOf, type Scope } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import { created, toPage } from '../shared/list-answers';

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
