import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import type { PlacedOrder } from '../../../contracts/ordering';
import type { Currency } from '../../../contracts/shared/restaurants';
import { orderFigures, termsOf } from '../../../contracts/ordering/order-terms';
import { orderLines, subtotalCents } from '../../machines/ordering/cart-lines';
import type { cartMachine } from '../../machines/ordering/cart.machine';
import { offeredFulfilments } from '../../machines/ordering/checkout-rules';
import type { checkoutMachine, CheckoutInput, formToKeep, KeptForm } from '../../machines/ordering/checkout.machine';
import { useScreen } from '../shared/use-screen';
import { CartPanel } from './cart-panel';
import type { CheckoutDialog, OpenCheckout } from './checkout.view';

/**
 * The checkout's code, loaded apart from the store page's first script (src/store-checkout.ts):
 * its machine with the page's delivery check provided, its dialog, and what a closed checkout
 * leaves to the next one. Most visitors only browse; the page fetches these once the cart holds
 * something, so they are there by the time Check out is pressed.
 */
export type CheckoutParts = { machine: typeof checkoutMachine; Dialog: typeof CheckoutDialog; formToKeep: typeof formToKeep };

export const CHECKOUT_UNAVAILABLE = 'The checkout could not be loaded. Check your connection and try again.';

export type StoreOrderingProps = {
  cart: ActorRefFrom<typeof cartMachine>;
  loadCheckout: () => Promise<CheckoutParts>;
  store: CheckoutInput['store'] & { currency: Currency };
  /** What a checkout reads of the browser: its clock and a fresh idempotency key. */
  now: () => Date;
  newKey: () => string;
  /** The contact details kept on this device (src/services/ordering/contact-store.ts). */
  details: CheckoutInput['details'];
  /** The placed order: the page goes to its tracking page. */
  placed: (order: PlacedOrder) => void;
};

/**
 * The store page's ordering parts (issue 30), drawn once the page is hydrated: the cart button
 * and panel, the checkout, and the polite status line that says what was added. A checkout
 * closed before its order is placed leaves its form to the next one (the cart may have changed
 * meanwhile: the next one starts from the cart's lines as they are then).
 */
export function StoreOrdering({ cart, loadCheckout, store, now, newKey, details, placed }: StoreOrderingProps) {
  const [news, setNews] = useState('');
  const [parts, setParts] = useState<CheckoutParts | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [open, setOpen] = useState<OpenCheckout | null>(null);
  const kept = useRef<KeptForm | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const holdsLines = useSelector(cart, (snapshot) => !snapshot.hasTag('empty'));
  useScreen(cart, { 'line.added': ({ name, quantity }) => setNews(`Added ${quantity} \u00d7 ${name} to your order.`) });
  // Fetched ahead once the cart holds something; a failure here is said when Check out is pressed.
  useEffect(() => {
    if (holdsLines) loadCheckout().catch(() => undefined);
  }, [holdsLines, loadCheckout]);
  // Where delivery is the only way to order, the cart says the minimum before the checkout does.
  const deliveryOnly = offeredFulfilments(store).join() === 'delivery';
  const minimum = deliveryOnly ? (subtotal: number) => orderFigures('delivery', subtotal, termsOf(store.delivery), store.currency).minimum : undefined;

  /** Closes the cart and opens a checkout of the cart as it is, once the checkout's code is here. */
  const startCheckout = async (closeCart: () => void) => {
    let loaded: CheckoutParts;
    try {
      loaded = await loadCheckout();
    } catch {
      setUnavailable(CHECKOUT_UNAVAILABLE);
      return;
    }
    setUnavailable(null);
    closeCart();
    const { lines } = cart.getSnapshot().context;
    const input = { store, lines: orderLines(lines), subtotal: subtotalCents(lines), now, newKey, details, kept: kept.current };
    const actor = createActor(loaded.machine, { input });
    actor.start();
    flushSync(() => {
      setParts(loaded);
      setOpen({ checkout: actor, lines });
    });
    dialog.current?.showModal();
    dialog.current?.querySelector<HTMLElement>('#checkout-title')?.focus();
  };

  return (
    <>
      <p className="vh" role="status">
        {news}
      </p>
      <CartPanel cart={cart} currency={store.currency} checkout={(closeCart) => void startCheckout(closeCart)} unavailable={unavailable} minimum={minimum} />
      {parts && (
        <parts.Dialog
          open={open}
          dialog={dialog}
          ended={() => {
            const snapshot = open?.checkout.getSnapshot();
            if (snapshot && !snapshot.hasTag('placed')) kept.current = parts.formToKeep(snapshot.context);
            open?.checkout.stop();
            setOpen(null);
          }}
          placed={(order) => {
            cart.send({ type: 'cart.clear' });
            placed(order);
          }}
        />
      )}
    </>
  );
}
