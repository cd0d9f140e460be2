import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { validate } from 'superstruct';
import { refusal, type Answer, type Answers, type MultipartForm } from '../../contracts/shared/answers';

declare module 'fastify' {
  interface FastifySchema {
    /** A multipart/form-data body the route reads itself, described for the document. */
    multipart?: MultipartForm;
  }
}

/**
 * Every route's documented answers (`schema.response`, contracts/shared/answers.ts): the refusals
 * any route of its kind can send are added here, so a route file names only its success and the
 * refusals of its own rules. With `onViolation` (the tests set it) every answer is checked
 * against them; in production nothing is checked and nothing costs.
 */

export const COMMON_REFUSALS = {
  invalid: refusal('The request is not valid: `fields` names each field refused and why (a list names its limit), or the body is not JSON.'),
  notSignedIn: refusal('Not signed in, or the access token is missing, invalid or expired (`code` says which).'),
  notAdmin: refusal('Signed in, but this needs a platform administrator.'),
  notFound: refusal('No such row, or it belongs to another restaurant.'),
  rowRemoved: refusal('A row the request names was removed by another request at the same moment (`code` conflict): reload and try again.'),
  tooLarge: refusal('The request body is too large.'),
  mediaType: refusal('The body is not of a media type this route accepts.'),
  rateLimited: refusal('Too many requests from this address; `Retry-After` says when to try again.'),
  internal: refusal('Something went wrong on the server (logged; never a stack trace).'),
  unavailable: refusal('The database is unreachable for the moment; `Retry-After` says when to try again.'),
} as const;

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Who may call a route, read from its guards. */
export type Audience = 'anyone' | 'signed-in' | 'admin';

export function audienceOf(app: FastifyInstance, route: Pick<RouteOptions, 'preValidation' | 'preHandler'>): Audience {
  const guards = [route.preValidation, route.preHandler].flat().filter(Boolean);
  if (guards.includes(app.requireAdmin)) return 'admin';
  if (guards.includes(app.requireUser) || guards.includes(app.requireViewer)) return 'signed-in';
  return 'anyone';
}

/** Whether a query contract takes `restaurant_id`: naming a restaurant not the caller's answers 404. */
const namesRestaurant = (struct: unknown) => Boolean(struct && typeof struct === 'object' && 'restaurant_id' in ((struct as { schema?: object }).schema ?? {}));

/** The refusals any route like this one can send, beside what it declares itself. */
function commonRefusals(app: FastifyInstance, route: RouteOptions): Answers {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const method = [route.method].flat()[0]!.toUpperCase();
  const audience = audienceOf(app, route);
  const takesInput = Boolean(schema.params || schema.querystring || schema.body) || WITH_BODY.has(method);
  const rateLimited = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false;
  return {
    ...(takesInput ? { 400: COMMON_REFUSALS.invalid } : {}),
    ...(audience === 'anyone' ? {} : { 401: COMMON_REFUSALS.notSignedIn }),
    ...(audience === 'admin' ? { 403: COMMON_REFUSALS.notAdmin } : {}),
    ...(route.url.includes(':id') || namesRestaurant(schema.querystring) ? { 404: COMMON_REFUSALS.notFound } : {}),
    // Any write can meet a foreign-key violation a concurrent delete causes (plugins/errors.ts).
    ...(WITH_BODY.has(method) ? { 409: COMMON_REFUSALS.rowRemoved, 413: COMMON_REFUSALS.tooLarge, 415: COMMON_REFUSALS.mediaType } : {}),
    ...(rateLimited ? { 429: COMMON_REFUSALS.rateLimited } : {}),
    500: COMMON_REFUSALS.internal,
    503: COMMON_REFUSALS.unavailable,
  };
}

/**
 * Documents the answers of routes a plugin registers for us (@fastify/static's), whose options
 * we never write: call it before registering that plugin, in the same context.
 */
export function documentRoutesOf(app: FastifyInstance, url: string, answers: Answers): void {
  app.addHook('onRoute', (route) => {
    if (route.url !== url) return;
    const schema = (route.schema ??= {}) as { response?: Answers };
    schema.response = { ...schema.response, ...answers };
  });
}

/** Whether `contentType` (a header) is `mediaType` (which may be `image/*`). */
function isMediaType(contentType: unknown, mediaType: string): boolean {
  const type = String(contentType ?? '')
    .split(';', 1)[0]!
    .trim()
    .toLowerCase();
  if (mediaType === '*/*') return true;
  return mediaType.endsWith('/*') ? type.startsWith(mediaType.slice(0, -1)) : type === mediaType;
}

/** Why `payload` breaks `answer`, or null when it keeps it. Streams and files are checked by media type only. */
function breach(answer: Answer, contentType: unknown, payload: unknown): string | null {
  if (answer.mediaType === null) {
    const empty = payload === undefined || payload === null || payload === '' || (Buffer.isBuffer(payload) && payload.length === 0);
    return empty ? null : 'a body where none is documented';
  }
  if (!isMediaType(contentType, answer.mediaType)) {
    const alternative = answer.alternatives.find((other) => other.mediaType !== null && isMediaType(contentType, other.mediaType));
    return alternative ? breach(alternative, contentType, payload) : `content-type ${String(contentType)}, documented ${answer.mediaType}`;
  }
  if (!answer.body || answer.mediaType !== 'application/json' || typeof payload !== 'string') return null;
  const [error] = validate(JSON.parse(payload), answer.body);
  const failures = (error?.failures() ?? []).filter((failure) => answer.rules === 'all' || failure.refinement === undefined);
  if (failures.length === 0) return null;
  return failures
    .slice(0, 3)
    .map((failure) => `${failure.path.join('.') || 'body'}: ${failure.message}`)
    .join('; ');
}

export type ResponseContractOptions = {
  /** Told of every answer that breaks its route's contract; unset (production), nothing is checked. */
  onViolation?: (violation: string) => void;
};

async function responseContractsPlugin(app: FastifyInstance, options: ResponseContractOptions) {
  // Answers are contracts, not JSON Schema: bodies are serialised as Fastify does without one.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ??= {}) as { response?: Answers };
    schema.response = { ...commonRefusals(app, route), ...schema.response };
  });

  const { onViolation } = options;
  if (!onViolation) return;
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const schema = request.routeOptions.schema as { response?: Answers; hide?: boolean } | undefined;
    const answers = schema?.response;
    // Hidden routes (the reference pages' files) are no part of the API.
    if (!answers || schema.hide || request.method === 'HEAD') return payload;
    const answer = answers[reply.statusCode] ?? answers.default;
    const problem = answer ? breach(answer, reply.getHeader('content-type'), payload) : 'a status the route does not document';
    if (!problem) return payload;
    const violation = `${request.method} ${request.routeOptions.url} answered ${reply.statusCode} against its contract: ${problem}`;
    onViolation(violation);
    // Loud in the test that caused it: its assertion on the answer fails with this sentence.
    void reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify({ detail: violation, code: 'response_contract_violation' });
  });
}

export default fp(responseContractsPlugin, { name: 'response-contracts' });
