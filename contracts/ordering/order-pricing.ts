import { toCents } from '../shared/cents';
import { findItem, lineProblems, type LineChoice, type LineProblem, type OrderMenu } from './order-choices';
import { pricedOptions, type PricedOptions } from './order-options';

/**
 * What an order's lines cost, in integer cents, from the menu as it is now (issue 42): the one
 * pricing both ends run. A line costs (the item's price, or its size's, plus each chosen extra's)
 * × quantity; the subtotal is the lines' sum. A price sent by a browser is never read.
 */

type PricedExtra = { id: number; name: string; price_cents: number };

export type PricedLine = {
  item_id: number;
  size_id: number | null;
  name: string;
  /** '' when the category is not priced by size. */
  size_name: string;
  quantity: number;
  /** The item's (or its size's) price, without extras. */
  item_cents: number;
  extras: PricedExtra[];
  /** The category model's choices (primary options, toppings, dressing), free unless the owner priced them. */
  options: PricedOptions;
  /** One of it: the item's price plus its extras' and its options'. */
  unit_cents: number;
  /** unit_cents × quantity. */
  line_cents: number;
  note: string;
};

/** A line's cost from its unit price (kept or priced): what the cart, the review and the order all show. */
export const lineCents = (line: { unit_cents: number; quantity: number }): number => line.unit_cents * line.quantity;

export const subtotalCents = (lines: ReadonlyArray<{ unit_cents: number; quantity: number }>): number => lines.reduce((sum, line) => sum + lineCents(line), 0);

/** `line` priced, or its problems (lineProblems) when the menu does not take it as it is. */
function priceLine(menu: OrderMenu, line: LineChoice): PricedLine | LineProblem[] {
  const problems = lineProblems(menu, line);
  if (problems.length > 0) return problems;
  const { item, category } = findItem(menu, line.item_id)!;
  const itemCents = toCents(item.price ?? item.prices.find((price) => price.size_id === line.size_id)!.price);
  const chosen = new Set(line.extra_selection_ids);
  const extras = category.extra_groups
    .flatMap((group) => group.selections)
    .filter((selection) => chosen.has(selection.id))
    .map((selection) => ({ id: selection.id, name: selection.name, price_cents: toCents(selection.price) }));
  const options = pricedOptions(category, line);
  const unitCents = itemCents + extras.reduce((sum, extra) => sum + extra.price_cents, 0) + options.cents;
  return {
    item_id: item.id,
    size_id: line.size_id,
    name: item.name,
    size_name: category.sizes.find((size) => size.id === line.size_id)?.name ?? '',
    quantity: line.quantity,
    item_cents: itemCents,
    extras,
    options,
    unit_cents: unitCents,
    line_cents: lineCents({ unit_cents: unitCents, quantity: line.quantity }),
    note: line.note ?? '',
  };
}

/** One unit of `line` in cents, or null when the menu cannot price it. */
export function unitCents(menu: OrderMenu, line: LineChoice): number | null {
  const priced = priceLine(menu, line);
  return Array.isArray(priced) ? null : priced.unit_cents;
}

type PricedOrder = { ok: true; lines: PricedLine[]; subtotal_cents: number } | { ok: false; problems: Map<number, LineProblem[]> };

/** Every line priced and their subtotal; or, by line index, the problems of each line the menu does not take. */
export function priceLines(menu: OrderMenu, lines: readonly LineChoice[]): PricedOrder {
  const priced = lines.map((line) => priceLine(menu, line));
  const problems = new Map(priced.flatMap((result, index) => (Array.isArray(result) ? [[index, result] as const] : [])));
  if (problems.size > 0) return { ok: false, problems };
  const pricedLines = priced as PricedLine[];
  return { ok: true, lines: pricedLines, subtotal_cents: subtotalCents(pricedLines) };
}
