import { describe, expect, it } from 'vitest';
import { formatDate, formatDayTime, formatDayTimeWithYear, formatTime, formatTimeOrDayTime, formatWallTime } from '#contracts/shared/clock-format';

/** One way to write times and dates per restaurant, by its country (issue 40). */

const us = { zone: 'America/Chicago', country: 'United States' };
const gb = { zone: 'Europe/London', country: 'United Kingdom' };

describe('clock format', () => {
  it('writes 12-hour times in the US and Canada, 24-hour elsewhere and without a country', () => {
    expect(['00:00', '00:30', '09:05', '12:00', '18:00', '23:45', '24:00'].map((time) => formatWallTime(time, 'United States'))).toEqual([
      '12:00 AM',
      '12:30 AM',
      '9:05 AM',
      '12:00 PM',
      '6:00 PM',
      '11:45 PM',
      '12:00 AM',
    ]);
    expect(formatWallTime('18:00', 'Canada')).toBe('6:00 PM');
    expect(['00:30', '09:05', '18:00'].map((time) => formatWallTime(time, 'United Kingdom'))).toEqual(['00:30', '09:05', '18:00']);
    expect(formatWallTime('18:00', null)).toBe('18:00');
  });

  it("reads an instant on the restaurant's clock, not the machine's", () => {
    // 00:00 UTC on Wednesday 2 December 2026 is Tuesday evening in Chicago and midnight in London.
    expect(formatTime('2026-12-02T00:00:00Z', us)).toBe('6:00 PM');
    expect(formatTime('2026-12-02T00:00:00Z', gb)).toBe('00:00');
    expect(formatDayTime('2026-12-02T00:00:00Z', us)).toBe('Tue, Dec 1, 6:00 PM');
    expect(formatDayTime('2026-12-01T18:00:00Z', gb)).toBe('Tue 1 Dec, 18:00');
    // Lists of past things (a customer's last order) carry the year.
    expect(formatDayTimeWithYear('2026-12-02T00:00:00Z', us)).toBe('Tue, Dec 1, 2026, 6:00 PM');
    expect(formatDayTimeWithYear('2026-12-01T18:00:00Z', gb)).toBe('Tue 1 Dec 2026, 18:00');
  });

  it('follows daylight saving: the same UTC instant is an hour apart across the change', () => {
    // London: GMT in winter, BST (UTC+1) from 29 March 2026.
    expect(formatDayTime('2026-03-28T17:00:00Z', gb)).toBe('Sat 28 Mar, 17:00');
    expect(formatDayTime('2026-03-29T17:00:00Z', gb)).toBe('Sun 29 Mar, 18:00');
    // Chicago falls back on 1 November 2026: 06:30 UTC is the first 01:30, 07:30 UTC the second.
    expect(formatTime('2026-11-01T06:30:00Z', us)).toBe('1:30 AM');
    expect(formatTime('2026-11-01T07:30:00Z', us)).toBe('1:30 AM');
    expect(formatTime('2026-11-01T08:30:00Z', us)).toBe('2:30 AM');
  });

  it('names the day of a date, never ISO, month first in the US and Canada', () => {
    expect(formatDate('2026-12-01', 'United States')).toBe('Tue, Dec 1');
    expect(formatDate('2026-12-01', 'Canada', 'long')).toBe('Tuesday, December 1');
    expect(formatDate('2026-12-01', 'United Kingdom')).toBe('Tue 1 Dec');
    expect(formatDate('2026-11-29', 'United Kingdom', 'long')).toBe('Sunday 29 November');
  });

  it("gives the time alone on the restaurant's today, the day and time on another day", () => {
    expect(formatTimeOrDayTime('2026-12-02T00:00:00Z', us, '2026-12-01')).toBe('6:00 PM');
    expect(formatTimeOrDayTime('2026-12-02T00:00:00Z', us, '2026-11-30')).toBe('Tue, Dec 1, 6:00 PM');
  });
});
