import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import { Badge, NativeSelect, Select, Switch } from '@mantine/core';
import { useId, useMemo, type CSSProperties } from 'react';
import { DAY_NAMES, TIME_CHOICES } from '../../../contracts/onboarding';
import { useMinuteClock } from '../../components/minute-clock';
import { closesNextDay, hoursPreview, timeLabel, type DayHours, type DayTimeField, type HoursForm } from '../../machines/onboarding/onboarding-hours';
import { FieldError, Section, Toggle, type StepFieldsProps } from './onboarding-fields';
import { CLOSED_ALL_DAY, HOURS_COLUMN_LABELS, OPEN_SWITCH_LABEL, TIME_ZONE_LABEL, dayTimeKey, dayTimeLabel } from './onboarding-labels';
import { SpecialDays } from './onboarding-special-days';
import classes from './onboarding.module.css';

const TIME_OPTIONS = TIME_CHOICES.map((time) => ({ value: time, label: timeLabel(time) }));
/** A break time may be unset; the opening and closing times of an open day may not. */
const OPTIONAL_TIME_OPTIONS = [{ value: '', label: '—' }, ...TIME_OPTIONS];

const COLUMNS: { field: DayTimeField; breakOnly: boolean }[] = [
  { field: 'open_time', breakOnly: false },
  { field: 'break_start', breakOnly: true },
  { field: 'reopen_time', breakOnly: true },
  { field: 'close_time', breakOnly: false },
];

function DayRow({
  day,
  withBreak,
  errors,
  send,
}: {
  day: DayHours;
  withBreak: boolean;
  errors: Record<string, string>;
  send: StepFieldsProps<HoursForm>['send'];
}) {
  const name = DAY_NAMES[day.day_of_week - 1]!;
  const index = day.day_of_week - 1;
  const columns = COLUMNS.filter((column) => withBreak || !column.breakOnly);
  const errorId = useId();
  const dayErrors = Object.entries(errors)
    .filter(([key]) => key.startsWith(`hours.${index}.`) || key === `hours.${index}`)
    .map(([, message]) => message);
  // The day's sentences sit once under its row; each time in error is marked and described by them.
  const inError = (field: DayTimeField) => (errors[dayTimeKey(index, field)] ? { error: true, attributes: { input: { 'aria-describedby': errorId } } } : {});
  return (
    <div className={classes.day} data-closed={day.closed || undefined} style={{ '--day-columns': columns.length } as CSSProperties}>
      <span className={classes.dayName}>{name}</span>
      <Switch
        className={classes.dayToggle}
        label={OPEN_SWITCH_LABEL}
        aria-label={`${name} open`}
        checked={!day.closed}
        onChange={(event) => send({ type: 'hours.dayClosed', day: day.day_of_week, closed: !event.currentTarget.checked })}
      />
      {day.closed ? (
        <span className={classes.dayClosedNote}>{CLOSED_ALL_DAY}</span>
      ) : (
        <div className={classes.dayTimes}>
          {columns.map(({ field, breakOnly }) => (
            <NativeSelect
              key={field}
              label={
                field === 'close_time' && closesNextDay(day) ? (
                  <>
                    {HOURS_COLUMN_LABELS[field]}{' '}
                    <Badge size="xs" variant="light">
                      next day
                    </Badge>
                  </>
                ) : (
                  HOURS_COLUMN_LABELS[field]
                )
              }
              aria-label={dayTimeLabel(index, field)}
              {...inError(field)}
              size="sm"
              data={breakOnly ? OPTIONAL_TIME_OPTIONS : TIME_OPTIONS}
              value={day[field] ?? ''}
              onChange={(event) => send({ type: 'hours.time', day: day.day_of_week, field, time: event.currentTarget.value || null })}
            />
          ))}
        </div>
      )}
      {dayErrors.length > 0 ? (
        <FieldError id={errorId} className={classes.dayError}>
          {dayErrors.join(' ')}
        </FieldError>
      ) : null}
    </div>
  );
}

/** Every zone this browser knows, searchable by city as people write it ("New York", not "New_York"). */
const ZONE_OPTIONS = Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));

/** The zone select (issue 29); a saved zone this browser does not list (an alias) is still offered. */
function TimeZoneSelect({ value, error, send }: { value: string; error: string | undefined; send: StepFieldsProps<HoursForm>['send'] }) {
  const data = useMemo(
    () => (ZONE_OPTIONS.some((option) => option.value === value) ? ZONE_OPTIONS : [{ value, label: value.replaceAll('_', ' ') }, ...ZONE_OPTIONS]),
    [value],
  );
  return (
    <Select
      label={TIME_ZONE_LABEL}
      description="Your hours and special days are read on this clock, wherever your customers are. Type a city to find its zone."
      className={classes.timeZone}
      searchable
      allowDeselect={false}
      // Typing replaces the shown zone instead of being appended to it.
      onFocus={(event) => event.currentTarget.select()}
      nothingFoundMessage="No time zone matches"
      maxDropdownHeight={280}
      // The list shows the first matches only: all 400-odd zones cost every render of the hours
      // (Mantine keeps the options mounted), and a city typed finds its zone anyway.
      limit={40}
      data={data}
      value={value}
      error={error}
      onChange={(zone) => (zone === null ? undefined : send({ type: 'hours.timeZone', zone }))}
    />
  );
}

/**
 * What a customer would be told now with these hours (issue 29), renewed each minute. Polite, so
 * a screen reader says a change once the person pauses rather than interrupting.
 */
function HoursPreview({ form }: { form: HoursForm }) {
  // Its own clock, so the minute's render touches only this line.
  const now = useMinuteClock();
  const line = useMemo(() => hoursPreview(form, now), [form, now]);
  return (
    <p className={classes.preview} aria-live="polite">
      {line}
    </p>
  );
}

/**
 * Hours (spec sections 2, 4 and 9; issue 29): the zone, the two toggles, the Monday-to-Sunday
 * grid, the special days and the open-now preview. The back office's Store settings show it too.
 */
export function HoursFields({ form, errors, send }: StepFieldsProps<HoursForm>) {
  return (
    <>
      <Section title="When you are open">
        <TimeZoneSelect value={form.time_zone} error={errors.time_zone} send={send} />
        <Toggle label="Open 24/7" hint="Open around the clock, every day." checked={form.open_247} onChange={(on) => send({ type: 'hours.open247', on })} />
        <Toggle
          label="Closed between certain hours"
          hint="A break during the day, e.g. between lunch and dinner."
          checked={form.closed_within}
          disabled={form.open_247}
          onChange={(on) => send({ type: 'hours.closedWithin', on })}
        />
      </Section>
      {form.open_247 ? null : (
        <Section title="Opening hours" hint="Hours that run past midnight (open 6:00 PM, close 2:00 AM) close the next day.">
          <div className={classes.days}>
            {form.hours.map((day) => (
              <DayRow key={day.day_of_week} day={day} withBreak={form.closed_within} errors={errors} send={send} />
            ))}
          </div>
        </Section>
      )}
      <SpecialDays form={form} errors={errors} send={send} />
      <HoursPreview form={form} />
    </>
  );
}
