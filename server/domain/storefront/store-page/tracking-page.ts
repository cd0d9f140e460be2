import type { Db } from '../../../db/database';
import { launchedStore } from '../launched-store';
import { html, jsonForScript, raw } from './html';
import { STORE_PAGE_CSS } from './styles';

/**
 * The page at `/{slug}/orders/{token}` (issue 30): a light shell in the store's colours whose
 * script (the store page's own entry, in its tracking mode) reads the order from
 * `GET /api/v2/orders/track/{token}/` and follows it. The server does not look the order up here:
 * the API answers an unknown token's 404, and the script says so. Only a launched store's address
 * gets the shell; `noindex`, since a tracking link is one customer's.
 */
export async function trackingPage(db: Db, slug: string, token: string, scriptSrc: string | null): Promise<string | null> {
  const store = await launchedStore(db, slug);
  if (!store) return null;
  const title = `Your order \u00b7 ${store.name}`;
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta name="theme-color" content="#2b1b12">
<style>${raw(STORE_PAGE_CSS)}</style>
${scriptSrc ? html`<script type="module" src="${scriptSrc}"></script>` : ''}
</head>
<body>
<header class="hero">
<div class="wrap hero-inner">
${store.logoUrl ? html`<img class="logo" src="${store.logoUrl}" alt="${store.name} logo" width="80" height="80">` : ''}
<div><p class="hero-name"><a href="/${slug}">${store.name}</a></p></div>
</div>
</header>
<main class="wrap tracking" id="tracking">
<h1>Your order</h1>
<noscript><p>This page needs JavaScript to show your order. The confirmation email has its details.</p></noscript>
</main>
<p class="vh" role="status" id="tracking-news"></p>
<script type="application/json" id="track-data">${jsonForScript({ slug, token })}</script>
</body>
</html>`}\n`;
}
