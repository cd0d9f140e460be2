/**
 * The store page's script (issue 29): its own Vite entry, not the back office's bundle. The page
 * at `/{slug}` is whole without it (menu, prices, hours are in the server's HTML); this adds what
 * needs a script: the category links following the scroll, item details, the zip check. Plain
 * DOM code, no React or Mantine, to stay far under its 60 KB budget (scripts/bundle-check.ts).
 * Like src/main.tsx for the app, this is a composition root: it hands the service's call to the views.
 */
import type { StorePageData } from '../contracts/storefront';
import { checkDelivery } from './services/storefront/delivery-check';
import { followCategories } from './views/storefront/category-nav';
import { enhanceItemDetails } from './views/storefront/item-details';
import { enhanceZipCheck } from './views/storefront/zip-check';

const block = document.getElementById('store-data');
if (block?.textContent) {
  const data = JSON.parse(block.textContent) as StorePageData;
  const nav = document.querySelector<HTMLElement>('.catnav');
  if (nav && 'IntersectionObserver' in window) followCategories(nav);
  enhanceItemDetails(data);
  const form = document.querySelector<HTMLFormElement>('form.zip-check');
  if (form) enhanceZipCheck(form, data, checkDelivery);
}
