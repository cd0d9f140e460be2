import { existsSync } from 'node:fs';
import { extname, join, posix } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COMPRESSIBLE_EXTENSIONS } from '../../scripts/precompress';
import { HttpError } from '../http-error';
import { methodNotAllowed } from './method-not-allowed';
import { binaryFile, noContent, refusal, textFile } from '../../contracts/shared/answers';
import { documentRoutesOf } from './response-contracts';

const API_PREFIX = '/api/';

function notFound(request: FastifyRequest): HttpError {
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith(API_PREFIX)) {
    const wrongMethod = methodNotAllowed(request.server, path);
    if (wrongMethod) return wrongMethod;
  }
  if (path.startsWith(API_PREFIX) && !path.endsWith('/')) {
    return new HttpError(404, 'not_found', `Not found. API paths end with a slash: ${path}/`);
  }
  return new HttpError(404, 'not_found', 'Not found.');
}

/**
 * For crawlers: the public pages (landing, sign-in, legal, survey, the stores) may be indexed;
 * the back offices, the onboarding and the API may not. The sitemap lists the launched stores
 * (server/routes/storefront/sitemap.ts) at the public origin. Served whether or not the app is built.
 */
export const robotsTxt = (publicUrl: string) =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /backoffice',
    'Disallow: /onboard',
    'Disallow: /api',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');

/**
 * Whether a path names a dot-file or a dot-folder (`/.env`, `/.git/config`, the build's `/.vite/`)
 * or steps with `.` or `..`, written plainly or percent-encoded. None is a file to hand out or a
 * page of the app: they answer 404, not the app's page (a scanner would take that for a find).
 */
function hasDotSegment(path: string): boolean {
  return path.split(/[/\\]/).some((segment) => {
    try {
      return decodeURIComponent(segment).startsWith('.');
    } catch {
      return true;
    }
  });
}

/**
 * Whether a GET that matched no file is a page of the app, answered with index.html so the
 * client router takes over. Not the API, not the build's assets folder, and not a name with an
 * extension (a missing script, `sitemap.xml`): no app route has one, and a browser or crawler
 * handed the app's page for a file would take HTML for it.
 */
function isAppPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith(API_PREFIX) || path.startsWith('/assets/') || hasDotSegment(path)) return false;
  return posix.extname(path) === '';
}

/** Files the build may have precompressed: which copy is sent depends on Accept-Encoding. */
const isNegotiated = (path: string) => COMPRESSIBLE_EXTENSIONS.has(extname(path.replace(/\.(?:br|gz)$/, '')));

/**
 * Serves the built single-page app: hashed assets are cached for a year, everything else is
 * revalidated, and every app page that matches no file answers index.html so that the
 * client router can take over (deep links, reloads); other misses answer 404. Text files go out as the brotli or gzip
 * copy the build wrote beside them when the browser accepts it, else as they are.
 */
async function staticAppPlugin(app: FastifyInstance, options: { staticDir: string; publicUrl: string }) {
  const robots = robotsTxt(options.publicUrl);
  const built = existsSync(join(options.staticDir, 'index.html'));
  if (built) {
    documentRoutesOf(app, '/*', {
      200: binaryFile('*/*', 'A file of the built app (its brotli or gzip copy when accepted).'),
      304: noContent('The copy the client holds is current.'),
      404: refusal('No such file.'),
    });
    await app.register(fastifyStatic, {
      root: options.staticDir,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      // `send` refuses a path climbing out of the folder with its own 403, and serves dot-files
      // (the build manifest): nothing is there to find, so both answer 404.
      allowedPath: (pathname) => !hasDotSegment(pathname),
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

  app.get('/robots.txt', { schema: { response: { 200: textFile('text/plain', 'Which pages crawlers may read.') } } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (built && isAppPage(request)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    throw notFound(request);
  });
}

export default fp(staticAppPlugin, { name: 'static-app' });
