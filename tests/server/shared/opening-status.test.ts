import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_NAMES, TIME_CHOICES, timeToMinutes, type OpeningDay, type SpecialDay } from '#contracts/shared/opening-hours';
import { openingStatus, wallClock, type Schedule } from '#contracts/shared/opening-status';

/**
 * The open/closed rule of the store (issue 29), read in the restaurant's own zone: overnight hours
 * belong to the date they open on, breaks close, 24/7 never closes, special days replace their
 * date's hours, and daylight-saving changes move the instants, not the wall-clock times.
 */

const closedDay = (day_of_week: number): OpeningDay => ({ day_of_week, closed: true, open_time: null, break_start: null, reopen_time: null, close_time: null });
const openDay = (day_of_week: number, open_time: string, close_time: string, pause?: [string, string]): OpeningDay => ({
  day_of_week,
  closed: false,
  open_time,
  close_time,
  break_start: pause?.[0] ?? null,
  reopen_time: pause?.[1] ?? null,
});
const week = (make: (day: number) => OpeningDay) => [1, 2, 3, 4, 5, 6, 7].map(make);
const schedule = (days: OpeningDay[], extra: Partial<Schedule> = {}): Schedule => ({
  time_zone: 'America/Chicago',
  open_247: false,
  days,
  special_days: [],
  ...extra,
});
const at = (iso: string) => new Date(iso);

describe('wallClock', () => {
  it("reads the zone's own date, time and weekday, not the server's", () => {
    // 03:30 UTC on Saturday 28 November 2026 is still Friday evening in Chicago.
    expect(wallClock('America/Chicago', at('2026-11-28T03:30:00Z'))).toEqual({ date: '2026-11-27', time: '21:30', weekday: 5 });
    expect(wallClock('Asia/Kolkata', at('2026-11-28T03:30:00Z'))).toEqual({ date: '2026-11-28', time: '09:00', weekday: 6 });
  });
});

describe('openingStatus, examples', () => {
  const weekdays = schedule(week((day) => (day === 1 ? closedDay(1) : openDay(day, '09:00', '21:00'))));

  it('is open with the closing time, and closed with the next opening, in the zone', () => {
    // Friday 27 November 2026, 14:05 in Chicago.
    expect(openingStatus(weekdays, at('2026-11-27T20:05:00Z'))).toEqual({
      open_now: true,
      label: 'Open now · closes 21:00',
      next_change_at: '2026-11-28T03:00:00.000Z',
    });
    // 22:00 Friday in Chicago (04:00 UTC Saturday): opens Saturday 09:00.
    expect(openingStatus(weekdays, at('2026-11-28T04:00:00Z'))).toEqual({
      open_now: false,
      label: 'Closed · opens tomorrow at 09:00',
      next_change_at: '2026-11-28T15:00:00.000Z',
    });
    // 07:00 Saturday: opens later today.
    expect(openingStatus(weekdays, at('2026-11-28T13:00:00Z')).label).toBe('Closed · opens at 09:00');
    // 22:00 Sunday: Monday is closed, Tuesday opens.
    expect(openingStatus(weekdays, at('2026-11-30T04:00:00Z')).label).toBe('Closed · opens Tuesday at 09:00');
  });

  it('keeps an overnight span on the date it opened, even when the next date is a closed special day', () => {
    const nights = schedule(
      week((day) => openDay(day, '18:00', '02:00')),
      {
        special_days: [{ date: '2026-11-28', closed: true, open_time: null, close_time: null, note: 'Staff party' }],
      },
    );
    // 01:00 Saturday in Chicago: Friday night still runs, and the label says so beside Saturday's "Closed today" (issue 40).
    expect(openingStatus(nights, at('2026-11-28T07:00:00Z'))).toMatchObject({ open_now: true, label: "Open until 02:00 (Friday's hours)" });
    // 19:00 Friday: Friday's own hours, today's.
    expect(openingStatus(nights, at('2026-11-28T01:00:00Z')).label).toBe('Open now · closes tomorrow at 02:00');
    // 19:00 Saturday: closed all Saturday; Sunday opens at 18:00.
    expect(openingStatus(nights, at('2026-11-29T01:00:00Z'))).toMatchObject({ open_now: false, label: 'Closed · opens tomorrow at 18:00' });
  });

  it("keeps a special day's overnight span (18:00 to 02:00) open into the next date, and its weekday's hours out (issue 40)", () => {
    const lateNight = schedule(
      week((day) => openDay(day, '09:00', '21:00')),
      {
        special_days: [{ date: '2026-11-28', closed: false, open_time: '18:00', close_time: '02:00', note: 'Late night' }],
      },
    );
    // Saturday 12:00 in Chicago: the special day opens at 18:00, not at the weekday's 09:00.
    expect(openingStatus(lateNight, at('2026-11-28T18:00:00Z'))).toMatchObject({ open_now: false, next_change_at: '2026-11-29T00:00:00.000Z' });
    // Saturday 23:00 and Sunday 01:00: open until 02:00 on Sunday.
    for (const instant of ['2026-11-29T05:00:00Z', '2026-11-29T07:00:00Z']) {
      expect(openingStatus(lateNight, at(instant))).toMatchObject({ open_now: true, next_change_at: '2026-11-29T08:00:00.000Z' });
    }
    // Sunday 02:00: closed until Sunday's own 09:00.
    expect(openingStatus(lateNight, at('2026-11-29T08:00:00Z'))).toMatchObject({ open_now: false, next_change_at: '2026-11-29T15:00:00.000Z' });
  });

  it('closes for the break and says when it reopens', () => {
    const lunch = schedule(week((day) => openDay(day, '11:00', '22:00', ['14:00', '17:00'])));
    expect(openingStatus(lunch, at('2026-11-27T19:00:00Z'))).toMatchObject({ open_now: true, label: 'Open now · closes 14:00' });
    expect(openingStatus(lunch, at('2026-11-27T21:00:00Z'))).toMatchObject({ open_now: false, label: 'Closed · opens at 17:00' });
  });

  it('never closes when open 24/7, unless a special day says so', () => {
    const always = schedule(week(closedDay), { open_247: true });
    expect(openingStatus(always, at('2026-11-27T20:05:00Z'))).toEqual({ open_now: true, label: 'Open 24 hours', next_change_at: null });
    const holiday = { ...always, special_days: [{ date: '2026-11-28', closed: true, open_time: null, close_time: null, note: '' }] };
    expect(openingStatus(holiday, at('2026-11-27T20:05:00Z'))).toEqual({
      open_now: true,
      label: 'Open now · closes tomorrow at 00:00',
      next_change_at: '2026-11-28T06:00:00.000Z',
    });
  });

  it('follows a special day with its own hours, and says "Closed" when it never opens', () => {
    const never = schedule(week(closedDay));
    expect(openingStatus(never, at('2026-11-27T20:05:00Z'))).toEqual({ open_now: false, label: 'Closed', next_change_at: null });
    const oneEvening: SpecialDay = { date: '2027-01-05', closed: false, open_time: '17:00', close_time: '23:00', note: 'Pop-up dinner' };
    expect(openingStatus({ ...never, special_days: [oneEvening] }, at('2026-11-27T20:05:00Z')).label).toBe('Closed · opens on Tuesday 5 January at 17:00');
  });

  it("writes times the restaurant's country's way: 12-hour and month first in the US and Canada, 24-hour elsewhere", () => {
    const weekdays = schedule(week((day) => (day === 1 ? closedDay(1) : openDay(day, '09:00', '21:00'))));
    expect(openingStatus(weekdays, at('2026-11-27T20:05:00Z'), 'United States').label).toBe('Open now · closes 9:00 PM');
    expect(openingStatus(weekdays, at('2026-11-28T04:00:00Z'), 'Canada').label).toBe('Closed · opens tomorrow at 9:00 AM');
    expect(openingStatus(weekdays, at('2026-11-27T20:05:00Z'), 'United Kingdom').label).toBe('Open now · closes 21:00');
    const nights = schedule(week((day) => openDay(day, '18:00', '00:30')));
    expect(openingStatus(nights, at('2026-11-28T06:15:00Z'), 'United States').label).toBe("Open until 12:30 AM (Friday's hours)");
    const oneEvening: SpecialDay = { date: '2027-01-05', closed: false, open_time: '17:00', close_time: '23:00', note: '' };
    expect(openingStatus(schedule(week(closedDay), { special_days: [oneEvening] }), at('2026-11-27T20:05:00Z'), 'United States').label).toBe(
      'Closed · opens on Tuesday, January 5 at 5:00 PM',
    );
  });

  it('reads wall-clock times across daylight-saving changes', () => {
    // Chicago skips 02:00–03:00 on Sunday 8 March 2026: "closes 02:30" that night closes at 03:00 CDT.
    const lateSaturday = schedule(week((day) => (day === 6 ? openDay(6, '18:00', '02:30') : closedDay(day))));
    expect(openingStatus(lateSaturday, at('2026-03-08T07:00:00Z')).next_change_at).toBe('2026-03-08T08:00:00.000Z');
    // Chicago repeats 01:00–02:00 on Sunday 1 November 2026: "closes 01:30" is the first 01:30 (CDT).
    const fallBack = schedule(week((day) => (day === 6 ? openDay(6, '20:00', '01:30') : closedDay(day))));
    expect(openingStatus(fallBack, at('2026-11-01T05:00:00Z')).next_change_at).toBe('2026-11-01T06:30:00.000Z');
    // London on 29 March 2026 (clocks jump at 01:00): open 09:00–17:00 is 08:00–16:00 UTC.
    const london = schedule(
      week((day) => openDay(day, '09:00', '17:00')),
      { time_zone: 'Europe/London' },
    );
    expect(openingStatus(london, at('2026-03-29T07:59:00Z')).next_change_at).toBe('2026-03-29T08:00:00.000Z');
  });
});

describe('openingStatus, properties', () => {
  const time = fc.constantFrom(...TIME_CHOICES);
  const day = (day_of_week: number) =>
    fc.oneof(
      fc.constant(closedDay(day_of_week)),
      fc
        .tuple(time, time, fc.option(fc.tuple(time, time), { nil: undefined }))
        .filter(([open, close]) => open !== close)
        .map(([open, close, pause]) => openDay(day_of_week, open, close, pause)),
    );
  /** Breaks that do not sit inside the hours are refused by the contract; keep only valid days. */
  const onDay = (open: number, time: string) => (timeToMinutes(time) < open ? timeToMinutes(time) + 1440 : timeToMinutes(time));
  const valid = (d: OpeningDay) => {
    if (d.closed || d.break_start === null || d.reopen_time === null) return true;
    const open = timeToMinutes(d.open_time!);
    const [pause, reopen, close] = [onDay(open, d.break_start), onDay(open, d.reopen_time), onDay(open, d.close_time!)];
    return open < pause && pause < reopen && reopen < close;
  };
  const days = fc.tuple(...[1, 2, 3, 4, 5, 6, 7].map(day)).filter((list) => list.every(valid));
  const instant = fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true });
  const zones = ['UTC', 'Asia/Kolkata', 'America/Phoenix', 'America/Chicago', 'Europe/London', 'Australia/Lord_Howe'];

  /** A day's spans in minutes after its midnight (an end may pass 1440). */
  const spansOf = (d: OpeningDay | undefined) => {
    if (!d || d.closed) return [];
    const open = timeToMinutes(d.open_time!);
    const close = onDay(open, d.close_time!);
    if (d.break_start === null) return [[open, close]];
    return [
      [open, onDay(open, d.break_start)],
      [onDay(open, d.reopen_time!), close],
    ];
  };

  /**
   * The rule read straight off the wall clock, for zones whose offset never changes: open when
   * the time falls in one of today's spans, or in yesterday's spans that run past midnight.
   */
  function openByWallClock(days: OpeningDay[], zone: string, now: Date): boolean {
    const clock = wallClock(zone, now);
    const minutes = timeToMinutes(clock.time);
    const yesterday = ((clock.weekday + 5) % 7) + 1;
    return (
      spansOf(days[clock.weekday - 1]).some(([from, to]) => from! <= minutes && minutes < to!) ||
      spansOf(days[yesterday - 1]).some(([from, to]) => from! <= minutes + 1440 && minutes + 1440 < to!)
    );
  }

  it('agrees with the wall clock in zones without daylight saving', () => {
    fc.assert(
      fc.property(days, instant, fc.constantFrom('UTC', 'Asia/Kolkata', 'America/Phoenix'), (week, now, zone) => {
        expect(openingStatus(schedule(week, { time_zone: zone }), now).open_now).toBe(openByWallClock(week, zone, now));
      }),
      { numRuns: 300 },
    );
  });

  it("names yesterday's hours exactly when only yesterday's span holds the store open (issue 40)", () => {
    fc.assert(
      fc.property(days, instant, fc.constantFrom('UTC', 'Asia/Kolkata', 'America/Phoenix'), (week, now, zone) => {
        const status = openingStatus(schedule(week, { time_zone: zone }), now);
        const clock = wallClock(zone, now);
        const minutes = timeToMinutes(clock.time);
        const yesterday = ((clock.weekday + 5) % 7) + 1;
        const byToday = spansOf(week[clock.weekday - 1]).some(([from, to]) => from! <= minutes && minutes < to!);
        const byYesterday = spansOf(week[yesterday - 1]).some(([from, to]) => from! <= minutes + 1440 && minutes + 1440 < to!);
        if (status.label === 'Open 24 hours') return;
        const names = status.label.endsWith("'s hours)");
        expect(names).toBe(byYesterday && !byToday);
        if (names) expect(status.label).toMatch(new RegExp(`^Open until .+ \\(${DAY_NAMES[yesterday - 1]}'s hours\\)$`));
      }),
      { numRuns: 300 },
    );
  });

  it('changes exactly at next_change_at, and not before, in every zone', () => {
    fc.assert(
      fc.property(days, instant, fc.constantFrom(...zones), fc.double({ min: 0, max: 1, noNaN: true }), (week, now, zone, fraction) => {
        const hours = schedule(week, { time_zone: zone });
        const status = openingStatus(hours, now);
        expect(status.label.startsWith(status.open_now ? 'Open' : 'Closed')).toBe(true);
        if (status.next_change_at === null) return;
        const change = new Date(status.next_change_at).getTime();
        expect(change).toBeGreaterThan(now.getTime());
        // Any instant between now and the change answers the same; the change itself flips it.
        const between = new Date(now.getTime() + Math.floor((change - now.getTime() - 1) * fraction));
        expect(openingStatus(hours, between).open_now).toBe(status.open_now);
        expect(openingStatus(hours, new Date(change)).open_now).toBe(!status.open_now);
      }),
      { numRuns: 200 },
    );
  });
});
