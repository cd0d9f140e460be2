import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS, HoursStep, SPECIAL_DAYS_MAX, hoursStep } from '#contracts/onboarding';
import { isTimeZone } from '#contracts/shared/opening-hours';
import { defaultTimeZone, FALLBACK_TIME_ZONE, MAPPED_TIME_ZONES } from '#contracts/shared/time-zones';
import { checkWith } from '#contracts/shared/validation';

/** The hours step's time zone and special days (issue 29), as both ends check them. */

const day = (date: string, patch: Record<string, unknown> = {}) => ({ date, closed: true, open_time: null, close_time: null, note: '', ...patch });
const check = (patch: Record<string, unknown>) => checkWith(HoursStep, { ...DEFAULT_HOURS, ...patch });
const dates = (count: number) => Array.from({ length: count }, (_, index) => new Date(Date.UTC(2099, 0, 1 + index)).toISOString().slice(0, 10));

describe('HoursStep special days', () => {
  it(`takes ${SPECIAL_DAYS_MAX} special days from today on, not counting past ones, and refuses one more with a sentence on the list`, () => {
    // Today is 1 January 2099 in New York (the default zone): 2098's days are past.
    const onNewYearsDay = hoursStep(() => new Date('2099-01-01T17:00:00Z'));
    const upcoming = dates(SPECIAL_DAYS_MAX).map((date) => day(date));
    const past = ['2098-12-30', '2098-12-31'].map((date) => day(date));
    expect(checkWith(onNewYearsDay, { ...DEFAULT_HOURS, special_days: [...past, ...upcoming] }).ok).toBe(true);
    expect(checkWith(onNewYearsDay, { ...DEFAULT_HOURS, special_days: [...upcoming, day('2099-12-31')] })).toEqual({
      ok: false,
      fields: { special_days: 'At most 60 special days from today on. Remove one before adding another.' },
    });
    // The list itself stays bounded, past days or not.
    expect(check({ special_days: dates(121).map((date) => day(date)) })).toMatchObject({ ok: false, fields: { special_days: 'At most 120 special days.' } });
  });

  it('refuses a date given twice, on the later entry’s date', () => {
    const result = check({ special_days: [day('2099-07-04'), day('2099-07-05'), day('2099-07-04', { note: 'again' })] });
    expect(result).toEqual({ ok: false, fields: { 'special_days.2.date': '2099-07-04 is already a special day above. Give each date once.' } });
  });

  it('clears the times of a closed day, trims the note, and asks an open day for both times', () => {
    const closed = check({ special_days: [day('2099-12-25', { open_time: '10:00', close_time: '14:00', note: '  Closed for Christmas ' })] });
    expect(closed.ok && closed.value.special_days).toEqual([day('2099-12-25', { note: 'Closed for Christmas' })]);
    const open = check({ special_days: [day('2099-12-24', { closed: false, open_time: '10:00' })] });
    expect(open).toEqual({ ok: false, fields: { 'special_days.0.close_time': 'Choose a closing time, or mark the day closed.' } });
  });

  it('refuses a date that is not one of the calendar, or not written YYYY-MM-DD', () => {
    expect(check({ special_days: [day('2099-02-30')] })).toEqual({ ok: false, fields: { 'special_days.0.date': '2099-02-30 is not a date of the calendar.' } });
    expect(check({ special_days: [day('24/12/2099')] })).toEqual({ ok: false, fields: { 'special_days.0.date': 'Give the date as YYYY-MM-DD.' } });
  });
});

describe('HoursStep with a field missing', () => {
  it('refuses a body without its week, or without anything, with a sentence per field and no exception (found by Portman)', () => {
    const { hours: _week, ...withoutWeek } = DEFAULT_HOURS;
    expect(checkWith(HoursStep, withoutWeek)).toMatchObject({ ok: false, fields: { hours: 'This field is required.' } });
    // A later field's refinement failing makes superstruct run the step's own checks all the same.
    expect(checkWith(HoursStep, { ...withoutWeek, time_zone: 'Not/AZone' })).toMatchObject({ ok: false, fields: { hours: 'This field is required.' } });
    expect(checkWith(HoursStep, {})).toMatchObject({ ok: false, fields: { hours: 'This field is required.', time_zone: 'This field is required.' } });
  });
});

describe('HoursStep time zone', () => {
  it('refuses a zone the engine does not know, and keeps a known one in the list’s capitals', () => {
    expect(check({ time_zone: 'Mars/Olympus_Mons' })).toEqual({
      ok: false,
      fields: { time_zone: 'Choose a time zone from the list (an IANA name such as America/Chicago).' },
    });
    const known = check({ time_zone: 'america/new_york' });
    expect(known.ok && known.value.time_zone).toBe('America/New_York');
  });
});

describe('defaultTimeZone', () => {
  it('answers only zones the engine knows', () => {
    expect(MAPPED_TIME_ZONES.filter((zone) => !isTimeZone(zone))).toEqual([]);
  });

  it("answers the state's or province's main zone, the UK's, and New York or Toronto when the state is unknown", () => {
    expect(defaultTimeZone('United States', 'TX')).toBe('America/Chicago');
    expect(defaultTimeZone('United States', 'az')).toBe('America/Phoenix');
    expect(defaultTimeZone('United States', 'IN')).toBe('America/Indiana/Indianapolis');
    expect(defaultTimeZone('United States', 'HI')).toBe('Pacific/Honolulu');
    expect(defaultTimeZone('United States', 'AK')).toBe('America/Anchorage');
    expect(defaultTimeZone('Canada', 'NL')).toBe('America/St_Johns');
    expect(defaultTimeZone('Canada', 'SK')).toBe('America/Regina');
    expect(defaultTimeZone('United Kingdom', 'LN')).toBe('Europe/London');
    expect(defaultTimeZone('United States', 'ZZ')).toBe('America/New_York');
    expect(defaultTimeZone('Canada', null)).toBe('America/Toronto');
    expect(defaultTimeZone(null, null)).toBe(FALLBACK_TIME_ZONE);
    expect(FALLBACK_TIME_ZONE).toBe('America/New_York');
  });
});
