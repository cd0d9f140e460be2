import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '../../contracts/shared/errors';
import { ContractViolation } from '../../contracts/shared/validation';
import { DEADLOCK_DETECTED, FOREIGN_KEY_VIOLATION, hasSqlState } from '../db/sql-state';
import { HttpError } from '../http-error';

// Connection-level failures: the database is unreachable, not the request wrong.
// SQLSTATE class 08 (connection exception) and 57P0x (server shutting down / starting up).
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', '57P01', '57P02', '57P03']);
// "not queryable": pg refuses further queries on a client whose connection broke (the rollback
// of a transaction that lost its server fails so, and that error is the one the request sees).
const UNREACHABLE_TEXT = new RegExp(
  [
    'connection terminated',
    'timeout exceeded when trying to connect',
    'PGlite is closed',
    'Connection refused',
    'server closed the connection',
    'encountered a connection error and is not queryable',
  ].join('|'),
  'i',
);

export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (UNREACHABLE_TEXT.test(error.message)) return true;
  return error.cause !== undefined && isDatabaseUnreachable(error.cause);
}

/** Fastify's own client errors, in our words. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'malformed_json', detail: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'empty_body', detail: 'The request body is empty; a JSON object was expected.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'too_large', detail: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', detail: 'Send the request body as application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_content_length', detail: 'The Content-Length header does not match the body.' },
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url', detail: 'The address is not valid: it holds a malformed % escape.' },
  // find-my-way's limit on one path parameter (100 characters); Fastify's message would echo it back.
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', detail: 'A part of the address is too long.' },
};

/** What a write that met a foreign-key violation answers (exported for the tests). */
export const FOREIGN_KEY_CONFLICT = 'A row this request names was removed at the same moment. Reload and try again.';
export const SIMULTANEOUS_CHANGE = 'Another change to this restaurant was being saved at the same moment, so nothing was saved. Please try again.';

type Answer = { status: number; body: ApiErrorBody; headers?: Record<string, string> };

/** Fields an answer names at most: enough for any form, and the answer stays small whatever was sent. */
export const MAX_LISTED_FIELDS = 20;

/** A refusal by the contracts: every field in error, or the first few and how many there were. */
function invalidFieldsBody(fields: Record<string, string>): ApiErrorBody {
  const named = Object.keys(fields);
  if (named.length <= MAX_LISTED_FIELDS) return { detail: 'Some fields are not valid.', code: 'invalid', fields };
  return {
    detail: `Some fields are not valid: ${named.length} in all, the first ${MAX_LISTED_FIELDS} listed.`,
    code: 'invalid',
    fields: Object.fromEntries(named.slice(0, MAX_LISTED_FIELDS).map((name) => [name, fields[name]!])),
  };
}

/** The status and body the server answers for `error`; exported so test doubles answer in the same words. */
export function toAnswer(error: FastifyError | Error): Answer {
  if (error instanceof HttpError) {
    const { fields, headers, more } = error.options;
    return { status: error.statusCode, body: { ...more, detail: error.detail, code: error.code, ...(fields ? { fields } : {}) }, headers };
  }
  if (error instanceof ContractViolation) {
    return { status: 400, body: invalidFieldsBody(error.fields) };
  }
  const known = FRAMEWORK_ERRORS[(error as FastifyError).code ?? ''];
  if (known) return { status: known.status, body: { detail: known.detail, code: known.code } };
  if (error instanceof SyntaxError) {
    return { status: 400, body: { detail: 'The request body is not valid JSON.', code: 'malformed_json' } };
  }
  if (isDatabaseUnreachable(error)) {
    return {
      status: 503,
      body: { detail: 'The service is temporarily unavailable. Please try again shortly.', code: 'database_unavailable' },
      headers: { 'retry-after': '5' },
    };
  }
  // The last resort for a write that names a row another request removed meanwhile (issue 28):
  // creates under a category lock it first and answer 404, but any race left is a conflict, not a 500.
  if (hasSqlState(error, FOREIGN_KEY_VIOLATION)) {
    return { status: 409, body: { detail: FOREIGN_KEY_CONFLICT, code: 'conflict' } };
  }
  if (hasSqlState(error, DEADLOCK_DETECTED)) {
    return { status: 409, body: { detail: SIMULTANEOUS_CHANGE, code: 'conflict' } };
  }
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, body: { detail: error.message, code: 'bad_request' } };
  }
  return { status: 500, body: { detail: 'Something went wrong on our side. Please try again.', code: 'internal' } };
}

/**
 * Fastify's `frameworkErrors` option: errors it meets before routing (a malformed % escape in the
 * address), which would otherwise skip the error handler and answer in Fastify's own words.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const answer = toAnswer(error);
  request.log.info({ code: answer.body.code, status: answer.status }, 'request refused');
  void reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; body: ApiErrorBody }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    body: { detail: 'The address or headers of the request are too long.', code: 'headers_too_large' },
  },
};
const MALFORMED_REQUEST = {
  status: 400,
  reason: 'Bad Request',
  body: { detail: 'The request is not valid HTTP.', code: 'malformed_request' } satisfies ApiErrorBody,
};

/**
 * Fastify's `clientErrorHandler` option: requests Node's HTTP parser refuses before Fastify sees
 * them (an address over the header size limit, broken framing) get the common error shape too.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) return;
  const { status, reason, body } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED_REQUEST;
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = toAnswer(error);
    if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: answer.body.code, status: answer.status }, 'request refused');
    if (answer.headers) reply.headers(answer.headers);
    return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
  });
}

export default fp(errorsPlugin, { name: 'errors' });
