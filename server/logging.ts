import type { FastifyRequest } from 'fastify';
import type { Config } from './config';

/**
 * What the server's log may hold (issue 40): no order tracking token and no customer's name,
 * phone or email. A token in a logged address would let whoever reads the log follow (and see)
 * the order; an error's text can carry a whole request's values (Drizzle writes every parameter
 * of a failed statement into its message).
 */

/** A tracking token after `/orders/` (the tracking page) or `/orders/track/` (its API); order ids are short numbers. */
const TRACKING_TOKEN = /(\/orders\/(?:track\/)?)[A-Za-z0-9_-]{22,}/g;
/** A token in a query (the password reset link's `?token=`). */
const QUERY_TOKEN = /([?&]token=)[^&#]*/gi;
const EMAIL = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+/g;
/** Drizzle's "Failed query: …\nparams: a,b,c": the values, to the end of the message. */
const QUERY_PARAMS = /\nparams: [\s\S]*$/;

/** A request's address as logged: tokens replaced, the rest kept for reading the log. */
export function redactedUrl(url: string): string {
  return url.replace(TRACKING_TOKEN, '$1[token]').replace(QUERY_TOKEN, '$1[token]');
}

function redactedText(text: string): string {
  return text.replace(QUERY_PARAMS, '\nparams: [redacted]').replace(EMAIL, '[email]');
}

type LoggedError = { type: string; message: string; stack: string; code?: string | number; statusCode?: number; cause?: LoggedError };

/** Causes followed at most this deep (a cycle of causes must not hang the logger). */
const CAUSE_DEPTH = 5;

/**
 * An error as logged: its type, message, stack, code and status, and its cause, with the
 * values it may quote taken out; any other property (Drizzle's `params`, PostgreSQL's `detail`
 * "Key (email)=(…)", a mail server's `rejected` addresses) is left out.
 */
export function redactedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactedText(String(error)), stack: '' };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  const message = redactedText(error.message);
  // The stack begins with the message: replace that part, keep the frames.
  const stack = redactedText((error.stack ?? '').split(error.message).join(message));
  return {
    type: error.constructor.name,
    message,
    stack,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(error.cause !== undefined && depth < CAUSE_DEPTH ? { cause: redactedError(error.cause, depth + 1) } : {}),
  };
}

/** Where log lines go: standard output, or a test's capture. */
export type LogDestination = { write: (line: string) => void };

/** Fastify's logger options: the configured level, secrets in headers removed, addresses and errors redacted. */
export function loggerOptions(config: Config, destination?: LogDestination) {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["idempotency-key"]'],
    serializers: {
      // Fastify's own request fields, with the address redacted.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: unknown) => redactedError(error),
    },
    ...(destination ? { stream: destination } : {}),
  };
}
