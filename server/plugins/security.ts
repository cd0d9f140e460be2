import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { HttpError, describeWait } from '../http-error';

type SecurityOptions = { rateLimitPerMinute: number; redisUrl: string | undefined; mapTileUrl: string };

/**
 * The origin of the map's tile template as a CSP source: `https://tile.openstreetmap.org`, or
 * `https://*.tile.example.com` for a template that spreads tiles over `{s}` subdomains.
 */
export function tileSource(mapTileUrl: string): string {
  const spread = mapTileUrl.includes('//{s}.');
  const { protocol, host } = new URL(spread ? mapTileUrl.replace('//{s}.', '//s.') : mapTileUrl);
  return spread ? `${protocol}//*.${host.slice(2)}` : `${protocol}//${host}`;
}

/**
 * The built app loads only its own scripts. Styles may be inline because Mantine sets CSS
 * variables through style attributes and one <style> tag; no script is ever inline. Images
 * come from the app itself, from the map's tile server (MAP_TILE_URL) and from any https://
 * address: the specification lets owners give menu images (hero, toppings, selections) by
 * address, and the menu contract accepts only https:// ones (contracts/menu.ts, ImageUrl).
 */
const contentSecurityPolicy = (mapTileUrl: string) => ({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', tileSource(mapTileUrl)],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
});

/**
 * The headers helmet sets, read once at start. With a fixed policy (no nonces) they are the same
 * for every response, so each request gets a copy of them instead of running helmet's chain of
 * a dozen middlewares (and Node's header checks) per request: @fastify/helmet even rebuilt that
 * chain, and re-parsed the policy, on every request.
 */
function securityHeaders(mapTileUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    // helmet removes X-Powered-By, which Node never sets.
    removeHeader: () => {},
  };
  helmet({ contentSecurityPolicy: contentSecurityPolicy(mapTileUrl) })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  const headers = securityHeaders(options.mapTileUrl);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // Counters live in Redis when it is configured, so several instances share one budget.
  const redis = options.redisUrl ? new Redis(options.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  if (!redis) app.log.info('rate limits are counted per process: set REDIS_URL to share them among several server processes');
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store unreachable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }

  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitPerMinute,
    allowList: isAppFileRead,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'rl:' } : {}),
    // A Redis outage must not take the site down with it: requests pass unthrottled meanwhile.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rate_limited', `Too many requests. Please try again in ${describeWait(Math.ceil(context.ttl / 1000))}.`),
  });
}

/**
 * Reading the app itself (its page, scripts, styles, images) is not counted: one page load
 * fetches some 35 files, so a person reloading a few times a minute would otherwise have their
 * styles refused. Those answers are static, mostly cached for a year, and cost next to nothing;
 * the limit is there for the API, which is always counted, whatever the method.
 */
function isAppFileRead(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
}

export default fp(securityPlugin, { name: 'security' });
