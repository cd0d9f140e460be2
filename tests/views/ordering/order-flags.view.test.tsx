import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '#src/theme';
import { KitchenTicket } from '#src/views/ordering/kitchen-ticket';
import { laterDayWords, lateWords, OrderFlags } from '#src/views/ordering/order-flags';
import { BOARD_NOW, BOARD_TODAY, ownerOrder } from '../../fixtures/ordering/owner-orders';

/** Issue 45: an order for a later day flagged with its date, an accepted one past its time warned of; on the restaurant's clock. */
const US = { name: 'Blue Door', slug: 'blue-door', time_zone: 'America/Chicago', country: 'United States' };
const now = BOARD_NOW.toISOString();
/** Tuesday, December 1, 18:00 in Chicago. */
const nextWeek = ownerOrder({ id: 1, scheduled_for: '2026-12-02T00:00:00.000Z', restaurant: US });
/** Today, 17:00 in Chicago. */
const tonight = ownerOrder({ id: 2, scheduled_for: '2026-11-27T23:00:00.000Z', restaurant: US });
const acceptedDue = (estimated: string) => ownerOrder({ id: 3, status: 'accepted', estimated_at: estimated, restaurant: US });

const wrap = (node: React.ReactNode) => render(<MantineProvider theme={theme}>{node}</MantineProvider>);

describe('order flags', () => {
  it('flags an order booked for a later day with its date, not one for the board’s day or as soon as possible', () => {
    expect(laterDayWords(nextWeek, BOARD_TODAY)).toBe('For Tue, Dec 1, 6:00 PM');
    expect(laterDayWords(tonight, BOARD_TODAY)).toBeNull();
    expect(laterDayWords(ownerOrder({ id: 4 }), BOARD_TODAY)).toBeNull();
  });

  it('warns of an accepted order past its promised time only', () => {
    expect(lateWords(acceptedDue('2026-11-27T17:45:00.000Z'), now)).toBe('Late: due 11:45 AM');
    expect(lateWords(acceptedDue('2026-11-27T18:30:00.000Z'), now)).toBeNull();
    expect(lateWords({ ...acceptedDue('2026-11-27T17:45:00.000Z'), status: 'ready' }, now)).toBeNull();
  });

  it('shows both on the card, in words', () => {
    wrap(<OrderFlags order={{ ...nextWeek, status: 'accepted', estimated_at: '2026-11-27T17:00:00.000Z' }} today={BOARD_TODAY} now={now} />);
    expect(screen.getByText('For Tue, Dec 1, 6:00 PM')).toBeInTheDocument();
    expect(screen.getByText('Late: due 11:00 AM')).toBeInTheDocument();
  });

  it('prints the later day on the kitchen ticket', () => {
    wrap(<KitchenTicket order={nextWeek} today={BOARD_TODAY} />);
    expect(screen.getByText('For Tue, Dec 1, 6:00 PM').tagName).toBe('STRONG');
  });
});
