import { LINE_NOTE_MAX, LINE_QUANTITY_MAX, ORDER_MESSAGES, type OrderingCategory, type OrderLineInput } from '../../../contracts/ordering';
import type { StoredLine } from '../../services/ordering/cart-store';

/**
 * The cart's rules, pure (issue 30): what a choice of the item dialog costs, what is wrong with
 * it, and whether a line kept in the browser still matches the menu the page carries now. Money
 * is counted in integer cents here; the server prices the order again and is the only judge.
 */

/**
 * What ordering reads of the store (issue 30), as shapes of its own: the storefront area's page
 * data (StorePageData) has these fields, and the page's composition root hands it over, so the
 * ordering area never imports the storefront's contract.
 */
export type OrderingMenu = ReadonlyArray<
  Omit<OrderingCategory, 'sizes'> & { sizes: ReadonlyArray<OrderingCategory['sizes'][number] & { units: number | null; measurement: string | null }> }
>;
export type StoreMenu = OrderingMenu;
type Category = StoreMenu[number];
type Item = Category['items'][number];

/** What the customer picked in the item dialog; what a line of the order body is made of. */
export type CartChoice = { item_id: number; size_id: number | null; extra_selection_ids: number[]; quantity: number; note: string };

export type { StoredLine };

/** A line as the cart shows it: named from the menu, and `problem` when the menu no longer matches it (never charged). */
export type CartLine = StoredLine & { name: string; size_name: string; extras: string[]; problem: string | null };

export const cents = (amount: number) => Math.round(amount * 100);

export const LINE_PROBLEMS = {
  gone: 'No longer on the menu. Please remove this line.',
  changed: 'This item changed since you added it. Please remove this line and add it again.',
  price: 'The price changed since you added it. Please remove this line and add it again.',
} as const;

function findItem(menu: StoreMenu, itemId: number): { item: Item; category: Category } | null {
  for (const category of menu) {
    const item = category.items.find((candidate) => candidate.id === itemId);
    if (item) return { item, category };
  }
  return null;
}

/** The field keys of the item dialog: `size`, `group-<id>`, `quantity`, `note`. */
export type ChoiceErrors = Record<string, string>;

/** What is wrong with `choice` for this item of this category: a size it is not offered in, a group's rule broken, a quantity or note out of bounds. */
export function choiceErrors(item: Item, category: Category, choice: CartChoice): ChoiceErrors {
  const errors: ChoiceErrors = {};
  if (item.price === null ? !item.prices.some((price) => price.size_id === choice.size_id) : choice.size_id !== null) errors.size = 'Choose a size.';
  const chosen = new Set(choice.extra_selection_ids);
  let known = 0;
  for (const group of category.extra_groups) {
    const picked = group.selections.filter((selection) => chosen.has(selection.id)).length;
    known += picked;
    if (group.required && picked === 0) errors[`group-${group.id}`] = `Choose ${group.allow_multiple ? 'at least one' : 'one'}: ${group.name}.`;
    if (!group.allow_multiple && picked > 1) errors[`group-${group.id}`] = `Choose only one: ${group.name}.`;
  }
  if (known !== chosen.size) errors.extras = LINE_PROBLEMS.changed;
  if (!Number.isInteger(choice.quantity) || choice.quantity < 1 || choice.quantity > LINE_QUANTITY_MAX) errors.quantity = ORDER_MESSAGES.quantity;
  if (choice.note.trim().length > LINE_NOTE_MAX) errors.note = `At most ${LINE_NOTE_MAX} characters.`;
  return errors;
}

/** One unit of `choice` in cents (the size's or the item's price, plus every extra), or null when the menu cannot price it. */
export function unitCents(menu: StoreMenu, choice: CartChoice): number | null {
  const found = findItem(menu, choice.item_id);
  if (!found || Object.keys(choiceErrors(found.item, found.category, choice)).length > 0) return null;
  const { item, category } = found;
  const base = item.price ?? item.prices.find((price) => price.size_id === choice.size_id)!.price;
  const extras = category.extra_groups.flatMap((group) => group.selections).filter((selection) => choice.extra_selection_ids.includes(selection.id));
  return cents(base) + extras.reduce((sum, selection) => sum + cents(selection.price), 0);
}

/** A stored line read against the menu now: named, and flagged when its item, size or choices vanished or its price changed. */
export function checkedLine(menu: StoreMenu, line: StoredLine): CartLine {
  const found = findItem(menu, line.item_id);
  if (!found) return { ...line, name: 'An item', size_name: '', extras: [], problem: LINE_PROBLEMS.gone };
  const { item, category } = found;
  const size = category.sizes.find((candidate) => candidate.id === line.size_id);
  const selections = category.extra_groups.flatMap((group) => group.selections).filter((selection) => line.extra_selection_ids.includes(selection.id));
  const now = unitCents(menu, line);
  const problem = now === null ? LINE_PROBLEMS.changed : now !== line.unit_cents ? LINE_PROBLEMS.price : null;
  return { ...line, name: item.name, size_name: size?.name ?? '', extras: selections.map((selection) => selection.name), problem };
}

/** The lines charged: every line without a problem. */
export const chargedLines = (lines: readonly CartLine[]) => lines.filter((line) => line.problem === null);

export const subtotalCents = (lines: readonly CartLine[]) => chargedLines(lines).reduce((sum, line) => sum + line.unit_cents * line.quantity, 0);

export const itemCount = (lines: readonly CartLine[]) => chargedLines(lines).reduce((sum, line) => sum + line.quantity, 0);

/** The order body's lines: what the customer chose, never a price (the server prices them). */
export const orderLines = (lines: readonly CartLine[]): OrderLineInput[] =>
  chargedLines(lines).map((line) => ({
    item_id: line.item_id,
    size_id: line.size_id,
    quantity: line.quantity,
    extra_selection_ids: line.extra_selection_ids,
    ...(line.note.trim() ? { note: line.note.trim() } : {}),
  }));

/** What is kept in the browser: the choice and its unit price, not the names (read again from the menu on load). */
export const storedLines = (lines: readonly CartLine[]): StoredLine[] =>
  lines.map(({ key, item_id, size_id, extra_selection_ids, quantity, note, unit_cents }) => ({
    key,
    item_id,
    size_id,
    extra_selection_ids,
    quantity,
    note,
    unit_cents,
  }));
