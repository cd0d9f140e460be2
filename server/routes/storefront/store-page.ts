import { binaryFile, noContent } from '../../../contracts/shared/answers';
import type { AppContext } from '../../app-context';
import { createPageCache } from '../../domain/storefront/store-page/page-cache';
import { renderedPage } from '../../domain/storefront/store-page/rendered-page';
import { storeScriptSrc } from '../../domain/storefront/store-page/store-script';
import { freshReads } from '../../domain/storefront/store-page/fresh-reads';
import { storeVersion } from '../../domain/storefront/store-page/store-version';
import { matchesEtag } from '../shared/etag';
import { pageRateLimit } from '../shared/page-rate-limit';
import type { ContractApp } from '../../plugins/contract-types';

/**
 * A store URL: one path segment shaped like a slug (contracts/shared/store-slug.ts, STORE_SLUG_PATTERN).
 * find-my-way tries this parametric route before @fastify/static's wildcard; a path with a dot
 * (`/favicon.svg`) or a second segment never matches it and still reaches the files, and a
 * segment that is no launched store (`/login`, `/backoffice`, an unknown slug) is handed to the
 * not-found handler, which answers the app's index.html exactly as it did before this route.
 */
export const STORE_PAGE_ROUTE = '/:slug(^[a-z0-9-]{1,63}$)';

/** The encoding to send, from Accept-Encoding: brotli, else gzip, else none (a `q=0` refuses one). */
export function chosenEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !/^\s*q=0(\.0*)?\s*$/.test(quality ?? ''))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * GET /{slug}: the launched store's page, rendered on the server (issue 29, item 2). Registered
 * before the compression plugin: the page is compressed once per render, not per request.
 */
export async function storePageRoutes(app: ContractApp, context: AppContext) {
  const scriptSrc = storeScriptSrc(context.config.staticDir);
  const pages = createPageCache();
  const versionOf = freshReads((slug) => storeVersion(context.database, slug));
  const options = { origin: context.config.publicUrl, scriptSrc, platform: { cardAvailable: context.config.stripe !== undefined } };
  app.get<{ Params: { slug: string } }>(
    STORE_PAGE_ROUTE,
    {
      ...pageRateLimit(context.config.rateLimitPerMinute),
      schema: {
        response: {
          200: binaryFile('text/html', 'The store page (its brotli or gzip copy when accepted); an unknown or unlaunched slug answers the app.'),
          301: noContent("A former address of the store: `Location` is its current one (the store's links and mails keep working after a rename)."),
          304: noContent('The copy the client holds is current.'),
          429: binaryFile('text/html', 'Too many page loads from this address; `Retry-After` says when to try again.'),
        },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const now = context.clock();
      const store = await versionOf(slug);
      if (store && store.slug !== slug) {
        // Not cached for long: the store may take this address back one day.
        const query = request.url.indexOf('?');
        return reply.header('cache-control', 'no-cache').redirect(`/${store.slug}${query < 0 ? '' : request.url.slice(query)}`, 301);
      }
      const page = store && (await pages.page(store, now, () => renderedPage(context.database.db, slug, now, options)));
      if (!page) return reply.callNotFound();
      reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding');
      if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      const encoding = chosenEncoding(request.headers['accept-encoding']);
      reply.type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
    },
  );
}
