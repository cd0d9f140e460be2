import { describe, expect, it } from 'vitest';
import { orderEmail } from '#server/domain/ordering/order-mail';
import { ownerOrder } from '#tests/fixtures/ordering/owner-orders';

/** The customer's mails write times the restaurant's country's way, and a scheduled order's names its day (issue 40). */

const PUBLIC_URL = 'https://order.example.com';
const inChicago = { name: 'Blue Door', slug: 'blue-door', time_zone: 'America/Chicago', country: 'United States' };
const inLondon = { name: 'Red Door', slug: 'red-door', time_zone: 'Europe/London', country: 'United Kingdom' };
/** Booked on Friday 27 November for Tuesday 1 December, 18:00 in Chicago (00:00 UTC on the 2nd). */
const booked = { scheduled_for: '2026-12-02T00:00:00.000Z', estimated_at: '2026-12-02T00:00:00.000Z' };

describe('order mails', { timeout: 10_000 }, () => {
  it('name the day and the time of a scheduled order, in 12-hour time in the US', () => {
    const order = ownerOrder({ id: 1, restaurant: inChicago, ...booked });
    expect(orderEmail('placed', order, PUBLIC_URL).text).toContain('Blue Door has your order #11 for Tue, Dec 1, 6:00 PM.');
    expect(orderEmail('accepted', order, PUBLIC_URL).text).toContain('It should be ready at Tue, Dec 1, 6:00 PM.');
  });

  it('write 24-hour time with the day before the month elsewhere, and the time alone for an order wanted now', () => {
    const scheduled = ownerOrder({ id: 2, restaurant: inLondon, scheduled_for: '2026-12-01T18:00:00.000Z', estimated_at: '2026-12-01T18:00:00.000Z' });
    expect(orderEmail('placed', scheduled, PUBLIC_URL).text).toContain('Red Door has your order #12 for Tue 1 Dec, 18:00.');
    const now = ownerOrder({ id: 3, restaurant: inLondon, estimated_at: '2026-11-27T18:25:00.000Z' });
    expect(orderEmail('accepted', now, PUBLIC_URL).html).toContain('It should be ready at 18:25.');
  });

  it('say how much a refund gave back and why, in text and HTML alike, the reason escaped', () => {
    const order = ownerOrder({ id: 4, restaurant: inChicago, payment: { method: 'card', state: 'captured', paid: 27, refunded: 4.5 } });
    const mail = orderEmail('refunded', order, PUBLIC_URL, { amount: 4.5, reason: 'Cold <pizza>' });
    expect(mail.subject).toBe('Refund for order #14');
    expect(mail.text).toContain('Blue Door refunded $4.50 of your order #14 to your card.');
    expect(mail.text).toContain('Reason: Cold <pizza>');
    expect(mail.html).toContain('Reason: Cold &lt;pizza&gt;');
    // Without the refund at hand, the mail names what was refunded in all.
    expect(orderEmail('refunded', { ...order, payment: { ...order.payment, refunded: 9 } }, PUBLIC_URL).text).toContain('refunded $9.00 of your order #14');
  });
});

describe('how order mails say the payment (issue 44)', { timeout: 10_000 }, () => {
  it('closes the receipt with what to collect in person, or what the card paid', () => {
    const inPerson = orderEmail('placed', ownerOrder({ id: 1, fulfilment: 'delivery' }), PUBLIC_URL).text;
    expect(inPerson).toContain('Total: $30.00\nPay on delivery: $30.00.\n');
    const card = ownerOrder({ id: 2, payment: { method: 'card', state: 'authorized', paid: 27, refunded: 0 } });
    const { text, html } = orderEmail('placed', card, PUBLIC_URL);
    expect(text).toContain('Total: $27.00\nPaid by card: $27.00.\n');
    expect(text).not.toContain('Pay at pickup');
    expect(html).toContain('Paid by card: $27.00.');
  });

  it('tells a card customer whose order was cancelled that the payment was released or refunded; in person, nothing to pay', () => {
    const cancelled = { status: 'cancelled', cancel_reason: 'Out of dough' } as const;
    const released = ownerOrder({ id: 1, ...cancelled, payment: { method: 'card', state: 'released', paid: 0, refunded: 0 } });
    expect(orderEmail('cancelled', released, PUBLIC_URL).text).toContain('Reason: Out of dough\nCard payment released.\n');
    const refunded = ownerOrder({ id: 2, ...cancelled, payment: { method: 'card', state: 'captured', paid: 27, refunded: 27 } });
    expect(orderEmail('cancelled', refunded, PUBLIC_URL).text).toContain('Paid by card: $27.00 · $27.00 refunded.');
    const inPerson = orderEmail('cancelled', ownerOrder({ id: 3, ...cancelled }), PUBLIC_URL).text;
    expect(inPerson).toContain('Reason: Out of dough\n\nFollow your order');
  });
});
