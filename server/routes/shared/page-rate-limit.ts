import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { describeWait } from '../../http-error';

/**
 * Page loads of the store and tracking pages one client address may make a minute, each kind
 * counted on its own: this many times RATE_LIMIT_PER_MINUTE (600 by default). Generous, since
 * many customers may share one address (a mobile carrier's), and the pages are answered from the
 * version cache; but no longer unlimited: 81 to 341 loads a second from one address held the
 * health check at 0.5 to 4.2 s on PGlite (issue 40, item 18).
 */
export const PAGE_LOADS_PER_API_LIMIT = 2;

/** The refusal the rate limit throws, which the page's own error handler answers with a page. */
class TooManyPageLoads extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('Too many page loads from this address.');
  }
}

const refusalPage = (seconds: number) =>
  `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Too many requests</title></head>
<body><main><h1>Too many requests</h1><p>This page was asked for too often from your network. Please try again in ${describeWait(seconds)}.</p></main></body>
</html>
`;

/**
 * A page route's options for a per-address limit through the app's rate-limit plugin (shared
 * through Redis when REDIS_URL is set, like every limit: server/plugins/security.ts), whose
 * refusal is a small page with `Retry-After` rather than the API's JSON. Every other error goes
 * on to the app's error handler.
 */
export function pageRateLimit(rateLimitPerMinute: number) {
  return {
    config: {
      rateLimit: {
        max: rateLimitPerMinute * PAGE_LOADS_PER_API_LIMIT,
        timeWindow: 60_000,
        // The global limit leaves page reads out (they are the app's files); these are counted.
        allowList: () => false,
        errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => new TooManyPageLoads(Math.max(1, Math.ceil(context.ttl / 1000))),
      },
    },
    errorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
      if (!(error instanceof TooManyPageLoads)) throw error;
      return reply
        .code(429)
        .header('retry-after', String(error.retryAfterSeconds))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(refusalPage(error.retryAfterSeconds));
    },
  };
}
