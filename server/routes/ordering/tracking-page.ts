import { is } from 'superstruct';
import { binaryFile } from '../../../contracts/shared/answers';
import { TrackParams } from '../../../contracts/ordering';
import type { ContractApp } from '../../plugins/contract-types';

/**
 * An order's tracking page, `/{slug}/orders/{token}`: two segments below a store's address, so it
 * never shadows the app's own top-level paths (their names are reserved as slugs, see
 * tests/architecture/reserved-slugs.test.ts), and a path that is not a launched store's, or whose
 * last segment cannot be a token, goes to the not-found handler (the app's index.html) as before.
 */
export const TRACKING_PAGE_ROUTE = '/:slug(^[a-z0-9-]{1,63}$)/orders/:token';

/** Handed over by server/app.ts: the storefront area renders the page in the store's colours; null when no launched store has the slug. */
export type TrackingPage = (slug: string, token: string) => Promise<string | null>;

export async function trackingPageRoutes(app: ContractApp, { page }: { page: TrackingPage }) {
  app.get<{ Params: { slug: string; token: string } }>(
    TRACKING_PAGE_ROUTE,
    { schema: { response: { 200: binaryFile('text/html', 'The order tracking page; its script reads the order from the tracking API.') } } },
    async (request, reply) => {
      const { slug, token } = request.params;
      const shell = is({ token }, TrackParams) ? await page(slug, token) : null;
      if (shell === null) return reply.callNotFound();
      // The address carries the order's token: never cached by a shared cache, never sent on as a Referer.
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
      return reply.type('text/html; charset=utf-8').send(shell);
    },
  );
}
