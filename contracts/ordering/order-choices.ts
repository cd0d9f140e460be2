import { LINE_NOTE_MAX, LINE_QUANTITY_MAX, ORDER_MESSAGES, type OrderingCategory } from '../ordering';
import { optionProblems, type OptionChoice, type OptionField } from './order-options';

/**
 * What is wrong with one line of an order against the menu (issue 42): the one set of choice
 * rules and sentences. The server refuses an order with them; the item dialog and the cart show
 * the same sentences before anything is sent.
 */

export type OrderMenu = readonly OrderingCategory[];
type MenuItem = OrderingCategory['items'][number];

/** What a line names: the shape of the order body's line (`note` optional there). */
export type LineChoice = { item_id: number; size_id: number | null; extra_selection_ids: readonly number[]; quantity: number; note?: string } & OptionChoice;

export type LineField = 'item_id' | 'size_id' | 'extra_selection_ids' | 'quantity' | 'note' | OptionField;

/**
 * One problem of a line: the body's field it is about, and `group_id` when a choice group's rule
 * is broken. `unavailable` when the menu no longer offers what the line names (the customer
 * cannot fix it by choosing again: 409 at the server), else the choice breaks a rule (400).
 */
export type LineProblem = { field: LineField; message: string; unavailable: boolean; group_id?: number };

export const CHOICE_MESSAGES = {
  itemGone: 'This dish is not on the menu any more.',
  oneSize: 'This dish comes in one size: leave the size out.',
  size: 'Choose a size.',
  sizeGone: 'This dish is not offered in this size any more. Choose one of its sizes.',
  extrasGone: 'Some of these extras are not offered with this dish any more.',
  extraTwice: 'Each extra can be chosen once.',
  chooseOne: (group: string) => `Choose one: ${group}.`,
  chooseSome: (group: string) => `Choose at least one: ${group}.`,
  onlyOne: (group: string) => `Choose only one: ${group}.`,
  quantity: ORDER_MESSAGES.quantity,
  note: `At most ${LINE_NOTE_MAX} characters.`,
} as const;

/** The item `itemId` and its category, or null when the menu no longer has it. */
export function findItem(menu: OrderMenu, itemId: number): { item: MenuItem; category: OrderingCategory } | null {
  for (const category of menu) {
    const item = category.items.find((candidate) => candidate.id === itemId);
    if (item) return { item, category };
  }
  return null;
}

function sizeProblem(item: MenuItem, sizeId: number | null): LineProblem | null {
  const at = (message: string, unavailable = false): LineProblem => ({ field: 'size_id', message, unavailable });
  if (item.price !== null) return sizeId === null ? null : at(CHOICE_MESSAGES.oneSize);
  if (sizeId === null) return at(CHOICE_MESSAGES.size);
  return item.prices.some((price) => price.size_id === sizeId) ? null : at(CHOICE_MESSAGES.sizeGone, true);
}

/** Unknown extras, then an extra chosen twice, then each group's rule, in the menu's order. */
function extrasProblems(category: OrderingCategory, ids: readonly number[]): LineProblem[] {
  const field = 'extra_selection_ids';
  const problems: LineProblem[] = [];
  const offered = new Set(category.extra_groups.flatMap((group) => group.selections.map((selection) => selection.id)));
  if (ids.some((id) => !offered.has(id))) problems.push({ field, message: CHOICE_MESSAGES.extrasGone, unavailable: true });
  if (new Set(ids).size !== ids.length) problems.push({ field, message: CHOICE_MESSAGES.extraTwice, unavailable: false });
  const chosen = new Set(ids);
  for (const group of category.extra_groups) {
    const picked = group.selections.filter((selection) => chosen.has(selection.id)).length;
    const broken = (message: string): LineProblem => ({ field, message, unavailable: false, group_id: group.id });
    if (group.required && picked === 0) {
      problems.push(broken(group.allow_multiple ? CHOICE_MESSAGES.chooseSome(group.name) : CHOICE_MESSAGES.chooseOne(group.name)));
    } else if (!group.allow_multiple && picked > 1) problems.push(broken(CHOICE_MESSAGES.onlyOne(group.name)));
  }
  return problems;
}

/**
 * Every problem of `line`, most basic first: an item gone hides the rest (nothing else can be
 * judged). Empty when the line can be priced and placed. The quantity and note bounds are the
 * order contract's own (its sentences), checked here too so the dialog says them before sending.
 */
export function lineProblems(menu: OrderMenu, line: LineChoice): LineProblem[] {
  const found = findItem(menu, line.item_id);
  if (!found) return [{ field: 'item_id', message: CHOICE_MESSAGES.itemGone, unavailable: true }];
  const problems: LineProblem[] = [];
  const size = sizeProblem(found.item, line.size_id);
  if (size) problems.push(size);
  problems.push(...extrasProblems(found.category, line.extra_selection_ids));
  problems.push(...optionProblems(found.category, line));
  if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > LINE_QUANTITY_MAX) {
    problems.push({ field: 'quantity', message: CHOICE_MESSAGES.quantity, unavailable: false });
  }
  if ((line.note ?? '').trim().length > LINE_NOTE_MAX) problems.push({ field: 'note', message: CHOICE_MESSAGES.note, unavailable: false });
  return problems;
}
