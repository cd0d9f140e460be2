import { describe, expect, it } from 'vitest';
import type { OpeningDay } from '#contracts/shared/opening-hours';
import type { Schedule } from '#contracts/shared/opening-status';
import { isOrderSlot, orderSlots } from '#contracts/shared/order-slots';

/**
 * Issue 40, item 19: the times an order may be asked for, at their edges. The checkout offers
 * orderSlots and the server accepts isOrderSlot: both must stop a quarter before closing and at
 * the end of the sixth day after today, and follow a special day's night into the next date.
 */
const day = (day_of_week: number): OpeningDay => ({
  day_of_week,
  closed: false,
  open_time: '09:00',
  break_start: null,
  reopen_time: null,
  close_time: '21:00',
});
const london: Schedule = { time_zone: 'Europe/London', open_247: false, days: [1, 2, 3, 4, 5, 6, 7].map(day), special_days: [] };
/** Wednesday 25 November 2026, 18:00 in London (GMT, so wall clock and UTC agree). */
const NOW = new Date('2026-11-25T18:00:00Z');
const LEAD = 10;

describe('order slots at their edges', () => {
  const days = orderSlots(london, NOW, LEAD);

  it('offers today and the next six days, never the eighth', () => {
    expect(days.map((slotDay) => slotDay.date)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01']);
    expect(isOrderSlot(london, NOW, LEAD, '2026-12-01T20:45:00.000Z')).toBe(true);
    expect(isOrderSlot(london, NOW, LEAD, '2026-12-02T09:00:00.000Z')).toBe(false);
  });

  it('ends each day a quarter before closing: the closing minute is no slot', () => {
    for (const slotDay of days) expect(slotDay.slots.at(-1)).toBe(`${slotDay.date}T20:45:00.000Z`);
    expect(days.flatMap((slotDay) => slotDay.slots)).not.toContain('2026-11-25T21:00:00.000Z');
    expect(isOrderSlot(london, NOW, LEAD, '2026-11-25T20:45:00.000Z')).toBe(true);
    expect(isOrderSlot(london, NOW, LEAD, '2026-11-25T21:00:00.000Z')).toBe(false);
    // The first: now plus the lead, on the quarter.
    expect(days[0]!.slots[0]).toBe('2026-11-25T18:15:00.000Z');
  });

  it("follows a special day's night (18:00 to 02:00) into the next date, up to a quarter before it ends", () => {
    const lateNight = { ...london, special_days: [{ date: '2026-11-28', closed: false, open_time: '18:00', close_time: '02:00', note: '' }] };
    const sunday = orderSlots(lateNight, NOW, LEAD).find((slotDay) => slotDay.date === '2026-11-29')!;
    expect(sunday.slots.slice(0, 8)).toEqual(
      ['00:00', '00:15', '00:30', '00:45', '01:00', '01:15', '01:30', '01:45'].map((time) => `2026-11-29T${time}:00.000Z`),
    );
    expect(sunday.slots[8]).toBe('2026-11-29T09:00:00.000Z');
    expect(isOrderSlot(lateNight, NOW, LEAD, '2026-11-29T01:45:00.000Z')).toBe(true);
    expect(isOrderSlot(lateNight, NOW, LEAD, '2026-11-29T02:00:00.000Z')).toBe(false);
    // Saturday's special day replaces its 09:00 opening.
    expect(isOrderSlot(lateNight, NOW, LEAD, '2026-11-28T09:00:00.000Z')).toBe(false);
  });
});
