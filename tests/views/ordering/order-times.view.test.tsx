import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KitchenTicket } from '#src/views/ordering/kitchen-ticket';
import { BOARD_TODAY, ownerOrder } from '../../fixtures/ordering/owner-orders';

/**
 * The kitchen ticket and the board's cards (both through order-text.ts) write times the
 * restaurant's country's way (issue 40): 12-hour in the US and Canada, 24-hour elsewhere, and a
 * day that is not the board's as people write it, never as ISO.
 */
afterEach(cleanup);

const ticket = (number: number) => screen.getByRole('region', { name: `Kitchen ticket for order #${number}` });

describe('order times on the board and the kitchen ticket', () => {
  it('are 12-hour in the US, with the day of an order booked for another day', () => {
    const restaurant = { name: 'Blue Door', slug: 'blue-door', time_zone: 'America/Chicago', country: 'United States' };
    // Placed 11:45 on the board's day; booked for Saturday 28 November, 18:00 in Chicago.
    render(<KitchenTicket order={ownerOrder({ id: 1, restaurant, scheduled_for: '2026-11-29T00:00:00.000Z' })} today={BOARD_TODAY} />);
    expect(ticket(11)).toHaveTextContent('placed 11:45 AM · For Sat, Nov 28, 6:00 PM');
  });

  it('are 24-hour elsewhere, the day before the month', () => {
    const restaurant = { name: 'Red Door', slug: 'red-door', time_zone: 'Europe/London', country: 'United Kingdom' };
    render(<KitchenTicket order={ownerOrder({ id: 2, restaurant, scheduled_for: '2026-11-28T18:00:00.000Z' })} today={BOARD_TODAY} />);
    expect(ticket(12)).toHaveTextContent('placed 17:45 · For Sat 28 Nov, 18:00');
  });
});
