/**
 * The public pages' component trees (issue 42), one module for both ends: the server renders
 * them to the first HTML (server/domain/storefront/store-page/), the browser hydrates the same
 * trees (src/store-page.tsx) with what only it has, `browser`: the cart, the checkout and the
 * delivery check. Like src/store-page.tsx, a composition root: it hands the storefront area's
 * page the ordering area's parts, which neither area may import from the other.
 */
import type { PlacedOrder } from '../contracts/ordering';
import type { StorePageData, Storefront } from '../contracts/storefront';
import type { cartMachine } from './machines/ordering/cart.machine';
import type { DeliveryAnswer } from './services/storefront/delivery-check';
import type { DetailsMemory } from './services/ordering/contact-store';
import { useState } from 'react';
import { clockOf } from '../contracts/shared/clock-format';
import { soldOutNote } from '../contracts/shared/sold-out-words';
import { createActor, type ActorRefFrom } from 'xstate';
import { trackingMachine } from './machines/ordering/tracking.machine';
import { ItemOrderForm } from './views/ordering/item-order-form';
import { StoreOrdering, type CheckoutParts } from './views/ordering/store-ordering';
import { StorePage, type Today } from './views/storefront/store-page';

import { TrackingPage } from './views/ordering/tracking.view';
export { STORE_PAGE_CSS } from './views/storefront/store-styles';

/** What the store page's data block carries: the props of its root, the same on both ends. */
export type StorePageState = { store: Storefront; today: Today };

/** What the tracking page's data block carries. */
export type TrackingPageState = { slug: string; token: string; name: string; logoUrl: string | null };

/** What the cart and the checkout read of the store: the ordering area's shapes, from the storefront's. */
export function storePageData(store: Storefront): StorePageData {
  return {
    slug: store.restaurant.slug,
    currency: store.restaurant.currency,
    pickup_available: store.pickup.available,
    time_zone: store.restaurant.time_zone,
    country: store.restaurant.country ?? null,
    hours: store.hours,
    pickup: store.pickup,
    delivery: store.delivery,
    pause: store.pause ?? null,
    categories: store.categories,
  };
}

/** The browser's part of the store page. */
export type StoreBrowser = {
  cart: ActorRefFrom<typeof cartMachine>;
  /** The checkout's code, fetched apart from the page's script (src/store-checkout.ts). */
  loadCheckout: () => Promise<CheckoutParts>;
  checkZip: (slug: string, zip: string) => Promise<DeliveryAnswer>;
  now: () => Date;
  newKey: () => string;
  /** The contact details this device keeps for the store, if the customer asked. */
  details: DetailsMemory;
  placed: (order: PlacedOrder) => void;
};

export function StoreRoot({ store, today, browser }: StorePageState & { browser?: StoreBrowser }) {
  const data = storePageData(store);
  const ordering = browser && (store.pickup.available || store.delivery.available) ? browser : null;
  return (
    <StorePage
      store={store}
      today={today}
      checkZip={browser && ((zip) => browser.checkZip(data.slug, zip))}
      orderForm={
        ordering
          ? (item, category, done) => (
              <ItemOrderForm
                item={item}
                category={category}
                menu={data.categories}
                currency={data.currency}
                cart={ordering.cart}
                done={done}
                soldOut={soldOutNote(item.sold_out_until, clockOf(store.restaurant), ordering.now())}
              />
            )
          : undefined
      }
    >
      {ordering && (
        <StoreOrdering
          cart={ordering.cart}
          loadCheckout={ordering.loadCheckout}
          store={{ ...data, money: store.money ?? null }}
          now={ordering.now}
          newKey={ordering.newKey}
          details={ordering.details}
          placed={ordering.placed}
        />
      )}
    </StorePage>
  );
}

/** The tracking page of one order: its machine made here, started by the page once it is live. */
export function TrackingRoot({ slug, token, name, logoUrl }: TrackingPageState) {
  const [tracking] = useState(() => createActor(trackingMachine, { input: { token } }));
  return <TrackingPage store={{ name, logoUrl, slug }} tracking={tracking} />;
}
