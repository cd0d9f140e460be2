import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS, HoursStep, SPECIAL_DAYS_MAX, TIME_CHOICES } from '#contracts/onboarding';
import { SPECIAL_DAY_DATE_MISSING } from '#contracts/shared/opening-hours';
import { checkWith } from '#contracts/shared/validation';
import {
  applyHoursEvent,
  closesNextDay,
  defaultHours,
  hoursPreview,
  normaliseHours,
  setClosedWithin,
  setDayClosed,
  setDayTime,
  setOpen247,
  timeLabel,
  type HoursForm,
} from '#src/machines/onboarding/onboarding-hours';

const day = (form: HoursForm, dayOfWeek: number) => form.hours.find((entry) => entry.day_of_week === dayOfWeek)!;
const withBreak = () => setDayTime(setDayTime(setClosedWithin(defaultHours(), true), 2, 'break_start', '14:00'), 2, 'reopen_time', '16:00');

describe('hours rules', () => {
  it('start with Monday closed and the other days 08:00 to 20:00, no toggle on', () => {
    const form = defaultHours();
    expect(form).toEqual(DEFAULT_HOURS);
    expect(day(form, 1)).toMatchObject({ closed: true, open_time: null, close_time: null });
    for (const dayOfWeek of [2, 3, 4, 5, 6, 7]) expect(day(form, dayOfWeek)).toMatchObject({ closed: false, open_time: '08:00', close_time: '20:00' });
    // A fresh copy each time: editing one form never changes the defaults.
    form.hours[1]!.open_time = '09:00';
    expect(day(defaultHours(), 2).open_time).toBe('08:00');
  });

  it('offer a time every 15 minutes across 24 hours, labelled for people', () => {
    expect(TIME_CHOICES).toHaveLength(96);
    expect([TIME_CHOICES[0], TIME_CHOICES[1], TIME_CHOICES[95]]).toEqual(['00:00', '00:15', '23:45']);
    expect(['00:00', '08:30', '12:00', '18:45'].map(timeLabel)).toEqual(['12:00 AM', '8:30 AM', '12:00 PM', '6:45 PM']);
  });

  it('24/7 on clears every time, opens every day and turns “closed between” off — each time', () => {
    const on = setOpen247(withBreak(), true);
    expect(on.open_247).toBe(true);
    expect(on.closed_within).toBe(false);
    for (const entry of on.hours) expect(entry).toMatchObject({ closed: false, open_time: null, break_start: null, reopen_time: null, close_time: null });
    expect(setOpen247(on, true)).toEqual(on);
    // What the owner sees is what the contract stores.
    expect(checkWith(HoursStep, on)).toEqual({ ok: true, value: on });
  });

  it('24/7 off gives every day the default hours to start from', () => {
    const off = setOpen247(setOpen247(defaultHours(), true), false);
    expect(off.open_247).toBe(false);
    for (const entry of off.hours) expect(entry).toMatchObject({ open_time: '08:00', close_time: '20:00' });
  });

  it('refuse “closed between”, a day switch and any time while 24/7 is on', () => {
    const on = setOpen247(defaultHours(), true);
    expect(setClosedWithin(on, true)).toBe(on);
    expect(setDayClosed(on, 3, true)).toBe(on);
    expect(setDayTime(on, 3, 'open_time', '09:00')).toBe(on);
  });

  it('turning “closed between” off clears every break and reopening time', () => {
    const off = setClosedWithin(withBreak(), false);
    expect(day(withBreak(), 2)).toMatchObject({ break_start: '14:00', reopen_time: '16:00' });
    expect(off.closed_within).toBe(false);
    for (const entry of off.hours) expect(entry).toMatchObject({ break_start: null, reopen_time: null });
  });

  it('take break times only while “closed between” is on, and only times on the grid', () => {
    const form = defaultHours();
    expect(setDayTime(form, 2, 'break_start', '14:00')).toBe(form);
    expect(setDayTime(form, 2, 'open_time', '09:10')).toBe(form);
    expect(day(setDayTime(form, 2, 'open_time', '09:15'), 2).open_time).toBe('09:15');
  });

  it('closing a day drops its times; opening it again starts from the defaults', () => {
    const closed = setDayClosed(setDayTime(defaultHours(), 3, 'open_time', '11:00'), 3, true);
    expect(day(closed, 3)).toMatchObject({ closed: true, open_time: null, close_time: null });
    expect(setDayTime(closed, 3, 'open_time', '09:00')).toEqual(closed);
    expect(day(setDayClosed(closed, 3, false), 3)).toMatchObject({ closed: false, open_time: '08:00', close_time: '20:00' });
  });

  it('know an overnight day (open 18:00, close 02:00), which the contract accepts', () => {
    const form = setDayTime(setDayTime(defaultHours(), 5, 'open_time', '18:00'), 5, 'close_time', '02:00');
    expect(closesNextDay(day(form, 5))).toBe(true);
    expect(closesNextDay(day(form, 4))).toBe(false);
    expect(checkWith(HoursStep, form).ok).toBe(true);
  });

  it('rebuild a full week from a partial or stale value', () => {
    expect(normaliseHours(null)).toEqual(defaultHours());
    const form = normaliseHours({
      open_247: false,
      closed_within: true,
      hours: [{ day_of_week: 3, closed: false, open_time: '07:30', close_time: '25:00', break_start: 'soon' }, { day_of_week: 9 }],
    });
    expect(form.hours.map((entry) => entry.day_of_week)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(day(form, 3)).toEqual({ day_of_week: 3, closed: false, open_time: '07:30', break_start: null, reopen_time: null, close_time: null });
    expect(form.closed_within).toBe(true);
    expect(normaliseHours({ open_247: true, closed_within: true }).closed_within).toBe(false);
  });
});

describe('hours: time zone and special days (issue 29)', () => {
  // 03:00 UTC on Tuesday 10 March 2026: 22:00 on Monday the 9th in Chicago, Tuesday in London.
  const now = new Date('2026-03-10T03:00:00Z');
  const chicago = () => applyHoursEvent(defaultHours(), { type: 'hours.timeZone', zone: 'America/Chicago' });
  const added = (form: HoursForm, times: number) =>
    Array.from({ length: times }).reduce<HoursForm>((next) => applyHoursEvent(next, { type: 'hours.specialDayAdd' }), form);
  // Rows added, then given these dates, as an owner picks them.
  const dated = (form: HoursForm, dates: string[]) =>
    dates.reduce<HoursForm>(
      (next, date, index) => applyHoursEvent(next, { type: 'hours.specialDayChange', index, patch: { date } }),
      added(form, dates.length),
    );

  it('take a zone the engine knows and ignore any other', () => {
    expect(chicago().time_zone).toBe('America/Chicago');
    const form = chicago();
    expect(applyHoursEvent(form, { type: 'hours.timeZone', zone: 'Nowhere/Zone' })).toBe(form);
  });

  it('add a row without a date, which closes nothing and cannot be saved until one is chosen, up to the limit', () => {
    const two = added(chicago(), 2);
    // Issue 40: not today and closed; no date at all, so no day of the store is closed by it.
    expect(two.special_days).toEqual([0, 1].map(() => ({ date: '', closed: true, open_time: null, close_time: null, note: '' })));
    expect(hoursPreview(two, now)).toBe('Correct or complete the hours above to see whether you would be open now.');
    // Each undated row is asked for its date, in the date's own field; none is called a repeat of the other.
    expect(checkWith(HoursStep, two)).toMatchObject({
      ok: false,
      fields: { 'special_days.0.date': SPECIAL_DAY_DATE_MISSING, 'special_days.1.date': SPECIAL_DAY_DATE_MISSING },
    });
    expect(checkWith(HoursStep, dated(chicago(), ['2026-12-24', '2026-12-25'])).ok).toBe(true);
    const full = added(chicago(), SPECIAL_DAYS_MAX);
    expect(full.special_days).toHaveLength(SPECIAL_DAYS_MAX);
    expect(added(full, 1)).toBe(full);
  });

  it('open a special day with the default hours, take only times on the grid, and clear them when closed again', () => {
    const form = dated(chicago(), ['2026-03-09', '2026-03-10']);
    const change = (next: HoursForm, patch: Parameters<typeof applyHoursEvent>[1] & { type: 'hours.specialDayChange' }) => applyHoursEvent(next, patch);
    const opened = change(form, { type: 'hours.specialDayChange', index: 1, patch: { closed: false, note: 'Short day' } });
    expect(opened.special_days[1]).toEqual({ date: '2026-03-10', closed: false, open_time: '08:00', close_time: '20:00', note: 'Short day' });
    expect(opened.special_days[0]).toEqual(form.special_days[0]);
    const later = change(opened, { type: 'hours.specialDayChange', index: 1, patch: { close_time: '14:00', open_time: '10:05' } });
    expect(later.special_days[1]).toMatchObject({ open_time: '08:00', close_time: '14:00' });
    const closed = change(later, { type: 'hours.specialDayChange', index: 1, patch: { closed: true } });
    expect(closed.special_days[1]).toMatchObject({ closed: true, open_time: null, close_time: null, note: 'Short day' });
    expect(change(closed, { type: 'hours.specialDayChange', index: 1, patch: { open_time: '09:00' } })).toEqual(closed);
    expect(change(closed, { type: 'hours.specialDayChange', index: 0, patch: { date: '2026-12-24' } }).special_days[0]!.date).toBe('2026-12-24');
  });

  it('remove the named row only, and keep special days with 24/7', () => {
    const form = dated(chicago(), ['2026-03-09', '2026-03-10', '2026-03-11']);
    expect(applyHoursEvent(form, { type: 'hours.specialDayRemove', index: 1 }).special_days.map((entry) => entry.date)).toEqual(['2026-03-09', '2026-03-11']);
    expect(applyHoursEvent(form, { type: 'hours.open247', on: true }).special_days).toEqual(form.special_days);
  });

  it('restore the zone and special days from a stored value, dropping what does not fit', () => {
    const form = normaliseHours({
      time_zone: 'Mars/Base',
      special_days: [{ date: '2026-12-25', closed: false, open_time: '10:00', close_time: '99:00', note: 7 }, 'junk'],
    });
    expect(form.time_zone).toBe(DEFAULT_HOURS.time_zone);
    expect(form.special_days).toEqual([
      { date: '2026-12-25', closed: false, open_time: '10:00', close_time: null, note: '' },
      { date: '', closed: true, open_time: null, close_time: null, note: '' },
    ]);
    expect(normaliseHours({ time_zone: 'Asia/Tokyo' }).time_zone).toBe('Asia/Tokyo');
  });

  it("preview open or closed now on the restaurant's clock, and nothing while the hours are incomplete", () => {
    // Monday is closed by default: 22:00 on Monday in Chicago is closed; it is then 12:00 on Tuesday in Tokyo, open.
    expect(hoursPreview(chicago(), now)).toBe('With these hours you are closed now (22:00 in America/Chicago)');
    const tokyo = applyHoursEvent(defaultHours(), { type: 'hours.timeZone', zone: 'Asia/Tokyo' });
    expect(hoursPreview(tokyo, now)).toBe('With these hours you are open now (12:00 in Asia/Tokyo)');
    // A special day of today, open until late, opens the closed Monday.
    const special = applyHoursEvent(dated(chicago(), ['2026-03-09']), {
      type: 'hours.specialDayChange',
      index: 0,
      patch: { closed: false, close_time: '23:00' },
    });
    expect(hoursPreview(special, now)).toBe('With these hours you are open now (22:00 in America/Chicago)');
    const incomplete = applyHoursEvent(dated(chicago(), ['2026-03-09']), { type: 'hours.specialDayChange', index: 0, patch: { date: '2026-02-30' } });
    expect(hoursPreview(incomplete, now)).toBe('Correct or complete the hours above to see whether you would be open now.');
  });
});
