import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import { Button, NativeSelect, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { SPECIAL_DAYS_MAX, TIME_CHOICES } from '../../../contracts/onboarding';
import { SPECIAL_DAY_NOTE_MAX } from '../../../contracts/shared/opening-hours';
import { wallClock } from '../../../contracts/shared/opening-status';
import { useMinuteClock } from '../../components/minute-clock';
import { timeLabel, type HoursForm, type SpecialDayForm } from '../../machines/onboarding/onboarding-hours';
import { fieldProps } from '../shared/bind-field';
import { FieldError, Section, type StepFieldsProps } from './onboarding-fields';
import { CLOSED_ALL_DAY, SPECIAL_DAY_LABELS, specialDayKey, specialDayLabel } from './onboarding-labels';
import classes from './onboarding.module.css';

const TIME_OPTIONS = TIME_CHOICES.map((time) => ({ value: time, label: timeLabel(time) }));
/** What an undated row shows where Open will be. */
const DATE_FIRST = 'Choose the date first, then whether you open that day.';
const FULL_REASON = `You have ${SPECIAL_DAYS_MAX} special days, the most a restaurant keeps. Remove one to add another.`;

type Send = StepFieldsProps<HoursForm>['send'];

function SpecialDayRow(props: { day: SpecialDayForm; index: number; today: string; errors: Record<string, string>; send: Send; onRemoved: () => void }) {
  const { day, index, today, errors, send } = props;
  const change = (patch: Partial<SpecialDayForm>) => send({ type: 'hours.specialDayChange', index, patch });
  const named = (field: keyof SpecialDayForm) => ({
    label: SPECIAL_DAY_LABELS[field],
    'aria-label': specialDayLabel(index, field, day.date),
    error: errors[specialDayKey(index, field)],
  });
  // The date and the note are typed: bound like every text field, under their error key.
  const typed = (field: 'date' | 'note') => ({
    ...named(field),
    ...fieldProps(specialDayKey(index, field), day[field], errors[specialDayKey(index, field)], (value) =>
      change(field === 'date' ? { date: value } : { note: value }),
    ),
  });
  const dated = day.date !== '';
  return (
    // Undated, the row closes nothing yet (issue 40): it asks for the date before Open and the times.
    <li className={classes.specialDay} data-closed={(dated && day.closed) || undefined}>
      <TextInput type="date" className={classes.specialDate} min={today} required {...typed('date')} />
      {dated ? (
        // "Open", as on the weekly days: on means open that day, off closes it (issue 40).
        <Switch
          className={classes.specialClosed}
          label={SPECIAL_DAY_LABELS.closed}
          aria-label={specialDayLabel(index, 'closed', day.date)}
          description={day.closed ? CLOSED_ALL_DAY : undefined}
          checked={!day.closed}
          onChange={(event) => change({ closed: !event.currentTarget.checked })}
        />
      ) : (
        <Text className={classes.specialClosed} size="sm" c="dimmed">
          {DATE_FIRST}
        </Text>
      )}
      {day.closed ? null : (
        <div className={classes.specialTimes}>
          {(['open_time', 'close_time'] as const).map((field) => (
            <NativeSelect
              key={field}
              size="sm"
              data={TIME_OPTIONS}
              value={day[field] ?? ''}
              onChange={(event) => change(field === 'open_time' ? { open_time: event.currentTarget.value } : { close_time: event.currentTarget.value })}
              {...named(field)}
            />
          ))}
        </div>
      )}
      <TextInput className={classes.specialNote} maxLength={SPECIAL_DAY_NOTE_MAX} placeholder="e.g. Closed for the holidays" {...typed('note')} />
      <Button
        variant="subtle"
        color="red"
        className={classes.specialRemove}
        aria-label={`Remove special day ${day.date || index + 1}`}
        onClick={() => {
          send({ type: 'hours.specialDayRemove', index });
          props.onRemoved();
        }}
      >
        Remove
      </Button>
    </li>
  );
}

/**
 * Special days (issue 29): dates closed or with their own hours, each with a note customers
 * read. A new row starts without a date and takes the focus there (issue 40); a removed one hands
 * it to "Add a special day".
 */
export function SpecialDays({ form, errors, send }: StepFieldsProps<HoursForm>) {
  // The restaurant's today: the earliest date the date inputs offer.
  const today = wallClock(form.time_zone, useMinuteClock()).date;
  const count = form.special_days.length;
  const full = count >= SPECIAL_DAYS_MAX;
  const listRef = useRef<HTMLUListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const shownCount = useRef(count);
  const reasonId = useId();
  const listErrorId = useId();
  useEffect(() => {
    if (count > shownCount.current) listRef.current?.querySelector<HTMLInputElement>('li:last-child input[type="date"]')?.focus();
    shownCount.current = count;
  }, [count]);
  // After the render that removed the row (Add may only then be enabled again, below the limit).
  const focusAdd = () => requestAnimationFrame(() => addRef.current?.focus());
  return (
    <Section title="Special days" hint="Holidays and other dates when you close or keep other hours. Dates already past are dropped when you save.">
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          No special days yet.
        </Text>
      ) : (
        <ul ref={listRef} className={classes.specialDays}>
          {form.special_days.map((day, index) => (
            // Rows have no identity but their place: a date may be edited, or given twice until fixed.
            <SpecialDayRow key={index} day={day} index={index} today={today} errors={errors} send={send} onRemoved={focusAdd} />
          ))}
        </ul>
      )}
      {errors.special_days ? <FieldError id={listErrorId}>{errors.special_days}</FieldError> : null}
      <div className={classes.specialAdd}>
        <Button
          ref={addRef}
          variant="default"
          disabled={full}
          aria-describedby={[full ? reasonId : '', errors.special_days ? listErrorId : ''].join(' ').trim() || undefined}
          onClick={() => send({ type: 'hours.specialDayAdd' })}
        >
          Add a special day
        </Button>
        {full ? (
          <Text id={reasonId} size="sm" c="dimmed">
            {FULL_REASON}
          </Text>
        ) : null}
      </div>
    </Section>
  );
}
