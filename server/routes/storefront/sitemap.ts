import { textFile } from '../../../contracts/shared/answers';
import type { AppContext } from '../../app-context';
import { launchedStores, sitemapXml } from '../../domain/storefront/sitemap';
import type { ContractApp } from '../../plugins/contract-types';

/**
 * GET /sitemap.xml: every launched store's page, for crawlers (robots.txt names it). Registered
 * by name: a path with an extension is never one of the app's pages (server/plugins/static-app.ts).
 */
export async function sitemapRoutes(app: ContractApp, context: AppContext) {
  app.get(
    '/sitemap.xml',
    { schema: { response: { 200: textFile('application/xml', "The launched stores' pages, with when each last changed (sitemaps.org 0.9).") } } },
    async (_request, reply) => {
      const xml = sitemapXml(context.config.publicUrl, await launchedStores(context.database.db));
      return reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(xml);
    },
  );
}
