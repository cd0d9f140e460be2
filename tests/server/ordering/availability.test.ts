import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availability, checkSlot, FREE_PACE, type AvailabilityInput, type KitchenPace, type SlotLoad } from '#contracts/ordering/availability';
import { wallDateTime } from '#contracts/shared/clock-format';
import { TIME_CHOICES, type OpeningDay, type SpecialDay } from '#contracts/shared/opening-hours';
import type { Schedule } from '#contracts/shared/opening-status';

/**
 * Issue 45, item 5: the one availability engine at its edges. The store page and the checkout
 * offer `availability(...).days` and the server accepts `checkSlot`; they must agree on every
 * instant, with hours, special days, overnight spans, daylight-saving changes, the kitchen's lead,
 * its capacity per slot and its pause.
 */

const QUARTER = 15 * 60_000;
const openDay = (day_of_week: number, open_time: string, close_time: string): OpeningDay => ({
  day_of_week,
  closed: false,
  open_time,
  break_start: null,
  reopen_time: null,
  close_time,
});
const closedDay = (day_of_week: number): OpeningDay => ({ day_of_week, closed: true, open_time: null, break_start: null, reopen_time: null, close_time: null });
const week = (open: string, close: string) => [1, 2, 3, 4, 5, 6, 7].map((d) => openDay(d, open, close));
const schedule = (time_zone: string, days: OpeningDay[], special_days: SpecialDay[] = []): Schedule => ({ time_zone, open_247: false, days, special_days });
const ETA = { eta_from: 10, eta_to: 20 };
const input = (over: Partial<AvailabilityInput> & { schedule: Schedule; now: Date }): AvailabilityInput => ({
  eta: ETA,
  pace: FREE_PACE,
  taken: {},
  items: 1,
  ...over,
});
const offered = (value: AvailabilityInput) => availability(value).days.flatMap((day) => day.slots);
const wall = (slot: string, zone: string) => wallDateTime(slot, zone);

/** Every quarter-hour instant from the quarter before `now` to 8 days after: what a customer could send. */
const grid = (now: Date) => {
  const first = Math.floor(now.getTime() / QUARTER) * QUARTER - QUARTER;
  return Array.from({ length: 8 * 96 + 2 }, (_, index) => new Date(first + index * QUARTER).toISOString());
};

/** offered ⇔ checkSlot accepts, over every quarter of the schedule's week. */
function expectAgreement(value: AvailabilityInput) {
  const offers = new Set(offered(value));
  for (const slot of grid(value.now)) expect([slot, checkSlot(value, slot) === null]).toEqual([slot, offers.has(slot)]);
}

describe('slots at opening and closing', () => {
  const london = schedule('Europe/London', week('09:00', '21:00'));
  it('offers the opening quarter and the quarter before closing, nothing at closing', () => {
    const slots = offered(input({ schedule: london, now: new Date('2026-11-25T06:00:00Z') }));
    const today = slots.filter((slot) => slot.startsWith('2026-11-25'));
    expect(today[0]).toBe('2026-11-25T09:00:00.000Z');
    expect(today.at(-1)).toBe('2026-11-25T20:45:00.000Z');
    expect(checkSlot(input({ schedule: london, now: new Date('2026-11-25T06:00:00Z') }), '2026-11-25T21:00:00.000Z')).toBe('not_a_slot');
  });

  it('starts after the lead: the quoted minimum, the kitchen’s notice and its busy minutes while busy', () => {
    const now = new Date('2026-11-25T12:02:00Z');
    const pace: KitchenPace = { ...FREE_PACE, min_lead_minutes: 30, busy_extra_minutes: 20, busy_until: '2026-11-25T13:00:00Z' };
    // 12:02 + 10 + 30 + 20 = 13:02 → 13:15.
    expect(offered(input({ schedule: london, now, pace }))[0]).toBe('2026-11-25T13:15:00.000Z');
    expect(checkSlot(input({ schedule: london, now, pace }), '2026-11-25T13:00:00.000Z')).toBe('not_a_slot');
    // Busy time over: 12:02 + 10 + 30 = 12:42 → 12:45.
    expect(offered(input({ schedule: london, now, pace: { ...pace, busy_until: '2026-11-25T12:00:00Z' } }))[0]).toBe('2026-11-25T12:45:00.000Z');
  });
});

describe('overnight spans', () => {
  const lateNight = schedule('Europe/London', week('18:00', '02:00'));
  it('runs past midnight to the quarter before closing', () => {
    const now = new Date('2026-11-25T17:00:00Z');
    const slots = offered(input({ schedule: lateNight, now }));
    expect(slots).toContain('2026-11-26T01:45:00.000Z');
    expect(slots).not.toContain('2026-11-26T02:00:00.000Z');
    expectAgreement(input({ schedule: lateNight, now }));
  });
});

describe('daylight-saving changes in America/New_York', () => {
  const newYork = schedule('America/New_York', week('20:00', '04:00'));

  it('spring forward: the skipped hour has no slot, the night still ends at 04:00 local', () => {
    // Saturday 7 March 2026, 19:00 EST; clocks go from 02:00 EST to 03:00 EDT on Sunday 8 March.
    const value = input({ schedule: newYork, now: new Date('2026-03-08T00:00:00Z') });
    const night = offered(value).filter((slot) => wall(slot, 'America/New_York').date === '2026-03-08' && wall(slot, 'America/New_York').time < '12:00');
    const times = night.map((slot) => wall(slot, 'America/New_York').time);
    expect(times).toContain('01:45');
    expect(times).not.toContain('02:00');
    expect(times).toContain('03:00');
    expect(times.at(-1)).toBe('03:45');
    // 01:45 EST and 03:00 EDT are one quarter apart in time.
    expect(Date.parse(night[times.indexOf('03:00')]!) - Date.parse(night[times.indexOf('01:45')]!)).toBe(QUARTER);
    expectAgreement(value);
  });

  it('fall back: the hour that happens twice is offered twice, as two instants', () => {
    // Saturday 31 October 2026, 19:00 EDT; clocks go from 02:00 EDT back to 01:00 EST on Sunday 1 November.
    const value = input({ schedule: newYork, now: new Date('2026-10-31T23:00:00Z') });
    const night = offered(value).filter((slot) => wall(slot, 'America/New_York').date === '2026-11-01' && wall(slot, 'America/New_York').time < '12:00');
    expect(night.filter((slot) => wall(slot, 'America/New_York').time === '01:30')).toHaveLength(2);
    expect(new Set(night).size).toBe(night.length);
    expect(night.at(-1)).toBe('2026-11-01T08:45:00.000Z');
    expectAgreement(value);
  });

  it('agrees with its check at any moment around both changes, with any lead and capacity', () => {
    const around = fc.oneof(
      fc.date({ min: new Date('2026-03-06T00:00:00Z'), max: new Date('2026-03-09T12:00:00Z'), noInvalidDate: true }),
      fc.date({ min: new Date('2026-10-30T00:00:00Z'), max: new Date('2026-11-02T12:00:00Z'), noInvalidDate: true }),
    );
    fc.assert(
      fc.property(around, fc.constantFrom(...TIME_CHOICES), fc.constantFrom(...TIME_CHOICES), fc.integer({ min: 0, max: 120 }), (now, open, close, lead) => {
        fc.pre(open !== close);
        const value = input({ schedule: schedule('America/New_York', week(open, close)), now, pace: { ...FREE_PACE, min_lead_minutes: lead } });
        const slots = offered(value);
        // On the grid, in order, each once.
        expect(slots.every((slot) => Date.parse(slot) % QUARTER === 0)).toBe(true);
        expect([...slots].sort()).toEqual(slots);
        expect(new Set(slots).size).toBe(slots.length);
        expect(slots.every((slot) => Date.parse(slot) >= now.getTime() + (ETA.eta_from + lead) * 60_000)).toBe(true);
        expectAgreement(value);
      }),
      { numRuns: 40 },
    );
  });
});

describe('the last slot before a special day', () => {
  it('ends at the quarter before closing, and the closed special day offers nothing', () => {
    const special: SpecialDay = { date: '2026-12-25', closed: true, open_time: null, close_time: null, note: 'Christmas' };
    const value = input({ schedule: schedule('Europe/London', week('09:00', '21:00'), [special]), now: new Date('2026-12-24T10:00:00Z') });
    const slots = offered(value);
    expect(slots.filter((slot) => slot.startsWith('2026-12-24')).at(-1)).toBe('2026-12-24T20:45:00.000Z');
    expect(slots.some((slot) => slot.startsWith('2026-12-25'))).toBe(false);
    expect(slots.find((slot) => slot > '2026-12-24T21:00:00.000Z')).toBe('2026-12-26T09:00:00.000Z');
    expect(checkSlot(value, '2026-12-25T12:00:00.000Z')).toBe('not_a_slot');
  });

  it('a night before a special day runs to its own closing, and the special day’s short hours follow', () => {
    const special: SpecialDay = { date: '2026-12-31', closed: false, open_time: '12:00', close_time: '14:00', note: '' };
    const value = input({ schedule: schedule('Europe/London', week('18:00', '02:00'), [special]), now: new Date('2026-12-30T17:00:00Z') });
    const slots = offered(value);
    expect(slots).toContain('2026-12-31T01:45:00.000Z');
    expect(slots.filter((slot) => slot.startsWith('2026-12-31T1'))).toEqual(
      ['12:00', '12:15', '12:30', '12:45', '13:00', '13:15', '13:30', '13:45'].map((time) => `2026-12-31T${time}:00.000Z`),
    );
    expectAgreement(value);
  });
});

describe('the pause', () => {
  const lateNight = schedule('Europe/London', week('18:00', '02:00'));
  const now = new Date('2026-11-25T22:00:00Z');

  it('across midnight: nothing before its end, every slot from its end, no as soon as possible', () => {
    const pace = { ...FREE_PACE, paused_at: '2026-11-25T21:55:00Z', paused_until: '2026-11-26T00:30:00Z' };
    const value = input({ schedule: lateNight, now, pace });
    const slots = offered(value);
    expect(slots[0]).toBe('2026-11-26T00:30:00.000Z');
    expect(checkSlot(value, '2026-11-26T00:15:00.000Z')).toBe('paused');
    expect(checkSlot(value, '2026-11-26T00:30:00.000Z')).toBeNull();
    expect(availability(value)).toMatchObject({ asap: null, asap_refusal: 'paused', pause: { until: '2026-11-26T00:30:00Z' } });
    expectAgreement(value);
  });

  it('ends by itself at its end', () => {
    const pace = { ...FREE_PACE, paused_at: '2026-11-25T21:00:00Z', paused_until: '2026-11-25T22:00:00Z' };
    const value = input({ schedule: lateNight, now, pace });
    expect(availability(value)).toMatchObject({ asap_refusal: null, pause: null });
    expect(offered(value)[0]).toBe('2026-11-25T22:15:00.000Z');
  });

  it('until reopened: nothing for the rest of the restaurant’s day, later days stay orderable', () => {
    const pace = { ...FREE_PACE, paused_at: '2026-11-25T21:55:00Z', paused_until: null };
    const value = input({ schedule: lateNight, now, pace });
    const slots = offered(value);
    // Tonight past midnight is the next calendar date: orderable, as the rest of that date.
    expect(slots.some((slot) => slot.startsWith('2026-11-25'))).toBe(false);
    expect(slots[0]).toBe('2026-11-26T00:00:00.000Z');
    expect(checkSlot(value, '2026-11-25T23:00:00.000Z')).toBe('paused');
    expect(availability(value).asap_refusal).toBe('paused');
    expectAgreement(value);
  });
});

describe('capacity', () => {
  const london = schedule('Europe/London', week('09:00', '21:00'));
  const now = new Date('2026-11-25T12:00:00Z');

  it('never offers a full slot, and its check says full', () => {
    const taken = { '2026-11-25T12:30:00.000Z': { orders: 5, items: 5 } };
    const value = input({ schedule: london, now, taken, pace: { ...FREE_PACE, max_orders_per_slot: 5 } });
    expect(offered(value)).not.toContain('2026-11-25T12:30:00.000Z');
    expect(checkSlot(value, '2026-11-25T12:30:00.000Z')).toBe('full');
    expect(checkSlot({ ...value, taken: { '2026-11-25T12:30:00.000Z': { orders: 4, items: 4 } } }, '2026-11-25T12:30:00.000Z')).toBeNull();
  });

  it('counts items by quantity: a slot with room for 2 more items refuses an order of 3', () => {
    const taken = { '2026-11-25T12:30:00.000Z': { orders: 1, items: 8 } };
    const value = input({ schedule: london, now, taken, pace: { ...FREE_PACE, max_items_per_slot: 10 }, items: 3 });
    expect(checkSlot(value, '2026-11-25T12:30:00.000Z')).toBe('full');
    expect(checkSlot({ ...value, items: 2 }, '2026-11-25T12:30:00.000Z')).toBeNull();
  });

  it('as soon as possible takes the next slot with room when its own is full, and says so', () => {
    // Ready at 12:20 → the 12:15 slot; 12:15 and 12:30 full → 12:45.
    const taken = { '2026-11-25T12:15:00.000Z': { orders: 2, items: 2 }, '2026-11-25T12:30:00.000Z': { orders: 2, items: 2 } };
    const value = input({ schedule: london, now, taken, pace: { ...FREE_PACE, max_orders_per_slot: 2 } });
    expect(availability(value).asap).toEqual({ slot: '2026-11-25T12:45:00.000Z', ready_at: '2026-11-25T12:45:00.000Z', moved: true });
    expect(availability({ ...value, taken: {} }).asap).toEqual({ slot: '2026-11-25T12:15:00.000Z', ready_at: '2026-11-25T12:20:00.000Z', moved: false });
  });

  it('property: full slots are never offered, and offered ⇔ its check accepts', () => {
    const now = fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true });
    const limit = fc.option(fc.integer({ min: 1, max: 4 }), { nil: null });
    fc.assert(
      fc.property(
        now,
        fc.constantFrom('Europe/London', 'America/New_York', 'Asia/Kolkata'),
        limit,
        limit,
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 8 })), { maxLength: 40 }),
        (at, zone, maxOrders, maxItems, items, loads) => {
          const base = Math.floor(at.getTime() / QUARTER) * QUARTER;
          const taken: Record<string, SlotLoad> = {};
          for (const [quarter, orders, count] of loads) taken[new Date(base + quarter * QUARTER).toISOString()] = { orders, items: count };
          const pace = { ...FREE_PACE, max_orders_per_slot: maxOrders, max_items_per_slot: maxItems };
          const value = input({ schedule: schedule(zone, week('11:00', '23:00')), now: at, pace, taken, items });
          for (const slot of offered(value)) {
            const held = taken[slot] ?? { orders: 0, items: 0 };
            expect(maxOrders === null || held.orders < maxOrders).toBe(true);
            expect(maxItems === null || held.items + items <= maxItems).toBe(true);
          }
          expectAgreement(value);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('a store closed now', () => {
  it('offers no as soon as possible, and its slots for later', () => {
    const value = input({
      schedule: schedule('Europe/London', [closedDay(3), ...week('09:00', '21:00').filter((d) => d.day_of_week !== 3)]),
      now: new Date('2026-11-25T12:00:00Z'),
    });
    expect(availability(value)).toMatchObject({ asap: null, asap_refusal: 'closed' });
    expect(offered(value)[0]).toBe('2026-11-26T09:00:00.000Z');
  });
});
