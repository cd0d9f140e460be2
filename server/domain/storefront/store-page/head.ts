import type { Storefront } from '../../../../contracts/storefront';
import { html, jsonForScript, raw, type Html } from './html';
import { restaurantJsonLd } from './json-ld';
import { STORE_PAGE_CSS } from './styles';
import { metaDescription } from './words';

/** Where the page lives and what it links to, all absolute (crawlers and link previews need full URLs). */
export type PageAddress = { url: string; absolute: (path: string) => string };

/** The <head>: title, description, canonical link, Open Graph, the schema.org data and the style sheet. */
export function pageHead(store: Storefront, address: PageAddress, scriptSrc: string | null): Html {
  const { restaurant } = store;
  const title = `${restaurant.name} \u00b7 Order online`;
  const description = metaDescription(store);
  return html`<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${description}">
<link rel="canonical" href="${address.url}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta property="og:type" content="restaurant.restaurant">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${address.url}">
${restaurant.logo_url ? html`<meta property="og:image" content="${address.absolute(restaurant.logo_url)}">` : ''}
<meta name="theme-color" content="#2b1b12">
<style>${raw(STORE_PAGE_CSS)}</style>
<script type="application/ld+json">${jsonForScript(restaurantJsonLd(store, address.url, address.absolute))}</script>
${scriptSrc ? html`<script type="module" src="${scriptSrc}"></script>` : ''}
</head>`;
}
