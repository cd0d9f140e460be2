import { describe, expect, it } from 'vitest';
import type { OpeningDay } from '#contracts/shared/opening-hours';
import type { Schedule } from '#contracts/shared/opening-status';
import { resolveSoldOutUntil, SOLD_OUT_MESSAGES } from '#contracts/shared/sold-out';
import { isSoldOut, soldOutLines, soldOutWords } from '#contracts/shared/sold-out-words';

/**
 * The sold-out rule both ends run (issue 45): what "until close", "until tomorrow" and a date and
 * time mean in the restaurant's own zone, whether a time has passed, and the customer's sentence.
 */
const day = (day_of_week: number, open_time: string, close_time: string): OpeningDay => ({
  day_of_week,
  closed: false,
  open_time,
  close_time,
  break_start: null,
  reopen_time: null,
});
const newYork = (days: OpeningDay[], extra: Partial<Schedule> = {}): Schedule => ({
  time_zone: 'America/New_York',
  open_247: false,
  days,
  special_days: [],
  ...extra,
});
const everyDay = (open: string, close: string) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => day(weekday, open, close));
const at = (iso: string) => new Date(iso);
const resolved = (until: string, schedule: Schedule, now: string) => {
  const answer = resolveSoldOutUntil(until, schedule, at(now));
  return answer.ok ? answer.at.toISOString() : answer.message;
};

describe('resolveSoldOutUntil', () => {
  it('“tomorrow” is the next local midnight, across both daylight-saving changes in New York', () => {
    const schedule = newYork(everyDay('09:00', '21:00'));
    // Saturday 7 March 2026, 22:00 EST: Sunday’s midnight is still EST (the clocks jump at 02:00).
    expect(resolved('tomorrow', schedule, '2026-03-08T03:00:00Z')).toBe('2026-03-08T05:00:00.000Z');
    // Sunday 8 March (a 23-hour day), 12:00 EDT: Monday’s midnight is EDT, 23 hours after the last.
    expect(resolved('tomorrow', schedule, '2026-03-08T16:00:00Z')).toBe('2026-03-09T04:00:00.000Z');
    // Sunday 1 November (a 25-hour day), 00:30 EDT, before the clocks go back: Monday’s midnight is EST.
    expect(resolved('tomorrow', schedule, '2026-11-01T04:30:00Z')).toBe('2026-11-02T05:00:00.000Z');
  });

  it('“close” is the end of the current opening, else of the next; overnight hours close the next morning', () => {
    expect(resolved('close', newYork(everyDay('09:00', '21:00')), '2026-06-10T16:00:00Z')).toBe('2026-06-11T01:00:00.000Z');
    expect(resolved('close', newYork(everyDay('09:00', '21:00')), '2026-06-11T02:00:00Z')).toBe('2026-06-12T01:00:00.000Z');
    expect(resolved('close', newYork(everyDay('18:00', '02:00')), '2026-06-11T04:00:00Z')).toBe('2026-06-11T06:00:00.000Z');
  });

  it('“close” of a store open around the clock, or never open, is the next midnight', () => {
    expect(resolved('close', newYork([], { open_247: true }), '2026-06-10T16:00:00Z')).toBe('2026-06-11T04:00:00.000Z');
    expect(resolved('close', newYork([]), '2026-06-10T16:00:00Z')).toBe('2026-06-11T04:00:00.000Z');
  });

  it('takes a date and time with its offset after now and at most 30 days ahead', () => {
    const schedule = newYork(everyDay('09:00', '21:00'));
    expect(resolved('2026-06-10T18:00:00-04:00', schedule, '2026-06-10T16:00:00Z')).toBe('2026-06-10T22:00:00.000Z');
    expect(resolved('2026-07-10T16:00:00Z', schedule, '2026-06-10T16:00:00Z')).toBe('2026-07-10T16:00:00.000Z');
    expect(resolved('2026-07-10T16:00:01Z', schedule, '2026-06-10T16:00:00Z')).toBe(SOLD_OUT_MESSAGES.tooFar);
    expect(resolved('2026-06-10T16:00:00Z', schedule, '2026-06-10T16:00:00Z')).toBe(SOLD_OUT_MESSAGES.past);
    expect(resolved('2026-06-10 18:00', schedule, '2026-06-10T16:00:00Z')).toBe(SOLD_OUT_MESSAGES.until);
    expect(resolved('2026-06-10T25:00', schedule, '2026-06-10T16:00:00Z')).toBe(SOLD_OUT_MESSAGES.until);
  });

  it('reads a date and time without an offset on the restaurant’s clock, whatever the sender’s zone', () => {
    const schedule = newYork(everyDay('09:00', '21:00'));
    // 18:00 in New York (EDT) is 22:00 UTC; the same words for a London restaurant are 17:00 UTC.
    expect(resolved('2026-06-10T18:00', schedule, '2026-06-10T16:00:00Z')).toBe('2026-06-10T22:00:00.000Z');
    expect(resolved('2026-06-10T18:00', { ...schedule, time_zone: 'Europe/London' }, '2026-06-10T16:00:00Z')).toBe('2026-06-10T17:00:00.000Z');
    // The night the clocks jump from 02:00 to 03:00 in New York: 02:30 does not exist, it is 03:00 EDT.
    expect(resolved('2026-03-08T02:30', schedule, '2026-03-07T16:00:00Z')).toBe('2026-03-08T07:00:00.000Z');
    expect(resolved('2026-06-10T11:59', schedule, '2026-06-10T16:00:00Z')).toBe(SOLD_OUT_MESSAGES.past);
  });
});

describe('isSoldOut and the customer’s words', () => {
  const clock = { zone: 'America/New_York', country: 'United States' };
  const now = at('2026-06-10T16:00:00Z');

  it('is sold out until the instant, then on sale by itself', () => {
    expect(isSoldOut('2026-06-10T16:00:01Z', now)).toBe(true);
    expect(isSoldOut('2026-06-10T16:00:00Z', now)).toBe(false);
    expect(isSoldOut(null, now)).toBe(false);
    expect(isSoldOut(undefined, now)).toBe(false);
  });

  it('says the time today, “tomorrow” at the next midnight, else the day and time', () => {
    expect(soldOutWords('2026-06-11T01:00:00Z', clock, '2026-06-10')).toBe('until 9:00 PM');
    expect(soldOutWords('2026-06-11T04:00:00Z', clock, '2026-06-10')).toBe('until tomorrow');
    expect(soldOutWords('2026-06-12T16:00:00Z', clock, '2026-06-10')).toBe('until Fri, Jun 12, 12:00 PM');
  });

  it('names each line holding a sold-out item or selection', () => {
    const menu = [
      {
        items: [
          { id: 1, name: 'Margherita', sold_out_until: '2026-06-11T01:00:00Z' },
          { id: 2, name: 'Marinara' },
        ],
        extra_groups: [{ selections: [{ id: 7, name: 'Burrata', sold_out_until: '2026-06-11T04:00:00Z' }] }],
      },
    ];
    const lines = [
      { item_id: 2, extra_selection_ids: [] },
      { item_id: 1, extra_selection_ids: [7] },
      { item_id: 2, extra_selection_ids: [7] },
    ];
    expect([...soldOutLines(menu, lines, clock, now)]).toEqual([
      [
        1,
        {
          field: 'item_id',
          name: 'Margherita',
          until: '2026-06-11T01:00:00Z',
          message: 'Margherita is sold out until 9:00 PM. Please remove it from your order.',
        },
      ],
      [
        2,
        {
          field: 'extra_selection_ids',
          name: 'Burrata',
          until: '2026-06-11T04:00:00Z',
          message: 'Burrata is sold out until tomorrow. Please remove it from your order.',
        },
      ],
    ]);
    expect(soldOutLines(menu, lines, clock, at('2026-06-11T04:00:00Z')).size).toBe(0);
  });
});
