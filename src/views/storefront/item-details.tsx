import type { ReactNode, RefObject } from 'react';
import { formatMoney } from '../../../contracts/shared/money-format';
import type { Currency } from '../../../contracts/shared/restaurants';
import type { StoreCategory } from '../../../contracts/storefront';
import { sizeLabel } from '../shared/size-label';

type Item = StoreCategory['items'][number];

/**
 * The ordering part of an item's dialog, handed in by the page's composition root (the cart
 * belongs to the ordering area); `done` closes the dialog.
 */
export type OrderFormMaker = (item: Item, category: StoreCategory, done: () => void) => ReactNode;

function groupRule(group: StoreCategory['extra_groups'][number]): string {
  if (group.required) return group.allow_multiple ? 'required, choose one or more' : 'required, choose one';
  return group.allow_multiple ? 'optional, choose any' : 'optional, choose up to one';
}

function PriceList({ rows }: { rows: [string, string][] }) {
  return (
    <ul className="plain">
      {rows.map(([name, price]) => (
        <li key={name}>
          <span>{name}</span>
          <span>{price}</span>
        </li>
      ))}
    </ul>
  );
}

/** The item's sizes and prices and each extra group with priced choices, for a page that takes no orders. */
function PriceLists({ item, category, currency }: { item: Item; category: StoreCategory; currency: Currency }) {
  const money = (amount: number) => formatMoney(amount, currency);
  const bySize = new Map(item.prices.map((entry) => [entry.size_id, entry.price]));
  return (
    <>
      {item.price !== null ? (
        <p className="price">{money(item.price)}</p>
      ) : (
        <>
          <h3>Sizes</h3>
          <PriceList rows={category.sizes.filter((size) => bySize.has(size.id)).map((size) => [sizeLabel(size), money(bySize.get(size.id)!)])} />
        </>
      )}
      {category.extra_groups.map((group) => (
        <div key={group.id}>
          <h3>
            {`${group.name} `}
            <span className="muted">{`(${groupRule(group)})`}</span>
          </h3>
          <PriceList rows={group.selections.map((selection) => [selection.name, selection.price > 0 ? `+${money(selection.price)}` : 'included'])} />
        </div>
      ))}
    </>
  );
}

/** The category's primary options, toppings and dressings in words, for a page that takes no orders (the order form offers them as choices). */
function OptionLists({ category }: { category: StoreCategory }) {
  const lists: [string, string[]][] = [
    ...(category.primary_option_sets ?? []).map((set): [string, string[]] => [set.name, set.selections.map((selection) => selection.name)]),
    ['Toppings', category.toppings.map((topping) => topping.name)],
    ['Dressings', category.dressings.map((dressing) => dressing.name)],
  ];
  return lists
    .filter(([, names]) => names.length > 0)
    .map(([heading, names]) => (
      <div key={heading}>
        <h3>{heading}</h3>
        <p>{names.join(', ')}</p>
      </div>
    ));
}

type Shown = { item: Item; category: StoreCategory } | null;

/**
 * The item's dialog: a native modal <dialog> (the browser keeps the focus inside it and closes
 * it on Escape), its name and description, then the order form when the page takes orders, else
 * its price lists with its options in words. The page opens and closes it (store-page.tsx).
 */
export function ItemDialog({
  dialog,
  shown,
  currency,
  orderForm,
  onClosed,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  shown: Shown;
  currency: Currency;
  orderForm: OrderFormMaker | null;
  onClosed: () => void;
}) {
  const close = () => dialog.current?.close();
  return (
    <dialog
      ref={dialog}
      aria-labelledby="item-dialog-title"
      onClose={onClosed}
      // A click on the backdrop lands on the dialog element itself, outside its content.
      onClick={(event) => event.target === event.currentTarget && close()}
    >
      <button className="close" type="button" aria-label="Close" onClick={close}>
        {'\u00d7'}
      </button>
      <div className="dialog-body">
        {shown && (
          <>
            <h2 id="item-dialog-title">{shown.item.name}</h2>
            {shown.item.description && <p className="desc">{shown.item.description}</p>}
            {orderForm ? (
              orderForm(shown.item, shown.category, close)
            ) : (
              <>
                <PriceLists item={shown.item} category={shown.category} currency={currency} />
                <OptionLists category={shown.category} />
              </>
            )}
          </>
        )}
      </div>
    </dialog>
  );
}
