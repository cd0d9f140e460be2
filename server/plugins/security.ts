import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { HttpError, describeWait } from '../http-error';

type SecurityOptions = { rateLimitPerMinute: number; redisUrl: string | undefined };

/**
 * The built app loads only its own scripts. Styles may be inline because Mantine sets CSS
 * variables through style attributes and one <style> tag; no script is ever inline.
 */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  // The headers are built once here; @fastify/helmet rebuilt helmet's whole middleware chain
  // (and re-parsed the policy) on every request.
  const securityHeaders = helmet({ contentSecurityPolicy: CONTENT_SECURITY_POLICY });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));

  // Counters live in Redis when it is configured, so several instances share one budget.
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store unreachable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }

  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitPerMinute,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'rl:' } : {}),
    // A Redis outage must not take the site down with it: requests pass unthrottled meanwhile.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rate_limited', `Too many requests. Please try again in ${describeWait(Math.ceil(context.ttl / 1000))}.`),
  });
}

export default fp(securityPlugin, { name: 'security' });
