import { useRef, useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { LINE_NOTE_MAX, LINE_QUANTITY_MAX } from '../../../contracts/ordering';
import { formatMoney } from '../../../contracts/shared/money-format';
import type { Currency } from '../../../contracts/shared/restaurants';
import type { CartChoice, ChoiceErrors, OrderingMenu } from '../../machines/ordering/cart-lines';
import { unitCents } from '../../../contracts/ordering/order-pricing';
import type { cartMachine } from '../../machines/ordering/cart.machine';
import { sizeLabel } from '../shared/size-label';
import { useScreen } from '../shared/use-screen';
import { Choice, ChoiceGroup, describedBy, FieldError, TextField } from './fields';
import { ItemOptions, optionGroupId, optionKeys, useOptionPicks } from './item-options';

type Category = OrderingMenu[number];
type Item = Category['items'][number];
type Cart = ActorRefFrom<typeof cartMachine>;

function groupHint(group: Category['extra_groups'][number]): string {
  if (group.required) return group.allow_multiple ? 'Required: choose one or more.' : 'Required: choose one.';
  return group.allow_multiple ? 'Optional: choose any.' : 'Optional: choose up to one.';
}

/** The form's fields in the order they show: where the focus goes on a refusal. */
const fieldOrder = (item: Item, category: Category) => [
  ...(item.price === null ? ['size'] : []),
  ...optionKeys(category),
  ...category.extra_groups.map((group) => `group-${group.id}`),
  'quantity',
  'note',
];

/** The control the focus goes to when `key` is in error: the text fields' own, a group's first. */
function focusTarget(category: Category, key: string): string {
  if (key === 'quantity') return '#quantity';
  if (key === 'note') return '#line-note';
  return `#${optionKeys(category).includes(key) ? optionGroupId(category, key) : key} input`;
}

/**
 * The item dialog's order form (issue 30): size, the category's primary options, toppings and
 * dressing (item-options.tsx, issue 42), each extra group (radio buttons where one is
 * allowed, with "None" when the group is optional; checkboxes where several are), quantity 1–50
 * with − and +, a note, and "Add to order" with what the line costs. The cart machine judges the
 * choice: a refusal (`line.refused`) marks each field in error and focuses the first; an added
 * line (`line.added`) closes the dialog.
 */
export function ItemOrderForm({
  item,
  category,
  menu,
  currency,
  cart,
  done,
  soldOut = null,
}: {
  item: Item;
  category: Category;
  menu: OrderingMenu;
  currency: Currency;
  cart: Cart;
  done: () => void;
  /** "until 9:00 PM" while the item is sold out (issue 45): Add is disabled and says why. */
  soldOut?: string | null;
}) {
  const money = (amount: number) => formatMoney(amount, currency);
  const offered = category.sizes.filter((size) => item.prices.some((price) => price.size_id === size.id));
  const [size, setSize] = useState<number | null>(item.price === null ? (offered[0]?.id ?? null) : null);
  const [picked, setPicked] = useState<number[]>([]);
  const [quantity, setQuantity] = useState('1');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<ChoiceErrors>({});
  const form = useRef<HTMLFormElement>(null);
  // A field the customer changes after a refusal is judged again at the next Add: its error goes.
  const changed = (key: string) => setErrors((before) => Object.fromEntries(Object.entries(before).filter(([field]) => field !== key)));
  const options = useOptionPicks(category, changed);

  const choice: CartChoice = {
    item_id: item.id,
    size_id: size,
    extra_selection_ids: picked,
    ...options.picks,
    quantity: quantity.trim() === '' ? Number.NaN : Number(quantity),
    note,
  };
  const unit = unitCents(menu, choice);

  useScreen(cart, {
    'line.refused': ({ errors: refused }) => {
      setErrors(refused);
      const first = fieldOrder(item, category).find((key) => refused[key]);
      if (first) form.current?.querySelector<HTMLElement>(focusTarget(category, first))?.focus();
    },
    'line.added': done,
  });

  const pick = (group: Category['extra_groups'][number], selectionId: number | null, on: boolean) => {
    changed(`group-${group.id}`);
    const mine = new Set(group.selections.map((selection) => selection.id));
    setPicked((before) => {
      const others = group.allow_multiple ? before.filter((id) => id !== selectionId) : before.filter((id) => !mine.has(id));
      return on && selectionId !== null ? [...others, selectionId] : others;
    });
  };

  const stepQuantity = (by: number) => {
    changed('quantity');
    const now = Number(quantity);
    setQuantity(String(Number.isInteger(now) ? Math.min(LINE_QUANTITY_MAX, Math.max(1, now + by)) : 1));
  };
  const count = Number(quantity);

  function submit(event: FormEvent) {
    event.preventDefault();
    cart.send({ type: 'line.add', choice });
  }

  // Errors of a field not shown here (the item gone, the order full) are said under the form.
  const unplaced = Object.entries(errors).find(([key]) => !fieldOrder(item, category).includes(key));
  return (
    <form className="order-form" noValidate onSubmit={submit} ref={form}>
      {item.price === null && (
        <ChoiceGroup id="size" legend="Size" error={errors.size}>
          {offered.map((option) => (
            <Choice
              key={option.id}
              type="radio"
              name="size"
              value={String(option.id)}
              label={sizeLabel(option)}
              price={money(item.prices.find((price) => price.size_id === option.id)!.price)}
              checked={size === option.id}
              onChange={() => {
                changed('size');
                setSize(option.id);
              }}
            />
          ))}
        </ChoiceGroup>
      )}
      <ItemOptions category={category} options={options} errors={errors} money={money} />
      {category.extra_groups.map((group) => {
        const name = `group-${group.id}`;
        const single = !group.allow_multiple;
        const chosen = group.selections.filter((selection) => picked.includes(selection.id));
        return (
          <ChoiceGroup key={group.id} id={name} legend={group.name} hint={groupHint(group)} error={errors[name]}>
            {single && !group.required && (
              <Choice type="radio" name={name} value="none" label="None" price="" checked={chosen.length === 0} onChange={() => pick(group, null, false)} />
            )}
            {group.selections.map((selection) => (
              <Choice
                key={selection.id}
                type={single ? 'radio' : 'checkbox'}
                name={name}
                value={String(selection.id)}
                label={selection.name}
                price={selection.price > 0 ? `+${money(selection.price)}` : 'included'}
                checked={picked.includes(selection.id)}
                onChange={(on) => pick(group, selection.id, on)}
              />
            ))}
          </ChoiceGroup>
        );
      })}
      <div className="field">
        <label htmlFor="quantity">Quantity</label>
        <div className="quantity">
          <button className="step" type="button" aria-label="One less" disabled={!(count > 1)} onClick={() => stepQuantity(-1)}>
            {'\u2212'}
          </button>
          <input
            id="quantity"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={LINE_QUANTITY_MAX}
            value={quantity}
            onChange={(event) => {
              changed('quantity');
              setQuantity(event.target.value);
            }}
            aria-invalid={errors.quantity ? true : undefined}
            aria-describedby={describedBy('quantity-error', errors.quantity)}
          />
          <button className="step" type="button" aria-label="One more" disabled={!(count < LINE_QUANTITY_MAX)} onClick={() => stepQuantity(1)}>
            +
          </button>
        </div>
        <FieldError id="quantity-error" message={errors.quantity} />
      </div>
      <TextField
        id="line-note"
        label="Note for the kitchen"
        value={note}
        onChange={(value) => {
          changed('note');
          setNote(value);
        }}
        error={errors.note}
        optional
        multiline
        maxLength={LINE_NOTE_MAX}
      />
      <p className="field-error" role="alert" hidden={!unplaced}>
        {unplaced?.[1] ?? ''}
      </p>
      {soldOut && (
        <p className="field-error" id="item-sold-out">
          {`Sold out ${soldOut}`}
        </p>
      )}
      <button className="button wide" type="submit" disabled={soldOut !== null} aria-describedby={soldOut ? 'item-sold-out' : undefined}>
        {unit !== null && Number.isInteger(count) && count >= 1 ? `Add to order \u00b7 ${money((unit * count) / 100)}` : 'Add to order'}
      </button>
    </form>
  );
}
