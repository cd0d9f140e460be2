import type { ActorRefFrom } from 'xstate';
import { LINE_NOTE_MAX, LINE_QUANTITY_MAX } from '../../../contracts/ordering';
import { formatMoney } from '../../../contracts/shared/money-format';
import type { Currency } from '../../../contracts/shared/restaurants';
import type { OrderingMenu } from '../../machines/ordering/cart-lines';
import type { CartChoice, ChoiceErrors } from '../../machines/ordering/cart-lines';
import type { cartMachine } from '../../machines/ordering/cart.machine';
import { element } from '../shared/dom';
import { choice, choiceGroup, textField, tieError } from './fields';

type Category = OrderingMenu[number];
type Item = Category['items'][number];
type Cart = ActorRefFrom<typeof cartMachine>;

/** The open dialog's form: the one the cart's answers are for. */
type OpenForm = { showErrors: (errors: ChoiceErrors) => void; done: () => void };

const sizeLabel = (size: Category['sizes'][number]) =>
  size.units !== null && size.measurement ? `${size.name} (${size.units} ${size.measurement.toLowerCase()})` : size.name;

function groupHint(group: Category['extra_groups'][number]): string {
  if (group.required) return group.allow_multiple ? 'Required: choose one or more.' : 'Required: choose one.';
  return group.allow_multiple ? 'Optional: choose any.' : 'Optional: choose up to one.';
}

/**
 * The item dialog's order form (issue 30): size, each extra group (radio buttons where one is
 * allowed, with "None" when the group is optional; checkboxes where several are), quantity 1–50,
 * a note, and "Add to order". The cart machine judges the choice: a refusal marks each field in
 * error and focuses the first; an added line closes the dialog and is announced in `status`.
 */
export function itemOrderForms(cart: Cart, currency: Currency, status: HTMLElement) {
  const money = (amount: number) => formatMoney(amount, currency);
  let open: OpenForm | null = null;
  cart.on('line.refused', ({ errors }) => open?.showErrors(errors));
  cart.on('line.added', ({ name, quantity }) => {
    open?.done();
    open = null;
    status.textContent = `Added ${quantity} \u00d7 ${name} to your order.`;
  });

  return (item: Item, category: Category, done: () => void): Node => {
    const form = element('form', { class: 'order-form', novalidate: '' });
    const setters = new Map<string, { focus: HTMLElement; setError: (message: string | null) => void }>();
    const groups: HTMLElement[] = [];

    if (item.price === null) {
      const offered = category.sizes.filter((size) => item.prices.some((price) => price.size_id === size.id));
      const priceOf = (sizeId: number) => item.prices.find((price) => price.size_id === sizeId)!.price;
      const sizes = choiceGroup(
        'size',
        'Size',
        null,
        ...offered.map((size, index) => choice('radio', 'size', String(size.id), sizeLabel(size), money(priceOf(size.id)), index === 0)),
      );
      groups.push(sizes.fieldset);
      setters.set('size', { focus: sizes.fieldset.querySelector('input')!, setError: sizes.setError });
    }
    for (const group of category.extra_groups) {
      const single = !group.allow_multiple;
      const name = `group-${group.id}`;
      const none = single && !group.required ? [choice('radio', name, 'none', 'None', '', true)] : [];
      const options = group.selections.map((selection) =>
        choice(
          single ? 'radio' : 'checkbox',
          name,
          String(selection.id),
          selection.name,
          selection.price > 0 ? `+${money(selection.price)}` : 'included',
          false,
        ),
      );
      const built = choiceGroup(name, group.name, groupHint(group), ...none, ...options);
      groups.push(built.fieldset);
      setters.set(name, { focus: built.fieldset.querySelector('input')!, setError: built.setError });
    }

    const quantity = element('input', {
      id: 'quantity',
      name: 'quantity',
      type: 'number',
      inputmode: 'numeric',
      min: '1',
      max: String(LINE_QUANTITY_MAX),
      value: '1',
    });
    const quantityError = element('p', { class: 'field-error', id: 'quantity-error', hidden: '' });
    const quantityRow = element('div', { class: 'field' }, element('label', { for: 'quantity' }, 'Quantity'), quantity, quantityError);
    setters.set('quantity', { focus: quantity, setError: tieError(quantity, quantityError) });
    const note = textField({ id: 'line-note', label: 'Note for the kitchen', value: '', optional: true, multiline: true, maxLength: LINE_NOTE_MAX }, () => {});
    setters.set('note', { focus: note.control, setError: note.setError });
    const general = element('p', { class: 'field-error', role: 'alert', hidden: '' });

    form.append(...groups, quantityRow, note.row, general, element('button', { class: 'button wide', type: 'submit' }, 'Add to order'));

    const readChoice = (): CartChoice => {
      const data = new FormData(form);
      const size = data.get('size');
      return {
        item_id: item.id,
        size_id: typeof size === 'string' ? Number(size) : null,
        extra_selection_ids: category.extra_groups.flatMap((group) =>
          data
            .getAll(`group-${group.id}`)
            .filter((value) => value !== 'none')
            .map(Number),
        ),
        quantity: quantity.value.trim() === '' ? Number.NaN : Number(quantity.value),
        note: note.control.value,
      };
    };

    const showErrors = (errors: ChoiceErrors) => {
      for (const [key, setter] of setters) setter.setError(errors[key] ?? null);
      const unplaced = Object.entries(errors).find(([key]) => !setters.has(key));
      general.textContent = unplaced?.[1] ?? '';
      general.hidden = !unplaced;
      const first = [...setters.entries()].find(([key]) => errors[key]);
      first?.[1].focus.focus();
    };

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      open = { showErrors, done };
      cart.send({ type: 'line.add', choice: readChoice() });
    });
    return form;
  };
}
