import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { ORDER_NOTE_MAX, type PlacedOrder } from '../../../contracts/ordering';
import { clockOf, formatDate, formatDayTime, formatTime } from '../../../contracts/shared/clock-format';
import { formatMoney } from '../../../contracts/shared/money-format';
import type { CartLine } from '../../machines/ordering/cart-lines';
import { offeredFulfilments, type Step } from '../../machines/ordering/checkout-rules';
import { checkoutFigures, type checkoutMachine, type TextField } from '../../machines/ordering/checkout.machine';
import { lineCents } from '../../../contracts/ordering/order-pricing';
import { element } from '../shared/dom';
import { lineDetails } from './cart-panel';
import { choice, choiceGroup, textField } from './fields';
import { paymentWords } from '../../../contracts/ordering/order-words';

type Checkout = ActorRefFrom<typeof checkoutMachine>;
type Snapshot = SnapshotFrom<typeof checkoutMachine>;
type Context = Snapshot['context'];
type Shown = Step | 'placing' | 'failed';

const SCREENS: Shown[] = ['fulfilment', 'address', 'time', 'contact', 'review', 'placing', 'failed'];
const minutes = (from: number, to: number) => (from === to ? `${from} min` : `${from}\u2013${to} min`);

/** What a step drew: its setters for each field's error, and the controls to focus by field. */
type Drawn = { nodes: Node[]; errors: Map<string, (message: string | null) => void>; controls: Map<string, HTMLElement> };

/**
 * The checkout, one screen per step of the checkout machine, in a native modal <dialog> over the
 * store page. Each screen is a form: Continue (Enter) goes on, Back goes back (from the first
 * step it closes the checkout). Screens are drawn when their step is entered and only their
 * errors and alert change while it lasts, so typing is never disturbed. The machine says where
 * the focus goes (`step.shown`: the heading, or the first field in error), and when the order is
 * placed (`order.placed`, handed to `placed`).
 */
export function checkoutView(placed: (order: PlacedOrder) => void) {
  const heading = element('h2', { id: 'checkout-title', tabindex: '-1' });
  const alert = element('p', { class: 'alert', role: 'alert', hidden: '' });
  const body = element('div', {});
  const close = element('button', { class: 'close', type: 'button', 'aria-label': 'Close the checkout' }, '\u00d7');
  const dialog = element(
    'dialog',
    { 'aria-labelledby': 'checkout-title', class: 'checkout' },
    close,
    element('div', { class: 'dialog-body' }, heading, alert, body),
  );
  document.body.append(dialog);

  return (checkout: Checkout, lines: readonly CartLine[]) => {
    const { store } = checkout.getSnapshot().context;
    const money = (amountCents: number) => formatMoney(amountCents / 100, store.currency);
    const send = checkout.send.bind(checkout);
    let screen: Shown | null = null;
    let drawn: Drawn = { nodes: [], errors: new Map(), controls: new Map() };

    const stepForm = (title: string, fields: Node[], next: string, back = 'Back'): Node[] => {
      heading.textContent = title;
      const backButton = element('button', { class: 'button secondary', type: 'button' }, back);
      backButton.addEventListener('click', () => send({ type: 'step.back' }));
      const form = element(
        'form',
        { novalidate: '' },
        ...fields,
        element('div', { class: 'actions' }, backButton, element('button', { class: 'button', type: 'submit' }, next)),
      );
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        send({ type: 'step.next' });
      });
      return [form];
    };

    const text = (field: Parameters<typeof textField>[0], key: TextField, into: Drawn) => {
      const made = textField(field, (value) => send({ type: 'field.change', field: key, value }));
      into.errors.set(key, made.setError);
      into.controls.set(key, made.control);
      return made.row;
    };

    function draw(step: Shown, context: Context): Drawn {
      const into: Drawn = { nodes: [], errors: new Map(), controls: new Map() };
      if (step === 'fulfilment') {
        const options = offeredFulfilments(store).map((way) =>
          choice(
            'radio',
            'fulfilment',
            way,
            way === 'pickup' ? 'Pickup' : 'Delivery',
            way === 'pickup'
              ? `ready in ${minutes(store.pickup.eta_from, store.pickup.eta_to)}`
              : `${minutes(store.delivery.eta_from, store.delivery.eta_to)}, ${store.delivery.fee > 0 ? `fee ${formatMoney(store.delivery.fee, store.currency)}` : 'no fee'}`,
            context.fulfilment === way,
          ),
        );
        const group = choiceGroup('fulfilment', 'Pickup or delivery', null, ...options);
        group.fieldset.addEventListener('change', (event) => {
          const value = (event.target as HTMLInputElement).value as 'pickup' | 'delivery';
          send({ type: 'fulfilment.choose', fulfilment: value });
        });
        into.errors.set('fulfilment', group.setError);
        into.controls.set('fulfilment', group.fieldset.querySelector('input')!);
        into.nodes = stepForm('How would you like your order?', [group.fieldset], 'Continue', 'Back to the menu');
      } else if (step === 'address') {
        const { address } = context;
        into.nodes = stepForm(
          'Delivery address',
          [
            text({ id: 'street', label: 'Street and number', value: address.street, autocomplete: 'street-address' }, 'address.street', into),
            text({ id: 'city', label: 'City', value: address.city, autocomplete: 'address-level2' }, 'address.city', into),
            text(
              { id: 'zip_code', label: 'Zip or postal code', value: address.zip_code, autocomplete: 'postal-code', maxLength: 10 },
              'address.zip_code',
              into,
            ),
            text(
              { id: 'address-notes', label: 'Flat, floor, what the driver should know', value: address.notes, optional: true, maxLength: 200 },
              'address.notes',
              into,
            ),
          ],
          'Continue',
        );
      } else if (step === 'time') {
        const select = element('select', { id: 'when', name: 'when' });
        select.append(element('option', { value: '' }, 'Choose a time'));
        if (context.openNow) select.append(element('option', { value: 'asap' }, 'As soon as possible'));
        for (const day of context.slots)
          select.append(
            element(
              'optgroup',
              { label: formatDate(day.date, store.country, 'long') },
              ...day.slots.map((slot) => element('option', { value: slot }, formatTime(slot, clockOf(store)))),
            ),
          );
        select.value = context.when ?? '';
        select.addEventListener('change', () => {
          if (select.value) send({ type: 'time.choose', when: select.value });
        });
        const hint = element('p', { class: 'muted', id: 'when-hint' }, `Times are the restaurant\u2019s local time (${store.time_zone}).`);
        const closedNote = context.openNow ? [] : [element('p', {}, 'We are closed now, so please choose a time.')];
        const error = element('p', { class: 'field-error', id: 'when-error', hidden: '' });
        select.setAttribute('aria-describedby', hint.id);
        into.errors.set('scheduled_for', (message) => {
          error.textContent = message ?? '';
          error.hidden = message === null;
          select.setAttribute('aria-describedby', message === null ? hint.id : `${error.id} ${hint.id}`);
          if (message === null) select.removeAttribute('aria-invalid');
          else select.setAttribute('aria-invalid', 'true');
        });
        into.controls.set('scheduled_for', select);
        const label = element('label', { for: 'when' }, context.fulfilment === 'delivery' ? 'When should we deliver?' : 'When will you pick it up?');
        into.nodes = stepForm('When?', [...closedNote, element('div', { class: 'field' }, label, hint, select, error)], 'Continue');
      } else if (step === 'contact') {
        const { customer } = context;
        into.nodes = stepForm(
          'Your details',
          [
            text({ id: 'name', label: 'Name', value: customer.name, autocomplete: 'name', maxLength: 80 }, 'customer.name', into),
            text({ id: 'phone', label: 'Phone', value: customer.phone, type: 'tel', autocomplete: 'tel', maxLength: 30 }, 'customer.phone', into),
            text({ id: 'email', label: 'Email', value: customer.email, type: 'email', autocomplete: 'email' }, 'customer.email', into),
            text(
              { id: 'order-note', label: 'Note for the restaurant', value: context.note, optional: true, multiline: true, maxLength: ORDER_NOTE_MAX },
              'note',
              into,
            ),
          ],
          'Review your order',
        );
      } else if (step === 'review') {
        into.nodes = stepForm('Review your order', review(context), 'Place order');
        const placeButton = (into.nodes[0] as HTMLFormElement).querySelector<HTMLButtonElement>('button[type="submit"]')!;
        if (checkoutFigures(context).minimum !== null) {
          // Placing is impossible here (the machine's guard); the button says so rather than vanishing.
          placeButton.setAttribute('aria-disabled', 'true');
          placeButton.setAttribute('aria-describedby', 'minimum-note');
        }
      } else if (step === 'placing') {
        heading.textContent = 'Placing your order\u2026';
        into.nodes = [element('p', { role: 'status' }, 'Sending your order to the restaurant.')];
      } else {
        heading.textContent = 'Your order is not placed yet';
        const retry = element('button', { class: 'button', type: 'button' }, 'Try again');
        retry.addEventListener('click', () => send({ type: 'order.retry' }));
        const back = element('button', { class: 'button secondary', type: 'button' }, 'Back');
        back.addEventListener('click', () => send({ type: 'step.back' }));
        into.nodes = [element('div', { class: 'actions' }, back, retry)];
      }
      return into;
    }

    function review(context: Context): Node[] {
      const figures = checkoutFigures(context);
      const row = (label: string, amount: string, strong = false) =>
        element('p', { class: 'subtotal' }, element('span', {}, label), strong ? element('strong', {}, amount) : element('span', {}, amount));
      const items = lines
        .filter((line) => line.problem === null)
        .map((line) =>
          element(
            'li',
            { class: 'cart-line' },
            element('div', { class: 'line-main' }, ...lineDetails(line, `${line.quantity} \u00d7 `)),
            element('span', {}, money(lineCents(line))),
          ),
        );
      const terms: Node[] = [];
      if (context.fulfilment === 'delivery') {
        if (context.terms.free_over !== null) terms.push(element('li', {}, `Free delivery over ${money(context.terms.free_over)}`));
        if (context.terms.min_order !== null) terms.push(element('li', {}, `Minimum order ${money(context.terms.min_order)}`));
      }
      const when = context.when === 'asap' ? 'As soon as possible' : formatDayTime(context.when!, clockOf(store));
      const where =
        context.fulfilment === 'delivery'
          ? `Delivery to ${context.address.street.trim()}, ${context.address.city.trim()} ${context.address.zip_code.trim()}`
          : 'Pickup at the restaurant';
      return [
        element('ul', { class: 'plain cart-lines' }, ...items),
        row('Subtotal', money(figures.subtotal)),
        ...(context.fulfilment === 'delivery' ? [row('Delivery fee', figures.fee === 0 ? 'Free' : money(figures.fee))] : []),
        row('Total', money(figures.total), true),
        ...(terms.length > 0 ? [element('ul', { class: 'plain terms' }, ...terms)] : []),
        element('p', {}, `${where}. ${when} (${store.time_zone}).`),
        element('p', {}, `${context.customer.name.trim()} \u00b7 ${context.customer.phone.trim()} \u00b7 ${context.customer.email.trim()}`),
        // What the restaurant and the driver will read, as it will be sent (issue 40).
        ...(context.fulfilment === 'delivery' && context.address.notes.trim() ? [element('p', {}, `Delivery notes: ${context.address.notes.trim()}`)] : []),
        ...(context.note.trim() ? [element('p', {}, `Note for the restaurant: ${context.note.trim()}`)] : []),
        element('p', { class: 'pay' }, `${paymentWords(context.fulfilment!)}. Nothing is charged online.`),
        ...(figures.minimum !== null ? [element('p', { class: 'field-error', id: 'minimum-note' }, figures.minimum)] : []),
      ];
    }

    function render(snapshot: Snapshot) {
      const step = SCREENS.find((candidate) => snapshot.hasTag(candidate)) ?? null;
      if (step === null) return;
      if (step !== screen) {
        screen = step;
        drawn = draw(step, snapshot.context);
        body.replaceChildren(...drawn.nodes);
      }
      for (const [key, setError] of drawn.errors) setError(snapshot.context.errors[key] ?? null);
      alert.textContent = snapshot.context.alert ?? '';
      alert.hidden = snapshot.context.alert === null;
      const submit = body.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (submit) submit.setAttribute('aria-busy', String(snapshot.hasTag('busy')));
      if (submit && snapshot.hasTag('busy')) submit.textContent = 'Checking your zip\u2026';
      else if (submit && step === 'address') submit.textContent = 'Continue';
    }

    checkout.on('step.shown', ({ field }) => {
      // After the snapshot is drawn: the subscription below runs after the emitted event.
      queueMicrotask(() => ((field ? drawn.controls.get(field) : undefined) ?? heading).focus());
    });
    checkout.on('checkout.closed', () => dialog.close());
    checkout.on('order.placed', ({ order }) => placed(order));
    const subscription = checkout.subscribe(render);
    // Escape or the close button ends this checkout; the cart is untouched.
    const end = () => {
      subscription.unsubscribe();
      checkout.stop();
      close.removeEventListener('click', onClose);
      dialog.removeEventListener('close', end);
    };
    const onClose = () => dialog.close();
    close.addEventListener('click', onClose);
    dialog.addEventListener('close', end);
    checkout.start();
    render(checkout.getSnapshot());
    dialog.showModal();
    heading.focus();
  };
}
