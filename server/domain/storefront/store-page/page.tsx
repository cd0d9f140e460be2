import type { Storefront } from '../../../../contracts/storefront';
import type { WallClock } from '../../../../contracts/shared/opening-status';
import { metaDescription } from '../../../../contracts/storefront/store-words';
import { StoreRoot, type StorePageState } from '../../../../src/store-roots';
import { JsonScript, renderDocument } from './document';
import { restaurantJsonLd } from './json-ld';

/**
 * The store page, whole, as one HTML string from the `Storefront` (issues 29 and 42): the body is
 * the store's React tree (src/store-roots.tsx), which the page's script hydrates with the same
 * props from the data block; the head names the store for search engines and link previews.
 */
export type StorePageOptions = {
  /** The store's public origin, e.g. "https://example.com" (config PUBLIC_URL). */
  origin: string;
  /** The built store script's path, or null when the app is not built (the page works without it). */
  scriptSrc: string | null;
  /** The restaurant's wall clock now: which weekday is today, which special day is today's. */
  today: Pick<WallClock, 'date' | 'weekday'>;
};

/** Where the page lives and what it links to, all absolute (crawlers and link previews need full URLs). */
function StoreHead({ store, url, absolute }: { store: Storefront; url: string; absolute: (path: string) => string }) {
  const { restaurant } = store;
  const title = `${restaurant.name} \u00b7 Order online`;
  const description = metaDescription(store);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="restaurant.restaurant" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {restaurant.logo_url && <meta property="og:image" content={absolute(restaurant.logo_url)} />}
      <JsonScript type="application/ld+json" value={restaurantJsonLd(store, url, absolute)} />
    </>
  );
}

export function renderStorePage(store: Storefront, options: StorePageOptions): string {
  const absolute = (path: string) => new URL(path, `${options.origin}/`).toString();
  const url = absolute(`/${store.restaurant.slug}`);
  const state: StorePageState = { store, today: { date: options.today.date, weekday: options.today.weekday } };
  return renderDocument({
    head: <StoreHead store={store} url={url} absolute={absolute} />,
    root: <StoreRoot {...state} />,
    dataId: 'store-data',
    data: state,
    scriptSrc: options.scriptSrc,
  });
}
