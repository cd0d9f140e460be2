import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { orderTimeText } from '../../../contracts/ordering/order-times';
import { clockOf, formatDayTime, formatTimeOrDayTime, wallDateTime } from '../../../contracts/shared/clock-format';
import { formatMoney } from '../../../contracts/shared/money-format';
import type { TrackedOrder } from '../../../contracts/ordering';
import type { trackingMachine } from '../../machines/ordering/tracking.machine';
import { element } from '../shared/dom';
import { paymentWords, statusWords } from '../../../contracts/ordering/order-words';

type Tracking = ActorRefFrom<typeof trackingMachine>;

/** "Ready around 18:45", "Arriving around 7:10 PM": when the order is expected, on the restaurant's clock, written its country's way. */
function expected(order: TrackedOrder): string | null {
  if (order.estimated_at === null) return null;
  const at = orderTimeText(order.estimated_at, order);
  return order.fulfilment === 'pickup' ? `Ready around ${at}` : `Arriving around ${at}`;
}

/** "tel:" wants the digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Where a pickup is collected and the restaurant's public phone (issue 40); whichever it gave. */
function restaurantContact(order: TrackedOrder): Node[] {
  const { address = '', phone = '' } = order.restaurant;
  return [
    ...(order.fulfilment === 'pickup' && address ? [element('p', {}, `Pick up at ${order.restaurant.name}, ${address}.`)] : []),
    ...(phone ? [element('p', {}, 'Questions? Call ', element('a', { href: telHref(phone) }, phone), '.')] : []),
  ];
}

function orderParts(order: TrackedOrder): Node[] {
  const zone = order.restaurant.time_zone;
  const clock = clockOf(order.restaurant);
  // Timeline times alone on the day the order was placed, with their day after it (a scheduled order's).
  const placedOn = wallDateTime(order.placed_at, zone).date;
  const money = (amount: number) => formatMoney(amount, order.currency);
  const when = expected(order);
  const row = (label: string, amount: string) => element('p', { class: 'subtotal' }, element('span', {}, label), element('span', {}, amount));
  return [
    // data-status: a cancelled order's words are not shown in the colour of good news.
    element('p', { class: 'order-status', 'data-status': order.status }, statusWords(order.status, order.fulfilment)),
    ...(when ? [element('p', {}, `${when} (${zone}).`)] : []),
    ...(order.cancel_reason ? [element('p', {}, `Reason: ${order.cancel_reason}`)] : []),
    ...(order.scheduled_for ? [element('p', {}, `Asked for ${formatDayTime(order.scheduled_for, clock)}.`)] : []),
    ...restaurantContact(order),
    element('h2', {}, 'Progress'),
    element(
      'ol',
      { class: 'timeline' },
      ...order.timeline.map((entry) =>
        element(
          'li',
          {},
          element('time', { datetime: entry.at }, formatTimeOrDayTime(entry.at, clock, placedOn)),
          ` ${statusWords(entry.status, order.fulfilment)}${entry.status === 'accepted' && entry.detail ? ` (${entry.detail} min)` : ''}`,
        ),
      ),
    ),
    element('h2', {}, 'Your order'),
    element(
      'ul',
      { class: 'plain cart-lines' },
      ...order.lines.map((line) =>
        element(
          'li',
          { class: 'cart-line' },
          element(
            'div',
            { class: 'line-main' },
            element('strong', {}, `${line.quantity} \u00d7 ${line.size_name ? `${line.name} (${line.size_name})` : line.name}`),
            ...(line.extras.length > 0 ? [element('span', { class: 'muted line-extras' }, line.extras.map((extra) => extra.name).join(', '))] : []),
            ...(line.note ? [element('span', { class: 'muted line-extras' }, `Note: ${line.note}`)] : []),
          ),
          element('span', {}, money(line.line_total)),
        ),
      ),
    ),
    row('Subtotal', money(order.subtotal)),
    ...(order.fulfilment === 'delivery' ? [row('Delivery fee', order.fee === 0 ? 'Free' : money(order.fee))] : []),
    element('p', { class: 'subtotal' }, element('span', {}, 'Total'), element('strong', {}, money(order.total))),
    // A cancelled order is paid for by nobody.
    ...(order.status === 'cancelled' ? [] : [element('p', { class: 'pay' }, `${paymentWords(order.fulfilment)}.`)]),
  ];
}

/**
 * The tracking page's content (issue 30), drawn into `root` from the tracking machine: the
 * order's number, status, expected time, timeline, lines and totals. A change of status is said
 * in the page's polite live region (`live`), never by moving the focus. The page stops asking
 * while hidden (visibilitychange) and once the order is completed or cancelled.
 */
export function trackingView(root: HTMLElement, live: HTMLElement, tracking: Tracking, storeHref: string) {
  const heading = root.querySelector('h1')!;
  const content = element('div', {});
  const note = element('p', { class: 'muted' });
  root.append(content, note);

  function render(snapshot: SnapshotFrom<typeof trackingMachine>) {
    const { order } = snapshot.context;
    if (snapshot.hasTag('notFound')) {
      heading.textContent = 'We can\u2019t find this order';
      content.replaceChildren(
        element('p', {}, 'Check the link in your confirmation email, or ', element('a', { href: storeHref }, 'go back to the store'), '.'),
      );
      note.textContent = '';
      return;
    }
    if (order) {
      heading.textContent = `Order #${order.number}`;
      content.replaceChildren(...orderParts(order));
    }
    note.textContent = snapshot.hasTag('failed')
      ? 'We could not check for news just now: we will try again shortly.'
      : snapshot.hasTag('finished')
        ? ''
        : order
          ? 'This page updates by itself.'
          : 'Loading your order\u2026';
  }

  tracking.on('order.changed', ({ order, previous }) => {
    if (previous !== null) live.textContent = `Order #${order.number}: ${statusWords(order.status, order.fulfilment)}.`;
  });
  tracking.subscribe(render);
  document.addEventListener('visibilitychange', () => tracking.send({ type: document.hidden ? 'page.hidden' : 'page.visible' }));
  tracking.start();
  render(tracking.getSnapshot());
}
