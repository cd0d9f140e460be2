import { ADDITIONAL_GROUPS, ADDITIONAL_GROUP_NAMES, DAY_NAMES, SPECIAL_DAYS_MAX } from '../../../contracts/onboarding';
import type { DayTimeField, SpecialDayForm } from '../../machines/onboarding/onboarding-hours';
import type { FormStep } from '../../machines/onboarding/onboarding-steps';

/**
 * The names the onboarding's inputs carry, in the order each step shows them. The inputs read
 * their labels from here and a refused save's summary ("Check Zip code and City.") names the
 * fields in error with the very same words, so the two cannot drift apart.
 */

export const LOCATION_LABELS = {
  country: 'Country',
  street: 'Street address',
  zip_code: 'Zip code',
  city: 'City',
  state: 'State',
} as const;

export const ABOUT_LABELS = {
  name: 'Restaurant name',
  about: 'Description',
  slug: 'Store URL',
  logo_url: 'Logo',
} as const;

export const DELIVERY_LABELS = {
  order_types: 'Order types',
  zip_codes: 'Zip codes you deliver to',
  delivery_eta_from: 'Delivery estimate from',
  delivery_eta_to: 'Delivery estimate to',
  pickup_eta_from: 'Pickup estimate from',
  pickup_eta_to: 'Pickup estimate to',
  delivery_fee: 'Delivery fee',
  min_order_amount: 'Minimum order amount',
  free_over_amount: 'Free delivery over',
} as const;

export const CONTACTS_LABELS = {
  restaurant_phone: 'Restaurant phone',
  public_phone: 'Public phone',
  fax_number: 'Fax number',
  mobile_phone: 'Mobile phone',
  contact_email: 'Contact email',
} as const;

/** The four times of a day, in the order a day's row shows them. */
export const HOURS_COLUMN_LABELS: Record<DayTimeField, string> = {
  open_time: 'Opens',
  break_start: 'Break starts',
  reopen_time: 'Reopens',
  close_time: 'Closes',
};

/** One day's time select, as its accessible name says it ("Monday opens"). */
export const dayTimeLabel = (dayIndex: number, field: DayTimeField) => `${DAY_NAMES[dayIndex]} ${HOURS_COLUMN_LABELS[field].toLowerCase()}`;

/** The key of one day's time in the step's `fields` ("hours.0.open_time"). */
export const dayTimeKey = (dayIndex: number, field: DayTimeField) => `hours.${dayIndex}.${field}`;

export const TIME_ZONE_LABEL = 'Time zone';

/**
 * The switch of a weekly day and of a special day: one meaning on both (issue 40), on = open
 * that day, labelled "Open" (named "Monday open", "Open on 2026-12-24"); off says this beside it.
 */
export const OPEN_SWITCH_LABEL = 'Open';
export const CLOSED_ALL_DAY = 'Closed all day';

/** A special day's inputs, as their visible labels say them (issue 29). */
export const SPECIAL_DAY_LABELS: Record<keyof SpecialDayForm, string> = {
  date: 'Date',
  closed: OPEN_SWITCH_LABEL,
  open_time: 'Opens',
  close_time: 'Closes',
  note: 'Note for customers',
};

/** The key of one special day's field in the step's `fields` ("special_days.3.close_time"). */
export const specialDayKey = (index: number, field: keyof SpecialDayForm) => `special_days.${index}.${field}`;

/**
 * A special day's input as its accessible name says it: the visible label, then which day
 * ("Closes on 2026-12-24"); a row whose date is not set yet is named by its place in the list.
 */
export const specialDayLabel = (index: number, field: keyof SpecialDayForm, date: string) =>
  `${SPECIAL_DAY_LABELS[field]} ${field === 'date' ? `of special day ${index + 1}` : date === '' ? `on special day ${index + 1}` : `on ${date}`}`;

const hoursOrder = (): [string, string][] => [
  ['time_zone', TIME_ZONE_LABEL],
  ['hours', 'Opening hours'],
  ...DAY_NAMES.flatMap((_, day) =>
    (Object.keys(HOURS_COLUMN_LABELS) as DayTimeField[]).map((field): [string, string] => [dayTimeKey(day, field), dayTimeLabel(day, field)]),
  ),
  ['special_days', 'Special days'],
  // A refused save is summarised before the rows' dates are known here: each is named by its place.
  ...Array.from({ length: SPECIAL_DAYS_MAX }, (_, index) =>
    (Object.keys(SPECIAL_DAY_LABELS) as (keyof SpecialDayForm)[]).map((field): [string, string] => [
      specialDayKey(index, field),
      `Special day ${index + 1} ${SPECIAL_DAY_LABELS[field].toLowerCase()}`,
    ]),
  ).flat(),
];

/** Every step's `fields` keys with the label a person sees, in screen order (for `labelsInError`). */
export const FIELD_ORDER: Record<FormStep, readonly (readonly [string, string])[]> = {
  location: Object.entries(LOCATION_LABELS),
  about: Object.entries(ABOUT_LABELS),
  delivery: Object.entries(DELIVERY_LABELS),
  hours: hoursOrder(),
  additional: ADDITIONAL_GROUP_NAMES.map((group) => [`selections.${group}`, ADDITIONAL_GROUPS[group].title]),
  contacts: Object.entries(CONTACTS_LABELS),
};
