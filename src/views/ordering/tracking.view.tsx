import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { orderTimeText } from '../../../contracts/ordering/order-times';
import { clockOf, formatDayTime, formatTimeOrDayTime, wallDateTime } from '../../../contracts/shared/clock-format';
import { formatMoney } from '../../../contracts/shared/money-format';
import type { TrackedOrder } from '../../../contracts/ordering';
import type { trackingMachine } from '../../machines/ordering/tracking.machine';
import { useHydrated } from '../shared/use-hydrated';
import { useScreen } from '../shared/use-screen';
import { Receipt } from './money-row';
import { paymentWords, statusWords } from '../../../contracts/ordering/order-words';

type Tracking = ActorRefFrom<typeof trackingMachine>;

/** What the tracking page shows of its store: its name and logo in the header, a link back to it. */
export type TrackingStore = { name: string; logoUrl: string | null; slug: string };

/** "Ready around 18:45", "Arriving around 7:10 PM": when the order is expected, on the restaurant's clock, written its country's way. */
function expected(order: TrackedOrder): string | null {
  if (order.estimated_at === null) return null;
  const at = orderTimeText(order.estimated_at, order);
  return order.fulfilment === 'pickup' ? `Ready around ${at}` : `Arriving around ${at}`;
}

/** "tel:" wants the digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function OrderParts({ order }: { order: TrackedOrder }) {
  const zone = order.restaurant.time_zone;
  const clock = clockOf(order.restaurant);
  // Timeline times alone on the day the order was placed, with their day after it (a scheduled order's).
  const placedOn = wallDateTime(order.placed_at, zone).date;
  const money = (amount: number) => formatMoney(amount, order.currency);
  // An order not paid (yet) is not with the restaurant: no time to expect, no progress to show.
  const unpaid = order.status === 'awaiting_payment' || order.status === 'expired';
  const when = unpaid ? null : expected(order);
  const { address = '', phone = '' } = order.restaurant;
  return (
    <div>
      {/* data-status: a cancelled order's words are not shown in the colour of good news. */}
      <p className="order-status" data-status={order.status}>
        {statusWords(order.status, order.fulfilment)}
      </p>
      {when && <p>{`${when} (${zone}).`}</p>}
      {order.cancel_reason && <p>{`Reason: ${order.cancel_reason}`}</p>}
      {order.scheduled_for && <p>{`Asked for ${formatDayTime(order.scheduled_for, clock)}.`}</p>}
      {/* Where a pickup is collected and the restaurant's public phone (issue 40); whichever it gave. */}
      {order.fulfilment === 'pickup' && address && <p>{`Pick up at ${order.restaurant.name}, ${address}.`}</p>}
      {phone && (
        <p>
          Questions? Call <a href={telHref(phone)}>{phone}</a>.
        </p>
      )}
      {!unpaid && (
        <>
          <h2>Progress</h2>
          <ol className="timeline">
            {order.timeline.map((entry) => (
              <li key={`${entry.status}-${entry.at}`}>
                <time dateTime={entry.at}>{formatTimeOrDayTime(entry.at, clock, placedOn)}</time>
                {` ${statusWords(entry.status, order.fulfilment)}${entry.status === 'accepted' && entry.detail ? ` (${entry.detail} min)` : ''}`}
              </li>
            ))}
          </ol>
        </>
      )}
      <h2>Your order</h2>
      <ul className="plain cart-lines">
        {order.lines.map((line, index) => (
          <li key={index} className="cart-line">
            <div className="line-main">
              <strong>{`${line.quantity} \u00d7 ${line.size_name ? `${line.name} (${line.size_name})` : line.name}`}</strong>
              {line.extras.length > 0 && <span className="muted line-extras">{line.extras.map((extra) => extra.name).join(', ')}</span>}
              {line.note && <span className="muted line-extras">{`Note: ${line.note}`}</span>}
            </div>
            <span>{money(line.line_total)}</span>
          </li>
        ))}
      </ul>
      <Receipt figures={order} />
      <PaymentLine order={order} />
    </div>
  );
}

/** How the order is paid, as the customer would ask (issue 44); nothing for an order nobody pays for. */
function PaymentLine({ order }: { order: TrackedOrder }) {
  const { payment } = order;
  const money = (amount: number) => formatMoney(amount, order.currency);
  if (order.status === 'cancelled' || order.status === 'expired') {
    return payment.state === 'released' ? <p className="pay">The card payment was released: nothing was charged.</p> : null;
  }
  if (payment.method === 'in_person') return <p className="pay">{`${paymentWords(order.fulfilment)}.`}</p>;
  if (payment.state === 'authorized' || payment.state === 'captured') {
    return <p className="pay">{`Payment received: ${money(payment.paid)} by card.${payment.refunded > 0 ? ` ${money(payment.refunded)} refunded.` : ''}`}</p>;
  }
  return null;
}

/**
 * A card order whose payment did not go through: it is not with the restaurant, and the same order
 * can be paid on a new page (its coupon and prices held until it expires).
 */
function PaymentDue({ retrying, error, retry }: { retrying: boolean; error: string | null; retry: () => void }) {
  return (
    <section className="payment-due" aria-labelledby="payment-due-title">
      <h2 id="payment-due-title">Payment not completed</h2>
      <p>Your order is not with the restaurant yet: it is sent as soon as it is paid.</p>
      <button type="button" className="button" onClick={retry} disabled={retrying} aria-describedby={error ? 'payment-due-error' : undefined}>
        {retrying ? 'Opening the payment page\u2026' : 'Try again'}
      </button>
      {error && (
        <p className="field-error" id="payment-due-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/**
 * The tracking page (issue 30), rendered by the server from the tracking machine's first state and
 * hydrated in the browser, where the machine runs: the order's number, status, expected time,
 * timeline, lines and totals. A change of status is said in the page's polite live region, never
 * by moving the focus. The page stops asking while hidden and once the order is completed or cancelled.
 */
export function TrackingPage({ store, tracking }: { store: TrackingStore; tracking: Tracking }) {
  const hydrated = useHydrated();
  const snapshot = useSelector(tracking, (state) => state);
  const [news, setNews] = useState('');
  useScreen(tracking, {
    'order.changed': ({ order, previous }) => previous !== null && setNews(`Order #${order.number}: ${statusWords(order.status, order.fulfilment)}.`),
    // The provider's page for a new attempt: the customer pays there and comes back here.
    'payment.open': ({ url }) => window.location.assign(url),
  });
  // The page's life is the machine's: it starts once the page is live and follows the tab's visibility.
  useEffect(() => {
    const visibility = () => tracking.send({ type: document.hidden ? 'page.hidden' : 'page.visible' });
    document.addEventListener('visibilitychange', visibility);
    tracking.start();
    return () => {
      document.removeEventListener('visibilitychange', visibility);
      tracking.stop();
    };
  }, [tracking]);

  const { order } = snapshot.context;
  const notFound = snapshot.hasTag('notFound');
  const note = snapshot.hasTag('failed')
    ? 'We could not check for news just now: we will try again shortly.'
    : snapshot.hasTag('finished') || notFound
      ? ''
      : order
        ? 'This page updates by itself.'
        : 'Loading your order\u2026';
  return (
    <>
      <header className="hero">
        <div className="wrap hero-inner">
          {store.logoUrl && <img className="logo" src={store.logoUrl} alt={`${store.name} logo`} width={80} height={80} />}
          <div>
            <p className="hero-name">
              <a href={`/${store.slug}`}>{store.name}</a>
            </p>
          </div>
        </div>
      </header>
      <main className="wrap tracking" id="tracking">
        <h1>{notFound ? 'We can\u2019t find this order' : order ? `Order #${order.number}` : 'Your order'}</h1>
        {!hydrated && (
          <noscript>
            <p>This page needs JavaScript to show your order. The confirmation email has its details.</p>
          </noscript>
        )}
        {notFound && (
          <p>
            Check the link in your confirmation email, or <a href={`/${store.slug}`}>go back to the store</a>.
          </p>
        )}
        {!notFound && order?.status === 'awaiting_payment' && (
          <PaymentDue retrying={snapshot.hasTag('retrying')} error={snapshot.context.paymentError} retry={() => tracking.send({ type: 'payment.retry' })} />
        )}
        {!notFound && order && <OrderParts order={order} />}
        {hydrated && <p className="muted">{note}</p>}
      </main>
      <p className="vh" role="status" id="tracking-news">
        {news}
      </p>
    </>
  );
}
