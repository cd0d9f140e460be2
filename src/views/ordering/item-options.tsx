import { useState } from 'react';
import type { CartChoice, ChoiceErrors, OrderingMenu } from '../../machines/ordering/cart-lines';
import { Choice, ChoiceGroup } from './fields';

/**
 * The specification's category model in the item dialog (issue 42, item 5): a radio group per
 * primary option set (its first selection chosen to begin with, as the order engine takes it when
 * none is named), the toppings the dish comes with as checkboxes to untick (when leaving one off
 * is allowed), the extra toppings up to the category's limit, and a dressing or none. What is
 * allowed and what it costs are the order engine's (contracts/ordering/order-options.ts), which
 * judges the choice when it is added: its sentences show on the group they are about.
 */

type Category = OrderingMenu[number];
type OptionPicks = Pick<CartChoice, 'primary_selection_ids' | 'removed_topping_ids' | 'added_topping_ids' | 'dressing_id'>;

/** The dialog's keys of these groups, in the order they show (cart-lines.ts's `choiceErrors` keys). */
export function optionKeys(category: Category): string[] {
  const toppings = category.toppings ?? [];
  return [
    ...((category.primary_option_sets ?? []).length > 0 ? ['primary'] : []),
    ...(toppings.length > 0 && removingAllowed(category) ? ['removed-toppings'] : []),
    ...(toppings.length > 0 && addingAllowed(category) ? ['added-toppings'] : []),
    ...((category.dressings ?? []).length > 0 ? ['dressing'] : []),
  ];
}

/** The id of the element that holds a group's controls: the `primary` error is the first set's. */
export const optionGroupId = (category: Category, key: string) => (key === 'primary' ? `primary-${category.primary_option_sets?.[0]?.id}` : key);

const removingAllowed = (category: Category) => category.allow_remove_toppings ?? true;
const addingAllowed = (category: Category) => (category.allow_add_toppings ?? true) && (category.max_extra_toppings ?? 0) > 0;

const toggled = (ids: readonly number[], id: number, on: boolean) => (on ? [...ids.filter((other) => other !== id), id] : ids.filter((other) => other !== id));

/**
 * The customer's picks of the model and how to change them; `picks` holds only the fields the
 * category offers something for, so a line of a plain dish names none.
 */
export function useOptionPicks(category: Category, changed: (key: string) => void) {
  const sets = category.primary_option_sets ?? [];
  const [primary, setPrimary] = useState(() => sets.flatMap((set) => (set.selections[0] ? [set.selections[0].id] : [])));
  const [removed, setRemoved] = useState<number[]>([]);
  const [added, setAdded] = useState<number[]>([]);
  const [dressing, setDressing] = useState<number | null>(null);
  const picks: OptionPicks = {
    ...(sets.length > 0 ? { primary_selection_ids: primary } : {}),
    ...(removed.length > 0 ? { removed_topping_ids: removed } : {}),
    ...(added.length > 0 ? { added_topping_ids: added } : {}),
    ...(dressing !== null ? { dressing_id: dressing } : {}),
  };
  return {
    picks,
    choosePrimary: (set: (typeof sets)[number], selectionId: number) => {
      changed('primary');
      const mine = new Set(set.selections.map((selection) => selection.id));
      setPrimary((before) => [...before.filter((id) => !mine.has(id)), selectionId]);
    },
    keepTopping: (id: number, kept: boolean) => {
      changed('removed-toppings');
      // The extras' rule ("not both left off and added") is judged again too.
      changed('added-toppings');
      setRemoved((before) => toggled(before, id, !kept));
    },
    addTopping: (id: number, on: boolean) => {
      changed('added-toppings');
      setAdded((before) => toggled(before, id, on));
    },
    chooseDressing: (id: number | null) => {
      changed('dressing');
      setDressing(id);
    },
  };
}

type Picks = ReturnType<typeof useOptionPicks>;

export function ItemOptions({
  category,
  options,
  errors,
  money,
}: {
  category: Category;
  options: Picks;
  errors: ChoiceErrors;
  money: (amount: number) => string;
}) {
  const priceOf = (option: { price?: number }) => (option.price ? `+${money(option.price)}` : '');
  const { primary_selection_ids: primary = [], removed_topping_ids: removed = [], added_topping_ids: added = [], dressing_id: dressing = null } = options.picks;
  const toppings = category.toppings ?? [];
  const dressings = category.dressings ?? [];
  const max = category.max_extra_toppings ?? 0;
  return (
    <>
      {(category.primary_option_sets ?? []).map((set, index) => (
        <ChoiceGroup key={set.id} id={`primary-${set.id}`} legend={set.name} hint="Required: choose one." error={index === 0 ? errors.primary : null}>
          {set.selections.map((selection) => (
            <Choice
              key={selection.id}
              type="radio"
              name={`primary-${set.id}`}
              value={String(selection.id)}
              label={selection.name}
              price={priceOf(selection)}
              checked={primary.includes(selection.id)}
              onChange={() => options.choosePrimary(set, selection.id)}
            />
          ))}
        </ChoiceGroup>
      ))}
      {toppings.length > 0 &&
        (removingAllowed(category) ? (
          <ChoiceGroup id="removed-toppings" legend="Toppings" hint="Untick any you would rather leave off." error={errors['removed-toppings']}>
            {toppings.map((topping) => (
              <Choice
                key={topping.id}
                type="checkbox"
                name="removed-toppings"
                value={String(topping.id)}
                label={topping.name}
                price=""
                checked={!removed.includes(topping.id)}
                onChange={(kept) => options.keepTopping(topping.id, kept)}
              />
            ))}
          </ChoiceGroup>
        ) : (
          <p className="muted">{`Comes with ${toppings.map((topping) => topping.name.toLowerCase()).join(', ')}.`}</p>
        ))}
      {toppings.length > 0 && addingAllowed(category) && (
        <ChoiceGroup id="added-toppings" legend="Extra toppings" hint={`Optional: add up to ${max}.`} error={errors['added-toppings']}>
          {toppings.map((topping) => (
            <Choice
              key={topping.id}
              type="checkbox"
              name="added-toppings"
              value={String(topping.id)}
              label={`Extra ${topping.name.toLowerCase()}`}
              price={priceOf(topping)}
              checked={added.includes(topping.id)}
              onChange={(on) => options.addTopping(topping.id, on)}
            />
          ))}
        </ChoiceGroup>
      )}
      {dressings.length > 0 && (
        <ChoiceGroup id="dressing" legend="Dressing" hint="Optional: choose up to one." error={errors.dressing}>
          <Choice
            type="radio"
            name="dressing"
            value="none"
            label="No dressing"
            price=""
            checked={dressing === null}
            onChange={() => options.chooseDressing(null)}
          />
          {dressings.map((option) => (
            <Choice
              key={option.id}
              type="radio"
              name="dressing"
              value={String(option.id)}
              label={option.name}
              price={priceOf(option)}
              checked={dressing === option.id}
              onChange={() => options.chooseDressing(option.id)}
            />
          ))}
        </ChoiceGroup>
      )}
    </>
  );
}
