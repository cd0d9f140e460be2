import { and, eq, isNotNull } from 'drizzle-orm';
import { TrackingRoot, type TrackingPageState } from '../../../../src/store-roots';
import type { Database, Db } from '../../../db/database';
import { onboardings, restaurants } from '../../../db/schema';
import { freshReads } from './fresh-reads';
import { renderDocument } from './document';
import { createPageCache } from './page-cache';
import { storeVersion, type StoreVersion } from './store-version';

/** What the tracking page shows of its store; true for as long as the restaurant's version lasts. */
type TrackingStore = { name: string; logoUrl: string | null; slug: string; until: number };

/** The answer to `/{slug}/orders/{token}`: the page, the address to send the customer to, or none (the app answers). */
export type TrackingAnswer = { html: string } | { redirect: string } | null;

async function trackingStore(db: Db, restaurantId: number): Promise<TrackingStore | null> {
  const [row] = await db
    .select({ name: restaurants.name, logoUrl: restaurants.logoUrl, slug: restaurants.slug })
    .from(restaurants)
    .innerJoin(onboardings, and(eq(onboardings.restaurantId, restaurants.id), isNotNull(onboardings.launchedAt)))
    .where(eq(restaurants.id, restaurantId));
  return row?.slug ? { name: row.name ?? '', logoUrl: row.logoUrl, slug: row.slug, until: Number.POSITIVE_INFINITY } : null;
}

/**
 * The page (issue 30): the store's header and the tracking machine's first state, rendered from
 * the same component the store page's script then hydrates (src/store-roots.tsx), which reads the
 * order from `GET /api/v2/orders/track/{token}/` and follows it; `noindex`, since a tracking link
 * is one customer's.
 */
function renderTrackingPage(store: TrackingStore, token: string, scriptSrc: string | null): string {
  const state: TrackingPageState = { slug: store.slug, token, name: store.name, logoUrl: store.logoUrl };
  return renderDocument({
    head: (
      <>
        <meta name="robots" content="noindex" />
        <meta name="referrer" content="no-referrer" />
        <title>{`Your order \u00b7 ${store.name}`}</title>
      </>
    ),
    root: <TrackingRoot {...state} />,
    dataId: 'track-data',
    data: state,
    scriptSrc,
  });
}

/**
 * Tracking pages, from the order's own restaurant whatever store address they are reached by
 * (issue 40, item 16): an order's token under another store's slug, or a former slug, is sent
 * to its restaurant's current address, so no store ever frames another's order. A token no
 * order has gets the shell of the store it was asked under (its script says the order is not
 * found), as before. One lookup per load (the order's restaurant and version, shared by the
 * loads in flight); the store's part is drawn once per version (issue 40, item 18).
 */
export function trackingPages(
  database: Database,
  { scriptSrc, orderStore }: { scriptSrc: string | null; orderStore: (token: string) => Promise<StoreVersion | null> },
) {
  const stores = createPageCache<TrackingStore>();
  const storeOfOrder = freshReads(orderStore);
  const storeAt = freshReads((slug) => storeVersion(database, slug));
  return async (slug: string, token: string, now: Date): Promise<TrackingAnswer> => {
    const store = (await storeOfOrder(token)) ?? (await storeAt(slug));
    if (!store) return null;
    if (store.slug !== slug) return { redirect: `/${store.slug}/orders/${token}` };
    const shown = await stores.page(store, now, () => trackingStore(database.db, store.id));
    return shown && { html: renderTrackingPage(shown, token, scriptSrc) };
  };
}
