import { ADDITIONAL_GROUPS, ADDITIONAL_GROUP_NAMES, DAY_NAMES } from '../../../contracts/onboarding';
import type { DayTimeField } from '../../machines/onboarding/onboarding-hours';
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

const hoursOrder = (): [string, string][] => [
  ['hours', 'Opening hours'],
  ...DAY_NAMES.flatMap((_, day) =>
    (Object.keys(HOURS_COLUMN_LABELS) as DayTimeField[]).map((field): [string, string] => [dayTimeKey(day, field), dayTimeLabel(day, field)]),
  ),
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
