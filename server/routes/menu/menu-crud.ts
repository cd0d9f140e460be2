import type { FastifyRequest } from 'fastify';
import { nullable, optional, type Struct } from 'superstruct';
import { CopyRequest } from '../../../contracts/menu';
import { json, noContent, refusal, type AnyStruct } from '../../../contracts/shared/answers';
import { IdParams, Page } from '../../../contracts/shared/lists';
import { API_BASE } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import type { Listed } from '../../domain/shared/listing';
import type { Scope } from '../../domain/shared/scope';
import { scopeOf } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import { created, toPage } from '../shared/list-answers';
import type { ContractApp, Validated } from '../../plugins/contract-types';

/** What a change to a menu row may be refused for, beside the refusals every route shares. */
const CHANGE_REFUSALS = {
  403: refusal("The platform library's rows (and an option set used by menu items) cannot be changed here."),
  404: refusal('The row, or a row it names, does not exist or belongs to another restaurant.'),
  409: refusal('The row would duplicate another (`fields` names it).'),
} as const;
const CREATE_CONFLICT = refusal('The row would duplicate another, or the Idempotency-Key was used before with another body.');

/**
 * The HTTP shape every menu resource shares (spec section 7): list on the collection, POST to
 * create (201), GET / PATCH / DELETE (204) on `{id}/`, and for library rows POST `{id}/copy/`.
 * Each resource file only says which contract and which domain function; this file owns the
 * guards, paging links, transactions and Idempotency-Key handling once.
 */
export type MenuResource<Query, Create, Update, Answer> = {
  /** The collection path under /api/v2, e.g. paths.menu.sizes. */
  path: string;
  /** The contract of one row as answered (the client's own). */
  row: AnyStruct;
  listQuery: Struct<Query, unknown>;
  list: (db: Db, scope: Scope, query: Validated<Query>) => Promise<Listed<Answer>>;
  get?: (db: Db, scope: Scope, id: number) => Promise<Answer>;
  createBody?: Struct<Create, unknown>;
  create?: (tx: Db, scope: Scope, body: Validated<Create>) => Promise<Answer>;
  updateBody?: Struct<Update, unknown>;
  update?: (tx: Db, scope: Scope, id: number, body: Validated<Update>) => Promise<Answer>;
  remove?: (tx: Db, scope: Scope, id: number) => Promise<void>;
  copy?: (tx: Db, scope: Scope, id: number, restaurantId: number | undefined) => Promise<Answer>;
};

export function registerResource<Query, Create, Update, Answer>(app: ContractApp, context: AppContext, resource: MenuResource<Query, Create, Update, Answer>) {
  const db = context.database.db;
  const collection = `${API_BASE}${resource.path}`;
  const one = `${collection}:id/`;
  const scope = (request: FastifyRequest) => scopeOf(signedInUser(request));
  // The guard runs before validation, so a stranger without a token learns nothing from error messages.
  const guard = { preValidation: app.requireUser };
  const row = json(resource.row, 'The row.');

  // A list reads its caller's scope in its own query (readAsViewer): one round trip, not two.
  app.get(
    collection,
    { preValidation: app.requireViewer, schema: { querystring: resource.listQuery, response: { 200: json(Page(resource.row), 'A page of rows.') } } },
    async (request) => toPage(request, await app.readAsViewer(request, (callerScope) => resource.list(db, callerScope, request.query))),
  );

  const { get, create, update, remove, copy, createBody, updateBody } = resource;
  if (get) {
    app.get(one, { ...guard, schema: { params: IdParams, response: { 200: row } } }, async (request) => get(db, scope(request), request.params.id));
  }
  if (create && createBody) {
    app.post(
      collection,
      { ...guard, schema: { body: createBody, response: { 201: json(resource.row, 'The new row.'), ...CHANGE_REFUSALS, 409: CREATE_CONFLICT } } },
      async (request, reply) => created(context, request, reply, (tx, callerScope) => create(tx, callerScope, request.body)),
    );
  }
  if (update && updateBody) {
    app.patch(
      one,
      { ...guard, schema: { params: IdParams, body: updateBody, response: { 200: json(resource.row, 'The changed row.'), ...CHANGE_REFUSALS } } },
      async (request) => db.transaction((tx) => update(tx, scope(request), request.params.id, request.body)),
    );
  }
  if (remove) {
    app.delete(one, { ...guard, schema: { params: IdParams, response: { 204: noContent('Deleted.'), ...CHANGE_REFUSALS } } }, async (request, reply) => {
      await db.transaction((tx) => remove(tx, scope(request), request.params.id));
      return reply.code(204).send();
    });
  }
  if (copy) {
    app.post(
      // A copy may be asked for with no body at all (Fastify then validates null).
      `${one}copy/`,
      {
        ...guard,
        schema: {
          params: IdParams,
          body: optional(nullable(CopyRequest)),
          response: { 201: json(resource.row, "The restaurant's own copy."), ...CHANGE_REFUSALS, 409: CREATE_CONFLICT },
        },
      },
      async (request, reply) => created(context, request, reply, (tx, callerScope) => copy(tx, callerScope, request.params.id, request.body?.restaurant_id)),
    );
  }
}
