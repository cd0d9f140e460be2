import { array, integer, is, max, min, nullable, number, object, optional, string, type Infer } from 'superstruct';
import { LINE_QUANTITY_MAX, ORDER_LINES_MAX } from '../../../contracts/ordering';

/**
 * The cart kept in the browser, per store (`cart:{slug}` in localStorage), so it survives a
 * reload. What is read back is checked for shape (another script, an older version of this one or
 * a hand edit may have left anything there); anything unreadable is an empty cart. Storage that
 * refuses to write (full, private mode) keeps the cart for this page only.
 */
const StoredCart = array(
  object({
    key: string(),
    item_id: integer(),
    size_id: nullable(integer()),
    extra_selection_ids: array(integer()),
    quantity: max(min(integer(), 1), LINE_QUANTITY_MAX),
    note: string(),
    unit_cents: number(),
    // The category model's choices (issue 42): absent in a cart kept before them, which chose none.
    primary_selection_ids: optional(array(integer())),
    removed_topping_ids: optional(array(integer())),
    added_topping_ids: optional(array(integer())),
    dressing_id: optional(nullable(integer())),
  }),
);

/** A line as kept in the browser: what was chosen, and the unit price in cents it was added at. */
export type StoredLine = Infer<typeof StoredCart>[number];

const storageKey = (slug: string) => `cart:${slug}`;

export function loadCart(slug: string): StoredLine[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey(slug)) ?? '[]');
    return is(value, StoredCart) ? value.slice(0, ORDER_LINES_MAX) : [];
  } catch {
    return [];
  }
}

export function saveCart(slug: string, lines: readonly StoredLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(storageKey(slug));
    else localStorage.setItem(storageKey(slug), JSON.stringify(lines));
  } catch {
    // Storage refused: the cart still lives as long as the page.
  }
}
