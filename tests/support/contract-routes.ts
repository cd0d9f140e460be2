/**
 * The real server's routes and their contracts, for test doubles. The table is read from the
 * server itself (buildApp's `onRoute`), so a double checks a request with the very struct object
 * the route validates with: there is no second list of routes to fall out of step.
 */
import type { RouteOptions } from 'fastify';
import type { Struct } from 'superstruct';
import { ContractViolation, parseWith } from '#contracts/shared/validation';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { Database } from '#server/db/database';
import { toAnswer } from '#server/plugins/errors';
import { audienceOf, type Audience } from '#server/plugins/response-contracts';

type AnyStruct = Struct<unknown, unknown>;

export type ServerRoute = {
  method: string;
  /** Fastify's pattern, e.g. `/api/v2/categories/detail/:id/`. */
  url: string;
  params?: AnyStruct;
  querystring?: AnyStruct;
  body?: AnyStruct;
  /** Who may call it, read from its guards. */
  audience: Audience;
  /** Whether a guard runs after the body's contract (a preHandler): an anonymous caller would get field messages before the 401. */
  guardsAfterValidation: boolean;
};

/** What the server answers a request its contracts refuse: status and `{detail, code, fields}`. */
export type Refusal = { status: number; body: { detail: string; code: string; fields?: Record<string, string> } };

export type CheckedRequest = { method: string; url: string; body: unknown };

/**
 * Registering routes touches no database, so the app is built on one that refuses every use:
 * collecting the table must never depend on, or change, any data.
 */
const noDatabase: Database = {
  kind: 'pglite',
  db: new Proxy(
    {},
    {
      get: () => {
        throw new Error('contract-routes: the route table needs no database');
      },
    },
  ) as Database['db'],
  ping: async () => false,
  migrate: async () => undefined,
  query: async () => {
    throw new Error('contract-routes: the route table needs no database');
  },
  listen: async () => {
    throw new Error('contract-routes: the route table needs no database');
  },
  close: async () => undefined,
};

async function collectRoutes(): Promise<ServerRoute[]> {
  const seen: RouteOptions[] = [];
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    STATIC_DIR: '/nonexistent-static-dir',
    DATA_DIR: '/nonexistent-data-dir',
    SECRET_KEY: 'contract-routes-secret-key-of-32-characters',
  });
  const app = await buildApp(config, {
    database: noDatabase,
    onRoute: (route: RouteOptions) => seen.push(route),
  });
  const guards = new Set<unknown>([app.requireUser, app.requireAdmin, app.requireViewer]);
  const routes = seen.flatMap((route) => {
    const schema = (route.schema ?? {}) as { params?: AnyStruct; querystring?: AnyStruct; body?: AnyStruct };
    const audience = audienceOf(app, route);
    const guardsAfterValidation = [route.preHandler].flat().some((hook) => guards.has(hook));
    return [route.method].flat().map((method) => ({
      method: method.toUpperCase(),
      url: route.url,
      params: schema.params,
      querystring: schema.querystring,
      body: schema.body,
      audience,
      guardsAfterValidation,
    }));
  });
  await app.close();
  return routes;
}

let table: Promise<ServerRoute[]> | undefined;

/** Every route of the real server (built once per test worker). */
export function serverRoutes(): Promise<ServerRoute[]> {
  table ??= collectRoutes();
  return table;
}

/** `/api/v2/categories/:id/` as a pattern; the number of parameters ranks matches (static first, as Fastify does). */
function matcher(url: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = url
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** The route Fastify would pick for `method` and `pathname`, with its path parameters. */
export async function findServerRoute(method: string, pathname: string): Promise<{ route: ServerRoute; params: Record<string, string> } | null> {
  const candidates = (await serverRoutes())
    .filter((route) => route.method === method.toUpperCase())
    .map((route) => ({ route, ...matcher(route.url) }))
    .map(({ route, pattern, names }) => ({ route, names, found: pattern.exec(pathname) }))
    .filter((candidate) => candidate.found !== null)
    .sort((a, b) => a.names.length - b.names.length);
  const best = candidates[0];
  if (!best) return null;
  const params = Object.fromEntries(best.names.map((name, index) => [name, decodeURIComponent(best.found![index + 1]!)]));
  return { route: best.route, params };
}

/** The query as Fastify parses it: a repeated key becomes a list. */
function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of search) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [seen, value].flat();
  }
  return query;
}

/**
 * Checks one request as the real server's validation does (params, body, then query, Fastify's
 * order) and answers what the server would: null when the contracts accept it, else the refusal
 * in the server's own words (server/plugins/errors.ts). A request to no route of the server is a
 * client bug, so it throws rather than inventing an answer.
 */
export async function checkAgainstServer(request: CheckedRequest): Promise<Refusal | null> {
  const url = new URL(request.url, 'http://localhost');
  const found = await findServerRoute(request.method, url.pathname);
  if (!found) throw new Error(`No route of the real server answers ${request.method.toUpperCase()} ${url.pathname}`);
  const { route, params } = found;
  const parts: [AnyStruct | undefined, unknown][] = [
    [route.params, params],
    [route.body, request.body],
    [route.querystring, queryObject(url.searchParams)],
  ];
  try {
    for (const [struct, value] of parts) if (struct) parseWith(struct, value);
    return null;
  } catch (error) {
    if (!(error instanceof ContractViolation)) throw error;
    const answer = toAnswer(error);
    return { status: answer.status, body: answer.body };
  }
}
