import type { ActorRefFrom } from 'xstate';
import { LINE_QUANTITY_MAX } from '../../../contracts/ordering';
import { formatMoney } from '../../../contracts/shared/money-format';
import { lineCents } from '../../../contracts/ordering/order-pricing';
import type { Currency } from '../../../contracts/shared/restaurants';
import { itemCount, subtotalCents, type CartLine } from '../../machines/ordering/cart-lines';
import type { cartMachine } from '../../machines/ordering/cart.machine';
import { element } from '../shared/dom';

type Cart = ActorRefFrom<typeof cartMachine>;

export const lineTitle = (line: Pick<CartLine, 'name' | 'size_name'>) => (line.size_name ? `${line.name} (${line.size_name})` : line.name);
const count = (items: number) => `${items} ${items === 1 ? 'item' : 'items'}`;

/** A line's words: what it is (after `prefix`, such as its quantity), what was chosen with it, its note. */
export function lineDetails(line: CartLine, prefix = ''): HTMLElement[] {
  return [
    element('strong', {}, `${prefix}${lineTitle(line)}`),
    ...(line.extras.length > 0 ? [element('span', { class: 'muted line-extras' }, line.extras.join(', '))] : []),
    ...(line.note ? [element('span', { class: 'muted line-extras' }, `Note: ${line.note}`)] : []),
  ];
}

/**
 * The cart button (fixed at the foot of the window while the cart holds something: its count and
 * subtotal) and the cart panel, a native modal <dialog> where quantities change and lines go. A
 * line the menu no longer matches shows why and costs nothing; while one does, Check out is
 * replaced by what to do. `checkout` starts the checkout with the cart as it is.
 */
export function cartPanel(cart: Cart, currency: Currency, checkout: () => void) {
  const money = (amountCents: number) => formatMoney(amountCents / 100, currency);
  const summary = element('span', {});
  const button = element('button', { class: 'cart-button', type: 'button', 'aria-haspopup': 'dialog', hidden: '' }, summary);
  const heading = element('h2', { id: 'cart-title', tabindex: '-1' }, 'Your order');
  const list = element('ul', { class: 'plain cart-lines' });
  const footer = element('div', { class: 'cart-footer' });
  const close = element('button', { class: 'close', type: 'button', 'aria-label': 'Close your order' }, '\u00d7');
  const dialog = element('dialog', { 'aria-labelledby': 'cart-title', class: 'cart' }, close, element('div', { class: 'dialog-body' }, heading, list, footer));
  document.body.append(button, dialog);
  let refocus: string | null = null;

  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => {
    if (!button.hidden) button.focus();
  });
  button.addEventListener('click', () => {
    dialog.showModal();
    heading.focus();
  });

  const lineRow = (line: CartLine): HTMLElement => {
    const title = lineTitle(line);
    const quantityButton = (label: string, to: number, sign: string) => {
      const made = element('button', { class: 'step', type: 'button', 'aria-label': `${label}: ${title}`, 'data-focus': `${label}-${line.key}` }, sign);
      made.disabled = to < 1 || to > LINE_QUANTITY_MAX;
      made.addEventListener('click', () => {
        refocus = made.dataset.focus!;
        cart.send({ type: 'line.quantity', key: line.key, quantity: to });
      });
      return made;
    };
    const remove = element('button', { class: 'link-button', type: 'button', 'aria-label': `Remove ${title}` }, 'Remove');
    remove.addEventListener('click', () => {
      refocus = null;
      cart.send({ type: 'line.remove', key: line.key });
    });
    const controls = line.problem
      ? element('p', { class: 'field-error' }, line.problem)
      : element(
          'div',
          { class: 'quantity', role: 'group', 'aria-label': `Quantity of ${title}` },
          quantityButton('One less', line.quantity - 1, '\u2212'),
          element('span', { class: 'count' }, String(line.quantity)),
          quantityButton('One more', line.quantity + 1, '+'),
        );
    const price = line.problem
      ? element('s', { class: 'muted' }, money(lineCents(line)))
      : element('span', {}, money(lineCents(line)));
    return element(
      'li',
      { class: line.problem ? 'cart-line flagged' : 'cart-line' },
      element('div', { class: 'line-main' }, ...lineDetails(line), controls),
      element('div', { class: 'line-side' }, price, remove),
    );
  };

  function render() {
    const snapshot = cart.getSnapshot();
    const { lines } = snapshot.context;
    const subtotal = subtotalCents(lines);
    button.hidden = snapshot.hasTag('empty');
    summary.textContent = `Your order \u00b7 ${count(itemCount(lines))} \u00b7 ${money(subtotal)}`;
    list.replaceChildren(...(lines.length === 0 ? [element('li', {}, 'Your order is empty.')] : lines.map(lineRow)));
    const checkoutButton = element('button', { class: 'button wide', type: 'button' }, 'Check out');
    checkoutButton.addEventListener('click', () => {
      dialog.close();
      checkout();
    });
    footer.replaceChildren(
      element('p', { class: 'subtotal' }, element('span', {}, 'Subtotal'), element('strong', {}, money(subtotal))),
      ...(snapshot.hasTag('flagged') ? [element('p', { class: 'field-error' }, 'Please remove the marked lines before you check out.')] : []),
      ...(snapshot.hasTag('ready') ? [checkoutButton] : []),
    );
    if (!dialog.open) return;
    const again = refocus ? list.querySelector<HTMLElement>(`[data-focus="${refocus}"]`) : null;
    (again && !(again as HTMLButtonElement).disabled ? again : heading).focus();
  }
  cart.subscribe(render);
  render();
}
