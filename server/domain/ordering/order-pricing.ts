import type { OrderLineInput } from '../../../contracts/ordering';
import { optionCopies } from '../../../contracts/ordering/order-options';
import { priceLines as priceWithEngine } from '../../../contracts/ordering/order-pricing';
import type { OrderExtraCopy } from '../../db/schema-ordering';
import type { Refusal } from './order-refusals';
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

/** A priced line and the category its tax rate comes from (not stored: the order keeps its tax). */
export type TaxedLine = { line: PricedLine; categoryId: number };

/** The category of a dish the engine priced (so the menu has it). */
const categoryOf = (categories: readonly MenuCategory[], itemId: number): number =>
  categories.find((category) => category.items.some((item) => item.id === itemId))!.id;

/**
 * Every line the menu takes priced; and, when some are not, one refusal naming every line in
 * question by its first problem (`lines.N.item_id`, `lines.N.size_id`, `lines.N.extra_selection_ids`),
 * so the cart can flag them all at once: 409 `menu_changed` when something is no longer offered,
 * else 400 `invalid_choice`. The quote prices what is left; placing refuses.
 */
export function priceLines(lines: readonly OrderLineInput[], categories: readonly MenuCategory[]): { lines: TaxedLine[]; refusal: Refusal | null } {
  const priced = priceWithEngine(categories, lines);
  if (!priced.ok) {
    const firsts = [...priced.problems].map(([index, problems]) => ({ index, problem: problems[0]! }));
    const fields = Object.fromEntries(firsts.map(({ index, problem }) => [`lines.${index}.${problem.field}`, problem.message]));
    const refused: Refusal = firsts.some(({ problem }) => problem.unavailable)
      ? {
          status: 409,
          code: 'menu_changed',
          detail: 'Some dishes or choices in this order are not on the menu any more. Please check the marked lines.',
          fields,
        }
      : { status: 400, code: 'invalid_choice', detail: 'Some choices in this order do not fit the menu. Please check the marked lines.', fields };
    return {
      lines: priceLines(
        lines.filter((_, index) => !priced.problems.has(index)),
        categories,
      ).lines,
      refusal: refused,
    };
  }
  return {
    lines: priced.lines.map((line) => ({
      line: {
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
      },
      categoryId: categoryOf(categories, line.item_id),
    })),
    refusal: null,
  };
}
