import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { LINE_QUANTITY_MAX } from '../../../contracts/ordering';
import { formatMoney } from '../../../contracts/shared/money-format';
import type { Currency } from '../../../contracts/shared/restaurants';
import { lineCents } from '../../../contracts/ordering/order-pricing';
import { itemCount, subtotalCents, type CartLine } from '../../machines/ordering/cart-lines';
import type { cartMachine } from '../../machines/ordering/cart.machine';

type Cart = ActorRefFrom<typeof cartMachine>;

export const lineTitle = (line: Pick<CartLine, 'name' | 'size_name'>) => (line.size_name ? `${line.name} (${line.size_name})` : line.name);
const count = (items: number) => `${items} ${items === 1 ? 'item' : 'items'}`;

/** A line's words: what it is (after `prefix`, such as its quantity), what was chosen with it, its note. */
export function LineDetails({ line, prefix = '' }: { line: CartLine; prefix?: string }) {
  return (
    <>
      <strong>{`${prefix}${lineTitle(line)}`}</strong>
      {line.extras.length > 0 && <span className="muted line-extras">{line.extras.join(', ')}</span>}
      {line.note && <span className="muted line-extras">{`Note: ${line.note}`}</span>}
    </>
  );
}

function LineRow({ line, cart, money, heading }: { line: CartLine; cart: Cart; money: (cents: number) => string; heading: () => void }) {
  const title = lineTitle(line);
  const step = (label: string, to: number, sign: string) => (
    <button
      className="step"
      type="button"
      aria-label={`${label}: ${title}`}
      disabled={to < 1 || to > LINE_QUANTITY_MAX}
      onClick={() => {
        cart.send({ type: 'line.quantity', key: line.key, quantity: to });
        // The button just pressed is now disabled at either end: the focus goes to the heading.
        const next = to + (to > line.quantity ? 1 : -1);
        if (next < 1 || next > LINE_QUANTITY_MAX) heading();
      }}
    >
      {sign}
    </button>
  );
  const total = money(lineCents(line));
  return (
    <li className={line.problem ? 'cart-line flagged' : 'cart-line'}>
      <div className="line-main">
        <LineDetails line={line} />
        {line.problem ? (
          <p className="field-error">{line.problem}</p>
        ) : (
          <div className="quantity" role="group" aria-label={`Quantity of ${title}`}>
            {step('One less', line.quantity - 1, '\u2212')}
            <span className="count">{line.quantity}</span>
            {step('One more', line.quantity + 1, '+')}
          </div>
        )}
      </div>
      <div className="line-side">
        {line.problem ? <s className="muted">{total}</s> : <span>{total}</span>}
        <button
          className="link-button"
          type="button"
          aria-label={`Remove ${title}`}
          onClick={() => {
            cart.send({ type: 'line.remove', key: line.key });
            heading();
          }}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/**
 * The cart button (fixed at the foot of the window while the cart holds something: its count and
 * subtotal) and the cart panel, a native modal <dialog> where quantities change and lines go. A
 * line the menu no longer matches shows why and costs nothing; while one does, Check out is
 * replaced by what to do. `checkout` starts the checkout with the cart as it is, closing the
 * panel through the function it is given once the checkout can open (`unavailable` says why it
 * could not). `minimum`, where delivery is the only way to order, says what the subtotal lacks
 * (the order engine's sentence).
 */
export function CartPanel({
  cart,
  currency,
  checkout,
  unavailable = null,
  minimum,
}: {
  cart: Cart;
  currency: Currency;
  checkout: (closeCart: () => void) => void;
  unavailable?: string | null;
  minimum?: (subtotal: number) => string | null;
}) {
  const lines = useSelector(cart, (snapshot) => snapshot.context.lines);
  const empty = useSelector(cart, (snapshot) => snapshot.hasTag('empty'));
  const flagged = useSelector(cart, (snapshot) => snapshot.hasTag('flagged'));
  const ready = useSelector(cart, (snapshot) => snapshot.hasTag('ready'));
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const money = (amountCents: number) => formatMoney(amountCents / 100, currency);
  const subtotal = subtotalCents(lines);
  const short = minimum?.(subtotal) ?? null;
  const close = () => dialog.current?.close();

  return (
    <>
      <button
        ref={button}
        className="cart-button"
        type="button"
        aria-haspopup="dialog"
        hidden={empty}
        onClick={() => {
          dialog.current?.showModal();
          heading.current?.focus();
        }}
      >
        <span>{`Your order \u00b7 ${count(itemCount(lines))} \u00b7 ${money(subtotal)}`}</span>
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="cart-title"
        className="cart"
        onClose={() => button.current && !button.current.hidden && button.current.focus()}
        onClick={(event) => event.target === event.currentTarget && close()}
      >
        <button className="close" type="button" aria-label="Close your order" onClick={close}>
          {'\u00d7'}
        </button>
        <div className="dialog-body">
          <h2 id="cart-title" tabIndex={-1} ref={heading}>
            Your order
          </h2>
          <ul className="plain cart-lines">
            {lines.length === 0 ? (
              <li>Your order is empty.</li>
            ) : (
              lines.map((line) => <LineRow key={line.key} line={line} cart={cart} money={money} heading={() => heading.current?.focus()} />)
            )}
          </ul>
          <div className="cart-footer">
            <p className="subtotal">
              <span>Subtotal</span>
              <strong>{money(subtotal)}</strong>
            </p>
            {short && <p className="field-error">{short}</p>}
            {flagged && <p className="field-error">Please remove the marked lines before you check out.</p>}
            {ready && (
              <button className="button wide" type="button" aria-describedby={unavailable ? 'checkout-unavailable' : undefined} onClick={() => checkout(close)}>
                Check out
              </button>
            )}
            {ready && unavailable && (
              <p className="field-error" id="checkout-unavailable" role="alert">
                {unavailable}
              </p>
            )}
          </div>
        </div>
      </dialog>
    </>
  );
}
