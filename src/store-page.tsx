/**
 * The public pages' script (issues 29, 42): its own Vite entry, not the back office's bundle. The
 * store page at `/{slug}` and an order's tracking page (`/{slug}/orders/{token}`) come whole from
 * the server, rendered from the very components this script hydrates (src/store-roots.tsx), with
 * their props in the page's data block. React and XState, no Mantine, within the store entry's
 * 100 KB budget (scripts/bundle-check.ts). Like src/main.tsx for the app, a composition root: it
 * hands the services to the machines and views, and the storefront area's delivery check to the
 * ordering area's checkout (src/store-checkout.ts, a chunk of its own fetched when the cart first
 * holds something).
 */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import type { Storefront } from '../contracts/storefront';
import { trackingPagePath } from '../contracts/shared/paths';
import { cartMachine } from './machines/ordering/cart.machine';
import { loadCart, saveCart } from './services/ordering/cart-store';
import { detailsMemory } from './services/ordering/contact-store';
import { newIdempotencyKey } from './services/ordering/place-order';
import { checkDelivery } from './services/storefront/delivery-check';
import { StoreRoot, storePageData, TrackingRoot, type StoreBrowser, type StorePageState, type TrackingPageState } from './store-roots';

const SOLD_OUT_RECHECK_MS = 30_000;

/** The cart (kept per store in the browser), the checkout and the delivery check; `navigate` goes to the placed order's tracking page. */
export function storeBrowser(store: Storefront, navigate: (path: string) => void = (path) => location.assign(path)): StoreBrowser {
  const data = storePageData(store);
  const now = () => new Date();
  const soldOut = { clock: { zone: data.time_zone, country: data.country }, now };
  const cart = createActor(cartMachine, { input: { menu: data.categories, stored: loadCart(data.slug), soldOut } });
  cart.on('cart.changed', ({ lines }) => saveCart(data.slug, lines));
  cart.start();
  // Sold-out times pass on their own (issue 45): the cart reads its lines again every half minute.
  setInterval(() => cart.send({ type: 'clock.tick' }), SOLD_OUT_RECHECK_MS);
  return {
    cart,
    loadCheckout: () => import('./store-checkout').then((chunk) => chunk.checkoutParts),
    checkZip: checkDelivery,
    now,
    newKey: newIdempotencyKey,
    details: detailsMemory(data.slug),
    // A card order is paid on the provider's page first, which sends the customer back to its tracking page.
    placed: (order) =>
      order.payment.checkout_url ? window.location.assign(order.payment.checkout_url) : navigate(trackingPagePath(order.restaurant.slug, order.token)),
  };
}

const read = <T,>(id: string): T | null => {
  const block = document.getElementById(id);
  return block?.textContent ? (JSON.parse(block.textContent) as T) : null;
};

const storeState = read<StorePageState>('store-data');
const trackState = read<TrackingPageState>('track-data');
const root = document.getElementById('page-root');
// Hydration as a transition: React works through the page in slices of a few milliseconds and
// yields between them, so a 120-item menu never holds the main thread in one long task (a phone
// stays responsive to a tap or a scroll meanwhile; Lighthouse's Total Blocking Time counts it).
startTransition(() => {
  if (root && storeState) hydrateRoot(root, <StoreRoot {...storeState} browser={storeBrowser(storeState.store)} />);
  else if (root && trackState) hydrateRoot(root, <TrackingRoot {...trackState} />);
});
