import { eq } from 'drizzle-orm';
import type { OwnerOrder } from '../../../contracts/ordering';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema-ordering';
import { escapeHtml, mailPage, paragraph } from '../shared/mail-layout';
import { summary } from './order-mail';
import { ownerView } from './order-reads';
import type { StoreReaders } from './store-readers';

/**
 * The mail a restaurant gets for every new order (issue 40), so an owner away from the board
 * still hears of it: who ordered, how to reach them, pickup or delivery and when, what was
 * ordered, and a link to the board. Only the restaurant's own address receives it.
 */

/** Where the restaurant's new orders are mailed, or null when it turned the mail off (server/app.ts hands it in). */
export type NewOrderMailTo = (db: Db, restaurantId: number) => Promise<string | null>;

/** "Tue 1 Dec, 6:45 PM" on the restaurant's wall clock. */
const bookedTime = (at: string, zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(
    new Date(at),
  );

function wording(order: OwnerOrder): { subject: string; lines: string[] } {
  const how = order.fulfilment === 'pickup' ? 'Pickup' : 'Delivery';
  const when = order.scheduled_for ? `for ${bookedTime(order.scheduled_for, order.restaurant.time_zone)}` : 'as soon as possible';
  const address = order.address
    ? [`Deliver to: ${order.address.street}, ${order.address.city} ${order.address.zip_code}${order.address.notes ? ` (${order.address.notes})` : ''}`]
    : [];
  return {
    subject: `New order #${order.number}: ${how.toLowerCase()} ${when}`,
    lines: [
      `${order.restaurant.name} has a new order #${order.number}: ${how.toLowerCase()}, ${when}.`,
      `Customer: ${order.customer.name}, ${order.customer.phone}, ${order.customer.email}`,
      ...address,
      ...(order.note ? [`Note: ${order.note}`] : []),
      ...summary(order),
    ],
  };
}

/** The mail about one new order, or null when its restaurant does not want it (or the order is gone). */
export async function newOrderMail(
  db: Db,
  readers: StoreReaders,
  mailTo: NewOrderMailTo,
  orderId: number,
  publicUrl: string,
): Promise<{ to: string; subject: string; text: string; html: string } | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return null;
  const to = await mailTo(db, row.restaurantId);
  if (to === null) return null;
  const order = await ownerView(db, readers, row);
  const { subject, lines } = wording(order);
  const board = `${publicUrl}/backoffice/orders`;
  const text = [...lines, '', `Open the order board: ${board}`, ''].join('\n');
  const html = mailPage({
    title: subject,
    heading: order.restaurant.name,
    publicUrl,
    body: [
      ...lines.map((line) => paragraph(escapeHtml(line))),
      paragraph(`<a href="${escapeHtml(board)}" style="color:#1c7ed6;">Open the order board</a>`),
    ].join('\n      '),
  });
  return { to, subject, text, html };
}
