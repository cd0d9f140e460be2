import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createActor, type ActorRefFrom } from 'xstate';
import type { PlacedOrder } from '../../../contracts/ordering';
import type { Currency } from '../../../contracts/shared/restaurants';
import { termsOf } from '../../../contracts/ordering/order-terms';
import { orderLines, subtotalCents } from '../../machines/ordering/cart-lines';
import type { cartMachine } from '../../machines/ordering/cart.machine';
import { offeredFulfilments } from '../../machines/ordering/checkout-rules';
import { checkoutFigures, formToKeep, type checkoutMachine, type CheckoutInput, type KeptForm } from '../../machines/ordering/checkout.machine';
import { useScreen } from '../shared/use-screen';
import { CartPanel } from './cart-panel';
import { CheckoutDialog, type OpenCheckout } from './checkout.view';

export type StoreOrderingProps = {
  cart: ActorRefFrom<typeof cartMachine>;
  /** The checkout machine with the page's delivery check provided. */
  checkout: typeof checkoutMachine;
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
export function StoreOrdering({ cart, checkout, store, now, newKey, details, placed }: StoreOrderingProps) {
  const [news, setNews] = useState('');
  const [open, setOpen] = useState<OpenCheckout | null>(null);
  const kept = useRef<KeptForm | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useScreen(cart, { 'line.added': ({ name, quantity }) => setNews(`Added ${quantity} \u00d7 ${name} to your order.`) });
  // Where delivery is the only way to order, the cart says the minimum before the checkout does.
  const deliveryOnly = offeredFulfilments(store).join() === 'delivery';
  const minimum = deliveryOnly
    ? (subtotal: number) => checkoutFigures({ fulfilment: 'delivery', subtotal, terms: termsOf(store.delivery), store }).minimum
    : undefined;

  const startCheckout = () => {
    const { lines } = cart.getSnapshot().context;
    const input = { store, lines: orderLines(lines), subtotal: subtotalCents(lines), now, newKey, details, kept: kept.current };
    const actor = createActor(checkout, { input });
    actor.start();
    flushSync(() => setOpen({ checkout: actor, lines }));
    dialog.current?.showModal();
    dialog.current?.querySelector<HTMLElement>('#checkout-title')?.focus();
  };

  return (
    <>
      <p className="vh" role="status">
        {news}
      </p>
      <CartPanel cart={cart} currency={store.currency} checkout={startCheckout} minimum={minimum} />
      <CheckoutDialog
        open={open}
        dialog={dialog}
        ended={() => {
          const snapshot = open?.checkout.getSnapshot();
          if (snapshot && !snapshot.hasTag('placed')) kept.current = formToKeep(snapshot.context);
          open?.checkout.stop();
          setOpen(null);
        }}
        placed={(order) => {
          cart.send({ type: 'cart.clear' });
          placed(order);
        }}
      />
    </>
  );
}
