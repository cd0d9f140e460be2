import { json, noContent, refusal } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { DeliveryCheck, DeliveryCheckQuery, Storefront, StorefrontParams } from '../../../contracts/storefront';
import type { AppContext } from '../../app-context';
import { checkDelivery, type ZipDistance } from '../../domain/storefront/delivery-check';
import { storeEtag } from '../../domain/storefront/store-etag';
import { readStorefront } from '../../domain/storefront/storefront';
import { HttpError } from '../../http-error';
import { matchesEtag } from '../shared/etag';
import type { ContractApp } from '../../plugins/contract-types';

const storeNotFound = () => new HttpError(404, 'not_found', 'Store not found.');

/**
 * The store's public data (issue 29), no token needed; rate-limited per client address like
 * every route (server/plugins/security.ts). Unknown and unlaunched slugs answer the same 404.
 */
export async function storefrontRoutes(app: ContractApp, context: AppContext, { zipDistance }: { zipDistance: ZipDistance }) {
  const { db } = context.database;
  const platform = { cardAvailable: context.config.stripe !== undefined };

  // Revalidated on every request (no-cache), so an owner's change shows on the very next one; a
  // client holding the current copy gets 304. The answer is built (a fixed number of queries)
  // before it is compared: its status, which the ETag covers, is computed from it.
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
      const store = await readStorefront(db, request.params.slug, now, platform);
      if (!store) throw storeNotFound();
      const etag = storeEtag(store, now);
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return store satisfies Storefront;
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
