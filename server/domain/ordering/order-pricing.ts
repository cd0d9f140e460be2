import type { OrderLineInput } from '../../../contracts/ordering';
import { optionCopies } from '../../../contracts/ordering/order-options';
import { priceLines as priceWithEngine } from '../../../contracts/ordering/order-pricing';
import type { OrderExtraCopy } from '../../db/schema-ordering';
import { HttpError } from '../../http-error';
import type { MenuCategory } from './store-readers';

/**
 * An order's lines priced from the store's current menu by the order engine
 * (contracts/ordering/order-pricing.ts, issue 42), the browser's cart runs the same, and put as
 * the order's stored lines; a line the engine refuses becomes the answer's refusal.
 */

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

/**
 * Every line priced, and their subtotal; or one refusal naming every line in question by its
 * first problem (`lines.N.item_id`, `lines.N.size_id`, `lines.N.extra_selection_ids`), so the
 * cart can flag them all at once: 409 `menu_changed` when something is no longer offered, else
 * 400 `invalid_choice`.
 */
export function priceLines(lines: readonly OrderLineInput[], categories: readonly MenuCategory[]): { lines: PricedLine[]; subtotalCents: number } {
  const priced = priceWithEngine(categories, lines);
  if (!priced.ok) {
    const firsts = [...priced.problems].map(([index, problems]) => ({ index, problem: problems[0]! }));
    const fields = Object.fromEntries(firsts.map(({ index, problem }) => [`lines.${index}.${problem.field}`, problem.message]));
    if (firsts.some(({ problem }) => problem.unavailable)) {
      throw new HttpError(409, 'menu_changed', 'Some dishes or choices in this order are not on the menu any more. Please check the marked lines.', { fields });
    }
    throw new HttpError(400, 'invalid_choice', 'Some choices in this order do not fit the menu. Please check the marked lines.', { fields });
  }
  return {
    lines: priced.lines.map((line) => ({
      itemId: line.item_id,
      sizeId: line.size_id,
      name: line.name,
      sizeName: line.size_name,
      quantity: line.quantity,
      unitPriceCents: line.item_cents,
      // The category model's choices are kept beside the extras, in words, until order lines have their own columns.
      extras: [...line.extras, ...optionCopies(line.options)],
      lineTotalCents: line.line_cents,
      note: line.note,
    })),
    subtotalCents: priced.subtotal_cents,
  };
}
