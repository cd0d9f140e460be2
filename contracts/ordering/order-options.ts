import { toCents } from '../shared/cents';

/**
 * The specification's category choice model (spec section 3, issue 42 item 5), as the order
 * engine judges and prices it: primary option sets (one choice each, a crust say), the
 * category's toppings, which the customer may remove (`allow_remove_toppings`) or add extra
 * (`allow_add_toppings`, at most `max_extra_toppings`), and one dressing. Every part is optional
 * on both sides: a category without them offers none, and a line that names none is the dish as
 * it comes, so a client written from the specification alone, which sends none, keeps working.
 * An option costs nothing unless the owner gives it a `price`.
 */

type Option = { id: number; name: string; price?: number };

/** What a category offers of the model; absent parts offer nothing, absent flags take the specification's defaults. */
export type CategoryOptions = {
  primary_option_sets?: ReadonlyArray<{ id: number; name: string; selections: readonly Option[] }>;
  toppings?: readonly Option[];
  dressings?: readonly Option[];
  /** Default true. */
  allow_remove_toppings?: boolean;
  /** Default true. */
  allow_add_toppings?: boolean;
  /** Default 0: no extra topping unless the owner allows some. */
  max_extra_toppings?: number;
};

/** What a line chose of the model: optional fields of the order body's line. */
export type OptionChoice = {
  /** One selection of each primary option set; left out, each set's first selection (the owner's default). */
  primary_selection_ids?: readonly number[];
  removed_topping_ids?: readonly number[];
  added_topping_ids?: readonly number[];
  dressing_id?: number | null;
};

export type OptionField = 'primary_selection_ids' | 'removed_topping_ids' | 'added_topping_ids' | 'dressing_id';
/** The order engine's LineProblem, for these fields (order-choices.ts). */
type OptionProblem = { field: OptionField; message: string; unavailable: boolean };

const OPTION_MESSAGES = {
  optionsGone: 'Some of these options are not offered with this dish any more.',
  toppingsGone: 'Some of these toppings are not offered with this dish any more.',
  dressingGone: 'This dressing is not offered with this dish any more.',
  chooseOne: (set: string) => `Choose one: ${set}.`,
  onlyOne: (set: string) => `Choose only one: ${set}.`,
  noRemoving: 'Toppings cannot be left off this dish.',
  noAdding: 'Extra toppings cannot be added to this dish.',
  tooMany: (max: number) => `Add at most ${max} extra ${max === 1 ? 'topping' : 'toppings'}.`,
  toppingTwice: 'Each topping can be chosen once.',
  removedAndAdded: 'A topping cannot be both left off and added.',
} as const;

const rule = (field: OptionField, message: string, unavailable = false): OptionProblem => ({ field, message, unavailable });
const repeats = (ids: readonly number[]) => new Set(ids).size !== ids.length;

function primaryProblems(category: CategoryOptions, ids: readonly number[] | undefined): OptionProblem[] {
  if (ids === undefined) return [];
  const sets = category.primary_option_sets ?? [];
  const offered = new Set(sets.flatMap((set) => set.selections.map((selection) => selection.id)));
  if (ids.some((id) => !offered.has(id))) return [rule('primary_selection_ids', OPTION_MESSAGES.optionsGone, true)];
  for (const set of sets) {
    const picked = set.selections.filter((selection) => ids.includes(selection.id)).length;
    if (picked === 0) return [rule('primary_selection_ids', OPTION_MESSAGES.chooseOne(set.name))];
    if (picked > 1 || repeats(ids)) return [rule('primary_selection_ids', OPTION_MESSAGES.onlyOne(set.name))];
  }
  return [];
}

function toppingProblems(category: CategoryOptions, line: OptionChoice): OptionProblem[] {
  const offered = new Set((category.toppings ?? []).map((topping) => topping.id));
  const problems: OptionProblem[] = [];
  const judge = (field: 'removed_topping_ids' | 'added_topping_ids', ids: readonly number[], allowed: boolean, max: number) => {
    if (ids.length === 0) return;
    if (ids.some((id) => !offered.has(id))) problems.push(rule(field, OPTION_MESSAGES.toppingsGone, true));
    else if (!allowed) problems.push(rule(field, field === 'removed_topping_ids' ? OPTION_MESSAGES.noRemoving : OPTION_MESSAGES.noAdding));
    else if (repeats(ids)) problems.push(rule(field, OPTION_MESSAGES.toppingTwice));
    else if (ids.length > max) problems.push(rule(field, OPTION_MESSAGES.tooMany(max)));
  };
  const removed = line.removed_topping_ids ?? [];
  const added = line.added_topping_ids ?? [];
  judge('removed_topping_ids', removed, category.allow_remove_toppings ?? true, Infinity);
  const maxExtra = category.max_extra_toppings ?? 0;
  judge('added_topping_ids', added, (category.allow_add_toppings ?? true) && maxExtra > 0, maxExtra);
  if (problems.length === 0 && added.some((id) => removed.includes(id))) problems.push(rule('added_topping_ids', OPTION_MESSAGES.removedAndAdded));
  return problems;
}

/** What is wrong with `line`'s choices of the model, as the order engine's problems (empty when none). */
export function optionProblems(category: CategoryOptions, line: OptionChoice): OptionProblem[] {
  const dressing = line.dressing_id ?? null;
  const dressingGone = dressing !== null && !(category.dressings ?? []).some((offered) => offered.id === dressing);
  return [
    ...primaryProblems(category, line.primary_selection_ids),
    ...toppingProblems(category, line),
    ...(dressingGone ? [rule('dressing_id', OPTION_MESSAGES.dressingGone, true)] : []),
  ];
}

type PricedOption = { id: number; name: string; price_cents: number };

/** A line's choices of the model, named and priced (a checked line: optionProblems found none). */
export type PricedOptions = { primary: PricedOption[]; removed: PricedOption[]; added: PricedOption[]; dressing: PricedOption | null; cents: number };

export function pricedOptions(category: CategoryOptions, line: OptionChoice): PricedOptions {
  const priced = (option: Option): PricedOption => ({ id: option.id, name: option.name, price_cents: toCents(option.price ?? 0) });
  const sets = category.primary_option_sets ?? [];
  const primaryIds = line.primary_selection_ids ?? sets.flatMap((set) => (set.selections[0] ? [set.selections[0].id] : []));
  const primary = sets.flatMap((set) =>
    set.selections
      .filter((selection) => primaryIds.includes(selection.id))
      .map((selection) => ({ ...priced(selection), name: `${set.name}: ${selection.name}` })),
  );
  const toppings = category.toppings ?? [];
  // Leaving a topping off costs and saves nothing.
  const removed = toppings
    .filter((topping) => (line.removed_topping_ids ?? []).includes(topping.id))
    .map((topping) => ({ ...priced(topping), price_cents: 0 }));
  const added = toppings.filter((topping) => (line.added_topping_ids ?? []).includes(topping.id)).map(priced);
  const chosen = (category.dressings ?? []).find((dressing) => dressing.id === line.dressing_id);
  const dressing = chosen ? priced(chosen) : null;
  const cents = [...primary, ...added, ...(dressing ? [dressing] : [])].reduce((sum, option) => sum + option.price_cents, 0);
  return { primary, removed, added, dressing, cents };
}

/**
 * The choices as the order's lines keep and show them beside the extras, in words the kitchen
 * reads ("Crust: Thin", "No onions", "Extra olives", "Dressing: Ranch"), each with its price.
 */
export const optionCopies = (options: PricedOptions): PricedOption[] => [
  ...options.primary,
  ...options.removed.map((topping) => ({ ...topping, name: `No ${topping.name.toLowerCase()}` })),
  ...options.added.map((topping) => ({ ...topping, name: `Extra ${topping.name.toLowerCase()}` })),
  ...(options.dressing ? [{ ...options.dressing, name: `Dressing: ${options.dressing.name}` }] : []),
];
