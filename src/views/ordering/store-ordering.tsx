import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createActor, type ActorRefFrom } from 'xstate';
import type { PlacedOrder } from '../../../contracts/ordering';
import type { Currency } from '../../../contracts/shared/restaurants';
import { orderLines, subtotalCents } from '../../machines/ordering/cart-lines';
import type { cartMachine } from '../../machines/ordering/cart.machine';
import type { checkoutMachine, CheckoutInput } from '../../machines/ordering/checkout.machine';
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
  /** The placed order: the page goes to its tracking page. */
  placed: (order: PlacedOrder) => void;
};

/**
 * The store page's ordering parts (issue 30), drawn once the page is hydrated: the cart button
 * and panel, the checkout, and the polite status line that says what was added.
 */
export function StoreOrdering({ cart, checkout, store, now, newKey, placed }: StoreOrderingProps) {
  const [news, setNews] = useState('');
  const [open, setOpen] = useState<OpenCheckout | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useScreen(cart, { 'line.added': ({ name, quantity }) => setNews(`Added ${quantity} \u00d7 ${name} to your order.`) });

  const startCheckout = () => {
    const { lines } = cart.getSnapshot().context;
    const actor = createActor(checkout, { input: { store, lines: orderLines(lines), subtotal: subtotalCents(lines), now, newKey } });
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
      <CartPanel cart={cart} currency={store.currency} checkout={startCheckout} />
      <CheckoutDialog
        open={open}
        dialog={dialog}
        ended={() => {
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
