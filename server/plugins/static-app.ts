import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COMPRESSIBLE_EXTENSIONS } from '../../scripts/precompress';
import { HttpError } from '../http-error';

const API_PREFIX = '/api/';

function notFound(request: FastifyRequest): HttpError {
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith(API_PREFIX) && !path.endsWith('/')) {
    return new HttpError(404, 'not_found', `Not found. API paths end with a slash: ${path}/`);
  }
  return new HttpError(404, 'not_found', 'Not found.');
}

/** Files the build may have precompressed: which copy is sent depends on Accept-Encoding. */
const isNegotiated = (path: string) => COMPRESSIBLE_EXTENSIONS.has(extname(path.replace(/\.(?:br|gz)$/, '')));

/**
 * Serves the built single-page app: hashed assets are cached for a year, everything else is
 * revalidated, and every non-API GET that matches no file answers index.html so that the
 * client router can take over (deep links, reloads). Text files go out as the brotli or gzip
 * copy the build wrote beside them when the browser accepts it, else as they are.
 */
async function staticAppPlugin(app: FastifyInstance, options: { staticDir: string }) {
  const built = existsSync(join(options.staticDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      setHeaders: (response, path) => {
        const hashed = path.includes(`${join(options.staticDir, 'assets')}`);
        response.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Caches must keep one copy per encoding, even of a file sent as it is.
        if (isNegotiated(path)) response.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn({ staticDir: options.staticDir }, 'web app not built: only the API is served (run npm run build)');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith(API_PREFIX);
    if (built && isPage) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    throw notFound(request);
  });
}

export default fp(staticAppPlugin, { name: 'static-app' });
