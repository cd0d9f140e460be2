import { json, noContent, refusal } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { DeliveryCheck, DeliveryCheckQuery, Storefront, StorefrontParams } from '../../../contracts/storefront';
import type { AppContext } from '../../app-context';
import { checkDelivery, type ZipDistance } from '../../domain/storefront/delivery-check';
import { storeEtag } from '../../domain/storefront/store-etag';
import { freshReads } from '../../domain/storefront/store-page/fresh-reads';
import { createPageCache } from '../../domain/storefront/store-page/page-cache';
import { storeTrueUntil } from '../../domain/storefront/store-page/status-window';
import { storeVersion } from '../../domain/storefront/store-page/store-version';
import { readStorefront } from '../../domain/storefront/storefront';
import { HttpError } from '../../http-error';
import { matchesEtag } from '../shared/etag';
import type { ContractApp } from '../../plugins/contract-types';

const storeNotFound = () => new HttpError(404, 'not_found', 'Store not found.');

/** The store's data as answered until `until`, with its ETag. */
type StoreAnswer = { store: Storefront; etag: string; until: number };

/**
 * The store's public data (issue 29), no token needed; rate-limited per client address like
 * every route (server/plugins/security.ts). Unknown and unlaunched slugs answer the same 404.
 */
export async function storefrontRoutes(app: ContractApp, context: AppContext, { zipDistance }: { zipDistance: ZipDistance }) {
  const { db } = context.database;
  const platform = { cardAvailable: context.config.stripe !== undefined };

  // Revalidated on every request (no-cache), so an owner's change shows on the very next one; a
  // client holding the current copy gets 304. Built once per version and kept while true, as the
  // store page is (page-cache.ts): each request reads the restaurant's version (one query), and a
  // build is a dozen queries and 20 ms of CPU on the embedded database, which a flood of this
  // public call would otherwise spend on every request (50 at a time held health checks 1.1 s).
  const answers = createPageCache<StoreAnswer>();
  const versionOf = freshReads((slug) => storeVersion(context.database, slug));
  const storeAnswer = async (slug: string, now: Date): Promise<StoreAnswer | null> => {
    const store = await readStorefront(db, slug, now, platform);
    return store && { store, etag: storeEtag(store, now), until: storeTrueUntil(store, now) };
  };
  app.get(
    `${API_BASE}${paths.storefront(':slug')}`,
    {
      schema: {
        params: StorefrontParams,
        response: {
          200: json(Storefront, 'A launched store: the restaurant, its hours and status now, pickup and delivery terms, the menu. Carries an ETag.'),
          304: noContent('The copy the client holds (If-None-Match) is current.'),
          404: refusal('No launched store has this URL.'),
        },
      },
    },
    async (request, reply) => {
      const now = context.clock();
      const { slug } = request.params;
      const version = await versionOf(slug);
      // A former address is not this call's to follow (the page redirects; the data answers 404).
      const answer = version && version.slug === slug ? await answers.page(version, now, () => storeAnswer(slug, now)) : null;
      if (!answer) throw storeNotFound();
      reply.header('cache-control', 'no-cache').header('etag', answer.etag);
      if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
      return answer.store satisfies Storefront;
    },
  );

  app.get(
    `${API_BASE}${paths.storefrontDelivery(':slug')}`,
    {
      schema: {
        params: StorefrontParams,
        querystring: DeliveryCheckQuery,
        response: {
          200: json(DeliveryCheck, 'Whether the store delivers to the zip code, and on which terms.'),
          404: refusal('No launched store has this URL.'),
        },
      },
    },
    async (request, reply) => {
      const check = await checkDelivery(db, request.params.slug, request.query.zip, zipDistance);
      if (!check) throw storeNotFound();
      return reply.header('cache-control', 'no-cache').send(check satisfies DeliveryCheck);
    },
  );
}
