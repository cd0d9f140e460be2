import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS, HoursStep, TIME_CHOICES } from '#contracts/onboarding';
import { checkWith } from '#contracts/shared/validation';
import {
  closesNextDay,
  defaultHours,
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
