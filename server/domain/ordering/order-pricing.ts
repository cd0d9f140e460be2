import type { OrderLineInput } from '../../../contracts/ordering';
import type { OrderExtraCopy } from '../../db/schema-ordering';
import { HttpError } from '../../http-error';
import type { MenuCategory } from './store-readers';

/**
 * Prices an order's lines from the store's current menu (issue 30), in integer cents: a price
 * sent by a browser is never read (the contract refuses one). A line costs (the item's price, or
 * its size's, plus each chosen extra selection's price) × quantity.
 */

/** The menu speaks money with at most two decimals; counting is done in cents, exactly. */
export const toCents = (amount: number) => Math.round(amount * 100);

export type PricedLine = {
  itemId: number;
  sizeId: number | null;
  name: string;
  sizeName: string;
  quantity: number;
  unitPriceCents: number;
  extras: OrderExtraCopy[];
  lineTotalCents: number;
  note: string;
};

type Offer = { item: MenuCategory['items'][number]; category: MenuCategory };

/** A refused line: 409 when the menu no longer offers what it names, 400 when its choices break the menu's rules. */
type Problem = { field: string; message: string; unavailable: boolean };

function offersOf(categories: readonly MenuCategory[]): Map<number, Offer> {
  return new Map(categories.flatMap((category) => category.items.map((item) => [item.id, { item, category }] as const)));
}

/** The unit price in cents and the size's name, or the problem with the line's size. */
function unitPrice(line: OrderLineInput, { item, category }: Offer, at: string): { cents: number; sizeName: string } | Problem {
  if (item.price !== null) {
    if (line.size_id === null) return { cents: toCents(item.price), sizeName: '' };
    return { field: `${at}.size_id`, message: 'This dish comes in one size: leave the size out.', unavailable: false };
  }
  if (line.size_id === null) return { field: `${at}.size_id`, message: 'Choose a size.', unavailable: false };
  const offered = item.prices.find((price) => price.size_id === line.size_id);
  if (!offered) return { field: `${at}.size_id`, message: 'This dish is not offered in this size any more. Choose one of its sizes.', unavailable: true };
  return { cents: toCents(offered.price), sizeName: category.sizes.find((size) => size.id === offered.size_id)?.name ?? '' };
}

/** The chosen extras with their prices, or the problem with them: unknown ones first, then each group's rule. */
function extrasOf(line: OrderLineInput, { category }: Offer, at: string): OrderExtraCopy[] | Problem {
  const field = `${at}.extra_selection_ids`;
  const groupOf = new Map(category.extra_groups.flatMap((group) => group.selections.map((selection) => [selection.id, { group, selection }] as const)));
  const chosen = line.extra_selection_ids.map((id) => groupOf.get(id));
  if (chosen.some((found) => found === undefined))
    return { field, message: 'Some of these extras are not offered with this dish any more.', unavailable: true };
  if (new Set(line.extra_selection_ids).size !== line.extra_selection_ids.length)
    return { field, message: 'Each extra can be chosen once.', unavailable: false };
  for (const group of category.extra_groups) {
    const count = chosen.filter((found) => found!.group.id === group.id).length;
    if (group.required && count === 0) return { field, message: `Choose ${group.allow_multiple ? 'at least one' : 'one'} ${group.name}.`, unavailable: false };
    if (!group.allow_multiple && count > 1) return { field, message: `Choose only one ${group.name}.`, unavailable: false };
  }
  return chosen.map((found) => ({ id: found!.selection.id, name: found!.selection.name, price_cents: toCents(found!.selection.price) }));
}

function priceLine(line: OrderLineInput, offer: Offer | undefined, at: string): PricedLine | Problem {
  if (!offer) return { field: `${at}.item_id`, message: 'This dish is not on the menu any more.', unavailable: true };
  const unit = unitPrice(line, offer, at);
  if ('field' in unit) return unit;
  const extras = extrasOf(line, offer, at);
  if ('field' in extras) return extras;
  const extrasCents = extras.reduce((sum, extra) => sum + extra.price_cents, 0);
  return {
    itemId: offer.item.id,
    sizeId: line.size_id,
    name: offer.item.name,
    sizeName: unit.sizeName,
    quantity: line.quantity,
    unitPriceCents: unit.cents,
    extras,
    lineTotalCents: (unit.cents + extrasCents) * line.quantity,
    note: line.note ?? '',
  };
}

/**
 * Every line priced, and their subtotal; or one refusal naming every line in question
 * (`lines.N.item_id`, `lines.N.size_id`, `lines.N.extra_selection_ids`), so the cart can flag
 * them all at once: 409 `menu_changed` when something is no longer offered, else 400 `invalid_choice`.
 */
export function priceLines(lines: readonly OrderLineInput[], categories: readonly MenuCategory[]): { lines: PricedLine[]; subtotalCents: number } {
  const offers = offersOf(categories);
  const priced = lines.map((line, index) => priceLine(line, offers.get(line.item_id), `lines.${index}`));
  const problems = priced.filter((result): result is Problem => 'field' in result);
  if (problems.length > 0) {
    const fields = Object.fromEntries(problems.map((problem) => [problem.field, problem.message]));
    if (problems.some((problem) => problem.unavailable)) {
      throw new HttpError(409, 'menu_changed', 'Some dishes or choices in this order are not on the menu any more. Please check the marked lines.', { fields });
    }
    throw new HttpError(400, 'invalid_choice', 'Some choices in this order do not fit the menu. Please check the marked lines.', { fields });
  }
  const pricedLines = priced as PricedLine[];
  return { lines: pricedLines, subtotalCents: pricedLines.reduce((sum, line) => sum + line.lineTotalCents, 0) };
}
