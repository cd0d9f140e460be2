import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The methods some route of ours takes at `path`. The built app's catch-all (`/*`, every GET)
 * is not one: it would make every address look like a page.
 */
function allowedMethods(app: FastifyInstance, path: string): string[] {
  // The router "finds" a path with an over-long segment for every method, to answer it 414.
  const longest = Math.max(...path.split('/').map((segment) => segment.length));
  if (longest > (app.initialConfig.maxParamLength ?? 100)) return [];
  return METHODS.filter((method) => {
    const route = app.findRoute({ method, url: path });
    return route !== null && !Object.hasOwn(route.params ?? {}, '*');
  });
}

/**
 * A request to an API address that exists, with a method it does not take, answers 405 with
 * `Allow` (RFC 9110): a caller who sent PUT where PATCH is wanted learns that, instead of
 * reading 404 as "no such address". Null when no route has the address at all.
 */
export function methodNotAllowed(app: FastifyInstance, path: string): HttpError | null {
  const allowed = allowedMethods(app, path);
  if (allowed.length === 0) return null;
  return new HttpError(405, 'method_not_allowed', `This address takes only ${allowed.join(', ')}.`, { headers: { allow: allowed.join(', ') } });
}
