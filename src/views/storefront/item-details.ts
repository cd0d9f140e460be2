import { formatMoney } from '../../../contracts/shared/money-format';
import type { StorePageData } from '../../../contracts/storefront';
import { element } from '../shared/dom';

type Category = StorePageData['categories'][number];
type Item = Category['items'][number];

const priceList = (rows: [string, string][]) =>
  element('ul', { class: 'plain' }, ...rows.map(([name, price]) => element('li', {}, element('span', {}, name), element('span', {}, price))));

function groupRule(group: Category['extra_groups'][number]): string {
  if (group.required) return group.allow_multiple ? 'required, choose one or more' : 'required, choose one';
  return group.allow_multiple ? 'optional, choose any' : 'optional, choose up to one';
}

/**
 * Builds the ordering part of an item's dialog (handed in by the page's composition root, since
 * the cart belongs to the ordering area); `done` closes the dialog.
 */
export type OrderFormMaker = (item: Item, category: Category, done: () => void) => Node;

/** The item's sizes and prices and each extra group with priced choices, for a page that takes no orders. */
function priceLists(item: Item, category: Category, money: (amount: number) => string): Node[] {
  const parts: Node[] = [];
  if (item.price !== null) {
    parts.push(element('p', { class: 'price' }, money(item.price)));
  } else {
    const bySize = new Map(item.prices.map((entry) => [entry.size_id, entry.price]));
    const sizes = category.sizes.filter((size) => bySize.has(size.id));
    parts.push(
      element('h3', {}, 'Sizes'),
      priceList(
        sizes.map((size) => [
          size.units !== null && size.measurement ? `${size.name} (${size.units} ${size.measurement.toLowerCase()})` : size.name,
          money(bySize.get(size.id)!),
        ]),
      ),
    );
  }
  for (const group of category.extra_groups) {
    parts.push(
      element('h3', {}, `${group.name} `, element('span', { class: 'muted' }, `(${groupRule(group)})`)),
      priceList(group.selections.map((selection) => [selection.name, selection.price > 0 ? `+${money(selection.price)}` : 'included'])),
    );
  }
  return parts;
}

/** The dialog's content for one item: its name and description, then the order form or its price lists, toppings, dressings. */
function details(item: Item, category: Category, currency: StorePageData['currency'], ordering: Node | null): Node[] {
  const money = (amount: number) => formatMoney(amount, currency);
  const parts: Node[] = [element('h2', { id: 'item-dialog-title' }, item.name)];
  if (item.description) parts.push(element('p', { class: 'desc' }, item.description));
  parts.push(...(ordering ? [ordering] : priceLists(item, category, money)));
  if (category.toppings.length > 0) parts.push(element('h3', {}, 'Toppings'), element('p', {}, category.toppings.map((topping) => topping.name).join(', ')));
  if (category.dressings.length > 0)
    parts.push(element('h3', {}, 'Dressings'), element('p', {}, category.dressings.map((dressing) => dressing.name).join(', ')));
  return parts;
}

/**
 * Each item's "Details" button (hidden in the page until now) opens a native modal <dialog>
 * with the item's sizes and extras, from the page's data block (no second request), and the
 * form that adds it to the order when the page takes orders. The
 * browser keeps focus inside it and closes it on Escape; on close, focus goes back to the
 * button that opened it.
 */
export function enhanceItemDetails(data: StorePageData, orderForm?: OrderFormMaker): void {
  const items = new Map<number, { item: Item; category: Category }>();
  for (const category of data.categories) for (const item of category.items) items.set(item.id, { item, category });
  const body = element('div', { class: 'dialog-body' });
  const close = element('button', { class: 'close', type: 'button', 'aria-label': 'Close' }, '\u00d7');
  const dialog = element('dialog', { 'aria-labelledby': 'item-dialog-title' }, close, body);
  document.body.append(dialog);
  let opener: HTMLElement | null = null;
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop lands on the dialog element itself, outside its content.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => opener?.focus());
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-item]')) {
    const found = items.get(Number(button.dataset.item));
    if (!found) continue;
    button.hidden = false;
    button.addEventListener('click', () => {
      opener = button;
      body.replaceChildren(
        ...details(found.item, found.category, data.currency, orderForm ? orderForm(found.item, found.category, () => dialog.close()) : null),
      );
      dialog.showModal();
      close.focus();
    });
  }
}
