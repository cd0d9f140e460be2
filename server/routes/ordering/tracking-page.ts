import { is } from 'superstruct';
import { binaryFile, noContent } from '../../../contracts/shared/answers';
import { TrackParams } from '../../../contracts/ordering';
import type { ContractApp } from '../../plugins/contract-types';
import { pageRateLimit } from '../shared/page-rate-limit';

/**
 * An order's tracking page, `/{slug}/orders/{token}`: two segments below a store's address, so it
 * never shadows the app's own top-level paths (their names are reserved as slugs, see
 * tests/architecture/reserved-slugs.test.ts), and a path that is not a launched store's, or whose
 * last segment cannot be a token, goes to the not-found handler (the app's index.html) as before.
 */
export const TRACKING_PAGE_ROUTE = '/:slug(^[a-z0-9-]{1,63}$)/orders/:token';

/**
 * Handed over by server/app.ts: the storefront area draws the page in the order's own store's
 * colours, or names that store's address when the link was reached by another; null when
 * neither the order nor a launched store is found.
 */
export type TrackingPage = (slug: string, token: string) => Promise<{ html: string } | { redirect: string } | null>;

export async function trackingPageRoutes(app: ContractApp, { page, rateLimitPerMinute }: { page: TrackingPage; rateLimitPerMinute: number }) {
  app.get<{ Params: { slug: string; token: string } }>(
    TRACKING_PAGE_ROUTE,
    {
      ...pageRateLimit(rateLimitPerMinute),
      schema: {
        response: {
          200: binaryFile('text/html', 'The order tracking page; its script reads the order from the tracking API.'),
          302: noContent("The order's own store's tracking address: the link named a former address of the store, or another store."),
          429: binaryFile('text/html', 'Too many page loads from this address; `Retry-After` says when to try again.'),
        },
      },
    },
    async (request, reply) => {
      const { slug, token } = request.params;
      const answer = is({ token }, TrackParams) ? await page(slug, token) : null;
      if (answer === null) return reply.callNotFound();
      // The address carries the order's token: never cached by a shared cache, never sent on as a Referer.
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
      if ('redirect' in answer) return reply.redirect(answer.redirect, 302);
      return reply.type('text/html; charset=utf-8').send(answer.html);
    },
  );
}
