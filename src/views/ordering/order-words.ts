import type { OrderStatus, Fulfilment } from '../../../contracts/ordering';

/** How the customer's pages say times and statuses (issue 30): the restaurant's wall clock, 24-hour like the store's hours. */

const formats = new Map<string, Intl.DateTimeFormat>();
function format(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options });
    formats.set(key, made);
  }
  return made;
}

/** "18:30" in the restaurant's zone. */
export const clockTime = (iso: string, zone: string) => format(zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** "Thursday, November 26" for a calendar date of the restaurant (already in its zone). */
export const dayLabel = (date: string) => format('UTC', { weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(`${date}T12:00:00Z`));

/** "Thursday, November 26 at 18:30" in the restaurant's zone. */
export const dayAndTime = (iso: string, zone: string) =>
  `${format(zone, { weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(iso))} at ${clockTime(iso, zone)}`;

export function statusWords(status: OrderStatus, fulfilment: Fulfilment): string {
  switch (status) {
    case 'placed':
      return 'Placed: waiting for the restaurant to accept it';
    case 'accepted':
      return 'Accepted: being prepared';
    case 'ready':
      return fulfilment === 'pickup' ? 'Ready for pickup' : 'Ready: waiting for the driver';
    case 'out_for_delivery':
      return 'Out for delivery';
    case 'completed':
      return fulfilment === 'pickup' ? 'Picked up' : 'Delivered';
    case 'cancelled':
      return 'Cancelled';
  }
}

export const paymentWords = (fulfilment: Fulfilment) => (fulfilment === 'pickup' ? 'Pay at pickup' : 'Pay on delivery');
