import type { OrderingCategory, OrderLineInput } from '../../../contracts/ordering';
import { findItem, lineProblems, type LineProblem } from '../../../contracts/ordering/order-choices';
import { optionCopies, pricedOptions } from '../../../contracts/ordering/order-options';
import { subtotalCents as linesSubtotal, unitCents } from '../../../contracts/ordering/order-pricing';
import type { Clock } from '../../../contracts/shared/clock-format';
import { soldOutLines } from '../../../contracts/shared/sold-out-words';
import type { StoredLine } from '../../services/ordering/cart-store';

/**
 * The cart's lines (issue 30): whether a line kept in the browser still matches the menu the page
 * carries now, what is charged, what is kept and sent. What a choice costs and what is wrong with
 * it are the order engine's (contracts/ordering/, issue 42), which the server prices and refuses with.
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

/** What the customer picked in the item dialog; what a line of the order body is made of. */
export type CartChoice = {
  item_id: number;
  size_id: number | null;
  extra_selection_ids: number[];
  quantity: number;
  note: string;
  /** The category model's choices (issue 42; contracts/ordering/order-options.ts): left out when the category offers none. */
  primary_selection_ids?: number[];
  removed_topping_ids?: number[];
  added_topping_ids?: number[];
  dressing_id?: number | null;
};

export type { StoredLine };

/** A line as the cart shows it: named from the menu, and `problem` when the menu no longer matches it (never charged). */
export type CartLine = StoredLine & { name: string; size_name: string; extras: string[]; problem: string | null };

export const LINE_PROBLEMS = {
  gone: 'No longer on the menu. Please remove this line.',
  changed: 'This item changed since you added it. Please remove this line and add it again.',
  price: 'The price changed since you added it. Please remove this line and add it again.',
  soldOut: 'Sold out: remove it to place your order.',
} as const;

/**
 * The restaurant's clock and the browser's time, to judge sold-out items and selections (issue
 * 45, contracts/shared/sold-out.ts) as the server will when the order is placed: a line holding
 * one is flagged until its time passes, then it is orderable again by itself.
 */
export type SoldOutClock = { clock: Clock; now: () => Date };

/** The sentence of `choice` sold out now ("Margherita is sold out until 9:00 PM. …"), or null. */
const soldOutNow = (menu: StoreMenu, choice: Pick<CartChoice, 'item_id' | 'extra_selection_ids'>, soldOut: SoldOutClock | undefined) =>
  soldOut ? (soldOutLines(menu, [choice], soldOut.clock, soldOut.now()).get(0) ?? null) : null;

/** The field keys of the item dialog: `item`, `size`, `group-<id>`, `extras`, `quantity`, `note` (and the category model's `primary`, `removed-toppings`, `added-toppings`, `dressing`). */
export type ChoiceErrors = Record<string, string>;

/** The dialog's key for a problem of the order engine: a group's own field when a group's rule is broken. */
function dialogKey(problem: LineProblem): string {
  if (problem.group_id !== undefined) return `group-${problem.group_id}`;
  const keys: Record<LineProblem['field'], string> = {
    item_id: 'item',
    size_id: 'size',
    extra_selection_ids: 'extras',
    quantity: 'quantity',
    note: 'note',
    primary_selection_ids: 'primary',
    removed_topping_ids: 'removed-toppings',
    added_topping_ids: 'added-toppings',
    dressing_id: 'dressing',
  };
  return keys[problem.field];
}

/**
 * What is wrong with `choice`, by the item dialog's fields, in the order engine's sentences (the
 * ones the server would refuse it with); empty when it can be added. An extra chosen twice is
 * refused here as there, so the cart never sends what the server refuses.
 */
export function choiceErrors(menu: StoreMenu, choice: CartChoice, soldOut?: SoldOutClock): ChoiceErrors {
  const errors: ChoiceErrors = {};
  for (const problem of lineProblems(menu, choice)) errors[dialogKey(problem)] ??= problem.message;
  const sold = soldOutNow(menu, choice, soldOut);
  if (sold) errors[sold.field === 'item_id' ? 'item' : 'extras'] ??= sold.message;
  return errors;
}

/** A stored line read against the menu now: named, and flagged when its item, size or choices vanished, its price changed, or it is sold out. */
export function checkedLine(menu: StoreMenu, line: StoredLine, soldOut?: SoldOutClock): CartLine {
  const found = findItem(menu, line.item_id);
  if (!found) return { ...line, name: 'An item', size_name: '', extras: [], problem: LINE_PROBLEMS.gone };
  const { item, category } = found;
  const size = category.sizes.find((candidate) => candidate.id === line.size_id);
  const selections = category.extra_groups.flatMap((group) => group.selections).filter((selection) => line.extra_selection_ids.includes(selection.id));
  const now = unitCents(menu, line);
  const problem =
    now === null ? LINE_PROBLEMS.changed : now !== line.unit_cents ? LINE_PROBLEMS.price : soldOutNow(menu, line, soldOut) ? LINE_PROBLEMS.soldOut : null;
  // The category model's choices in the words the kitchen reads ("Crust: Thin", "No onions"), after the extras.
  const options = optionCopies(pricedOptions(category, line)).map((option) => option.name);
  return { ...line, name: item.name, size_name: size?.name ?? '', extras: [...selections.map((selection) => selection.name), ...options], problem };
}

const OPTION_FIELDS = ['primary_selection_ids', 'removed_topping_ids', 'added_topping_ids', 'dressing_id'] as const;

/** The category model's fields of a line, only those it has: a line that chose none sends and keeps none. */
const optionFields = (line: CartChoice) =>
  Object.fromEntries(OPTION_FIELDS.filter((field) => line[field] !== undefined).map((field) => [field, line[field]])) as Pick<
    CartChoice,
    (typeof OPTION_FIELDS)[number]
  >;

/** The lines charged: every line without a problem. */
export const chargedLines = (lines: readonly CartLine[]) => lines.filter((line) => line.problem === null);

/** The charged lines' subtotal, summed as the server sums the order's (the order engine). */
export const subtotalCents = (lines: readonly CartLine[]) => linesSubtotal(chargedLines(lines));

export const itemCount = (lines: readonly CartLine[]) => chargedLines(lines).reduce((sum, line) => sum + line.quantity, 0);

/** The order body's lines: what the customer chose, never a price (the server prices them). */
export const orderLines = (lines: readonly CartLine[]): OrderLineInput[] =>
  chargedLines(lines).map((line) => ({
    item_id: line.item_id,
    size_id: line.size_id,
    quantity: line.quantity,
    extra_selection_ids: line.extra_selection_ids,
    ...optionFields(line),
    ...(line.note.trim() ? { note: line.note.trim() } : {}),
  }));

/** What is kept in the browser: the choice and its unit price, not the names (read again from the menu on load). */
export const storedLines = (lines: readonly CartLine[]): StoredLine[] =>
  lines.map((line) => ({
    key: line.key,
    item_id: line.item_id,
    size_id: line.size_id,
    extra_selection_ids: line.extra_selection_ids,
    quantity: line.quantity,
    note: line.note,
    unit_cents: line.unit_cents,
    ...optionFields(line),
  }));
