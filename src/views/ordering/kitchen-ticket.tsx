import { createPortal } from 'react-dom';
import type { OwnerOrder } from '../../../contracts/ordering';
import { paymentLine, receiptLine } from '../../../contracts/ordering/order-receipt';
import classes from './order-board.module.css';
import { laterDayWords } from './order-flags';
import { addressLine, clockTime, fulfilmentWord, lineExtras, lineTitle, placedDate, whenWanted } from './order-text';

/**
 * The kitchen ticket of one order, laid out for the printer only (order-board.module.css hides
 * it on screen and everything else on paper): the restaurant, the number, the date and time,
 * pickup or delivery, each line with its size, extras and note, the order's note, the total and
 * what to collect or what the card paid (issues 40, 44), and who to call. A child of body, so that print
 * CSS can leave out everything else without leaving blank pages behind.
 */
export function KitchenTicket({ order, today }: { order: OwnerOrder | null; today: string | null }) {
  if (!order) return null;
  return createPortal(
    <section className={classes.ticket} aria-label={`Kitchen ticket for order #${order.number}`}>
      <p>{order.restaurant.name}</p>
      <h2>#{order.number}</h2>
      {laterDayWords(order, today) ? (
        <p>
          <strong>{laterDayWords(order, today)}</strong>
        </p>
      ) : null}
      <p>
        {placedDate(order)} · {fulfilmentWord(order)} · placed {clockTime(order.placed_at, order, today)} · {whenWanted(order, today)}
      </p>
      <ul>
        {order.lines.map((line, index) => (
          <li key={`${line.item_id}-${index}`}>
            <strong>{lineTitle(line)}</strong>
            {lineExtras(line) ? <div>{lineExtras(line)}</div> : null}
            {line.note ? <div>{`Note: ${line.note}`}</div> : null}
          </li>
        ))}
      </ul>
      {order.note ? <p>{`Order note: ${order.note}`}</p> : null}
      <p>{receiptLine(order)}</p>
      {paymentLine(order) ? (
        <p>
          <strong>{paymentLine(order)}</strong>
        </p>
      ) : null}
      <p>
        {order.customer.name} · {order.customer.phone}
      </p>
      {order.address ? (
        <p>
          {addressLine(order.address)}
          {order.address.notes ? ` (${order.address.notes})` : ''}
        </p>
      ) : null}
    </section>,
    document.body,
  );
}
