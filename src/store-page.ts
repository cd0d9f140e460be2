/**
 * The store page's script (issue 29): its own Vite entry, not the back office's bundle. The page
 * at `/{slug}` is whole without it (menu, prices, hours are in the server's HTML); this adds what
 * needs a script: the category links following the scroll, item details, the zip check, and
 * (issue 30) the cart and checkout. The tracking page of an order (`/{slug}/orders/{token}`)
 * loads this same script, which then follows the order instead. Plain DOM code and XState, no
 * React or Mantine, to stay far under its 60 KB budget (scripts/bundle-check.ts).
 * Like src/main.tsx for the app, this is a composition root: it hands the services to the
 * machines and views, and the storefront area's delivery check to the ordering area's checkout.
 */
import { createActor, fromPromise } from 'xstate';
import type { StorePageData } from '../contracts/storefront';
import { trackingPagePath } from '../contracts/shared/paths';
import { orderLines, subtotalCents } from './machines/ordering/cart-lines';
import { cartMachine } from './machines/ordering/cart.machine';
import { checkoutMachine } from './machines/ordering/checkout.machine';
import { trackingMachine } from './machines/ordering/tracking.machine';
import { loadCart, saveCart } from './services/ordering/cart-store';
import { newIdempotencyKey } from './services/ordering/place-order';
import { checkDelivery } from './services/storefront/delivery-check';
import { cartPanel } from './views/ordering/cart-panel';
import { checkoutView } from './views/ordering/checkout.view';
import { itemOrderForms } from './views/ordering/item-order-form';
import { trackingView } from './views/ordering/tracking.view';
import { element } from './views/shared/dom';
import { followCategories } from './views/storefront/category-nav';
import { enhanceItemDetails } from './views/storefront/item-details';
import { enhanceZipCheck } from './views/storefront/zip-check';

/** The cart, its panel and the checkout, for a store that offers pickup or delivery; `navigate` goes to the placed order's tracking page. */
export function startOrdering(data: StorePageData, navigate: (path: string) => void = (path) => location.assign(path)) {
  const cart = createActor(cartMachine, { input: { menu: data.categories, stored: loadCart(data.slug) } });
  cart.on('cart.changed', ({ lines }) => saveCart(data.slug, lines));
  cart.start();
  const status = element('p', { class: 'vh', role: 'status' });
  document.body.append(status);
  const checkout = checkoutMachine.provide({ actors: { checkZip: fromPromise(({ input }) => checkDelivery(input.slug, input.zip)) } });
  const openCheckout = checkoutView((order) => {
    cart.send({ type: 'cart.clear' });
    navigate(trackingPagePath(order.restaurant.slug, order.token));
  });
  cartPanel(cart, data.currency, () => {
    const { lines } = cart.getSnapshot().context;
    const input = { store: data, lines: orderLines(lines), subtotal: subtotalCents(lines), now: () => new Date(), newKey: newIdempotencyKey };
    openCheckout(createActor(checkout, { input }), lines);
  });
  return itemOrderForms(cart, data.currency, status);
}

const storeBlock = document.getElementById('store-data');
const trackBlock = document.getElementById('track-data');
if (storeBlock?.textContent) {
  const data = JSON.parse(storeBlock.textContent) as StorePageData;
  const nav = document.querySelector<HTMLElement>('.catnav');
  if (nav && 'IntersectionObserver' in window) followCategories(nav);
  enhanceItemDetails(data, data.pickup.available || data.delivery.available ? startOrdering(data) : undefined);
  const form = document.querySelector<HTMLFormElement>('form.zip-check');
  if (form) enhanceZipCheck(form, data, checkDelivery);
} else if (trackBlock?.textContent) {
  const { slug, token } = JSON.parse(trackBlock.textContent) as { slug: string; token: string };
  const root = document.getElementById('tracking')!;
  trackingView(root, document.getElementById('tracking-news')!, createActor(trackingMachine, { input: { token } }), `/${slug}`);
}
