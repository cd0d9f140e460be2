import { useEffect, useRef } from 'react';
import { formatMoney } from '../../../contracts/shared/money-format';
import type { Currency } from '../../../contracts/shared/restaurants';
import type { StoreCategory, Storefront } from '../../../contracts/storefront';
import { followCategories } from './category-nav';

type Item = StoreCategory['items'][number];

/** "until 9:00 PM" while an item is sold out (issue 45), else null: src/views/storefront/use-sold-out.ts. */
export type SoldOutNote = (until: string | null | undefined) => string | null;

/** Opens an item's dialog; `opener` gets the focus back when it closes. */
export type OpenItem = (item: Item, category: StoreCategory, opener: HTMLElement) => void;

/** A category's anchor: by id, so two categories of one name never share it. */
export const categoryAnchor = (category: Pick<StoreCategory, 'id'>) => `category-${category.id}`;

/** Links to each category: plain anchors, so they work before (or without) the page's script, which marks the one being read. */
export function CategoryNav({ store }: { store: Storefront }) {
  const nav = useRef<HTMLElement>(null);
  useEffect(() => (nav.current && 'IntersectionObserver' in window ? followCategories(nav.current) : undefined), []);
  return (
    <nav className="catnav" aria-label="Menu categories" ref={nav}>
      <ul>
        {store.categories.map((category) => (
          <li key={category.id}>
            <a href={`#${categoryAnchor(category)}`}>{category.name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One price, or a price per size ("Small $9.00 · Large $14.00") in the category's size order. */
function ItemPrices({ item, category, currency }: { item: Item; category: StoreCategory; currency: Currency }) {
  if (item.price !== null) return <p className="price">{formatMoney(item.price, currency)}</p>;
  const bySize = new Map(item.prices.map((entry) => [entry.size_id, entry.price]));
  return (
    <ul className="prices" aria-label="Prices by size">
      {category.sizes
        .filter((size) => bySize.has(size.id))
        .map((size) => (
          <li key={size.id}>
            {size.name}
            <b className="price">{formatMoney(bySize.get(size.id)!, currency)}</b>
          </li>
        ))}
    </ul>
  );
}

/**
 * An item card. Its "Details" button opens the sizes and extras in a dialog; it is hidden until
 * the page's script can open one (`open` null before). Images are lazy and sized, so they never
 * move the text while they load.
 */
function ItemCard({
  item,
  category,
  currency,
  open,
  soldOut,
}: {
  item: Item;
  category: StoreCategory;
  currency: Currency;
  open: OpenItem | null;
  soldOut: string | null;
}) {
  return (
    <li className={soldOut ? 'item sold-out' : 'item'}>
      <div>
        <h3>{item.name}</h3>
        {soldOut && (
          <p className="sold-out-note">
            <strong>Sold out</strong> {soldOut}
          </p>
        )}
        {item.description && <p className="desc">{item.description}</p>}
        <ItemPrices item={item} category={category} currency={currency} />
        <button
          className="more"
          type="button"
          aria-haspopup="dialog"
          aria-label={`Details: ${item.name}`}
          hidden={open === null}
          onClick={(event) => open?.(item, category, event.currentTarget)}
        >
          Details
        </button>
      </div>
      {item.image_url && <img src={item.image_url} alt="" width={96} height={96} loading="lazy" decoding="async" />}
    </li>
  );
}

export function MenuSections({ store, open, soldOut }: { store: Storefront; open: OpenItem | null; soldOut: SoldOutNote }) {
  const currency = store.restaurant.currency;
  return (
    <div className="menu" id="menu" tabIndex={-1}>
      {store.categories.length === 0 ? (
        <p>The menu is on its way: check back soon.</p>
      ) : (
        store.categories.map((category) => {
          const anchor = categoryAnchor(category);
          return (
            <section key={category.id} id={anchor} aria-labelledby={`${anchor}-title`}>
              <div className="category-head">
                <h2 id={`${anchor}-title`}>{category.name}</h2>
                {category.description && <p>{category.description}</p>}
              </div>
              {category.image_url && (
                <img className="category-image" src={category.image_url} alt="" width={960} height={300} loading="lazy" decoding="async" />
              )}
              <ul className="items">
                {category.items.map((item) => (
                  <ItemCard key={item.id} item={item} category={category} currency={currency} open={open} soldOut={soldOut(item.sold_out_until)} />
                ))}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}
