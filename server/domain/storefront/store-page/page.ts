import type { StorePageData, Storefront } from '../../../../contracts/storefront';
import type { WallClock } from '../../../../contracts/shared/opening-status';
import { pageFooter, pageHeader } from './header';
import { pageHead, type PageAddress } from './head';
import { html, jsonForScript } from './html';
import { infoColumn } from './info';
import { categoryNav, menuSections } from './menu-sections';

/**
 * The store page, whole, as one HTML string built from the `Storefront` (issue 29, item 2).
 *
 * Plain template functions rather than React on the server: the page is static markup that a
 * small script enhances, so rendering it needs no component tree, no hydration and none of the
 * app's bundle; a render of 120 items is a few string joins, and the server keeps no React.
 * Every owner's text goes through `html`'s escaping (html.ts).
 */
export type StorePageOptions = {
  /** The store's public origin, e.g. "https://example.com" (config PUBLIC_URL). */
  origin: string;
  /** The built store script's path, or null when the app is not built (the page works without it). */
  scriptSrc: string | null;
  /** The restaurant's wall clock now: which weekday is today, which special day is today's. */
  today: Pick<WallClock, 'date' | 'weekday'>;
};

/** What the script needs that the markup does not carry: sizes, extras, toppings and dressings per item. */
function scriptData(store: Storefront): StorePageData {
  return {
    slug: store.restaurant.slug,
    currency: store.restaurant.currency,
    pickup_available: store.pickup.available,
    time_zone: store.restaurant.time_zone,
    country: store.restaurant.country ?? null,
    hours: store.hours,
    pickup: store.pickup,
    delivery: store.delivery,
    categories: store.categories.map(({ id, sizes, items, extra_groups, toppings, dressings }) => ({
      id,
      sizes,
      extra_groups,
      toppings,
      dressings,
      items: items.map(({ id: itemId, name, description, price, prices }) => ({ id: itemId, name, description, price, prices })),
    })),
  };
}

export function renderStorePage(store: Storefront, options: StorePageOptions): string {
  const absolute = (path: string) => new URL(path, `${options.origin}/`).toString();
  const address: PageAddress = { url: absolute(`/${store.restaurant.slug}`), absolute };
  const todaySpecial = store.hours.special_days.find((day) => day.date === options.today.date);
  return `<!doctype html>\n${html`<html lang="en">
${pageHead(store, address, options.scriptSrc)}
<body>
<a class="skip" href="#menu">Skip to the menu</a>
${pageHeader(store, todaySpecial)}
${store.categories.length > 0 ? categoryNav(store) : ''}
<main class="wrap layout">
${infoColumn(store, options.today)}
${menuSections(store)}
</main>
${pageFooter(store)}
<script type="application/json" id="store-data">${jsonForScript(scriptData(store))}</script>
</body>
</html>`}\n`;
}
