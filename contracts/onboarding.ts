import { array, boolean, coerce, enums, integer, literal, number, object, optional, refine, string, type, type Infer, type Struct } from 'superstruct';
import { Email, boundedText, trimmed } from './shared/text';
import { UPLOAD_URL_PATTERN } from './shared/upload';
import { boundedList, documented } from './shared/documented';
import { fieldFailure as at } from './shared/validation';
import { DEFAULT_DELIVERY_TERMS } from './shared/delivery-terms';
import { RESERVED_SLUGS, reservedSlugMessage } from './shared/site-pages';
import { DAY_NAMES, DEFAULT_WEEK, NO_TIMES, OpeningDay, SPECIAL_DAYS_MAX, SpecialDay, TimeZone, isTimeZone } from './shared/opening-hours';
import { wallClock } from './shared/opening-status';
import { FALLBACK_TIME_ZONE } from './shared/time-zones';

/**
 * The onboarding steps (spec sections 2, 3, 5 and 9). Each step is read with GET and saved with
 * PUT `/api/v2/onboarding/{id}/{step}/`; the body of the PUT and the answer of both calls have
 * exactly the fields of section 3. A PUT replaces the whole step: every field is sent. The
 * coercions below (trimming, slug sanitising, clearing times the toggles switch off) run on
 * both ends, so what the form checks is what the server stores and answers back.
 */

export const ONBOARDING_STEP_NAMES = ['location', 'about', 'delivery', 'hours', 'additional', 'contacts'] as const;
export type OnboardingStepName = (typeof ONBOARDING_STEP_NAMES)[number];

// Spec section 5, word for word ({host} is the store URL's fixed prefix host).
export const ONBOARDING_MESSAGES = {
  location: 'Please fill Zip code, City and State.',
  name: 'Please enter restaurant name.',
  slug: (host: string) => `Please set your ${host} URL.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Location

/** Spec section 2: the country select. The value sent is the name as shown. */
export const COUNTRIES = ['United States', 'Canada', 'United Kingdom'] as const;
export type Country = (typeof COUNTRIES)[number];

/** Spec section 9: zip at most 10 characters, state at most 2. */
export const ZIP_MAX = 10;
export const STATE_MAX = 2;
export const STREET_MAX = 200;
export const CITY_MAX = 100;

const Country = refine(
  string(),
  'country',
  (value) => (COUNTRIES as readonly string[]).includes(value) || `Choose a country: ${COUNTRIES.join(', ')}.`,
) as unknown as Struct<Country, null>;

/** Required text of the location rule: empty answers the spec's sentence, too long names the limit. */
const locationText = (max: number, label: string) =>
  trimmed(
    refine(string(), 'required', (value) =>
      value.length === 0 ? ONBOARDING_MESSAGES.location : value.length <= max || `${label} must be at most ${max} characters.`,
    ),
  );

export const ZipCode = locationText(ZIP_MAX, 'Zip code');

export const LocationStep = object({
  country: Country,
  street: boundedText(STREET_MAX, 'Street'),
  city: locationText(CITY_MAX, 'City'),
  // State codes are written in capitals (NY, ON); upper-casing keeps one city row per state.
  state: coerce(locationText(STATE_MAX, 'State'), string(), (value) => value.toUpperCase()),
  zip_code: ZipCode,
});
export type LocationStep = Infer<typeof LocationStep>;

export const DEFAULT_LOCATION: LocationStep = { country: 'United States', street: '', city: '', state: '', zip_code: '' };

// ---------------------------------------------------------------------------------------------
// About

export const NAME_MAX = 100;
export const ABOUT_MAX = 2000;
export const SLUG_MAX = 63;

/** Spec section 5: the store URL keeps only letters, digits and hyphens, lowercased. */
export function slugify(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9-]/g, '');
}

/**
 * The about step, with `host` (the store URL's prefix host, e.g. `order.example.com`) named in the
 * slug's message. The slug is sanitised by `slugify` before it is checked, on both ends.
 */
export function aboutStep(host: string) {
  return object({
    name: trimmed(
      refine(string(), 'name', (value) =>
        value.length === 0 ? ONBOARDING_MESSAGES.name : value.length <= NAME_MAX || `Restaurant name must be at most ${NAME_MAX} characters.`,
      ),
    ),
    about: boundedText(ABOUT_MAX, 'Description'),
    slug: coerce(
      refine(string(), 'slug', (value) => {
        if (value.length === 0) return ONBOARDING_MESSAGES.slug(host);
        if (value.length > SLUG_MAX) return `The store URL must be at most ${SLUG_MAX} characters.`;
        // The store lives at /{slug}: it may not take an address of the site itself.
        return !RESERVED_SLUGS.has(value) || reservedSlugMessage(value);
      }),
      string(),
      slugify,
    ),
    logo_url: trimmed(
      refine(
        string(),
        'logo_url',
        (value) => value === '' || UPLOAD_URL_PATTERN.test(value) || 'The logo must be an image uploaded here (an address under /uploads/), or empty.',
      ),
    ),
  });
}
/** The about step with a generic host, for the server (which does not know the client's prefix). */
export const AboutStep = aboutStep('store');
export type AboutStep = Infer<typeof AboutStep>;

export const DEFAULT_ABOUT: AboutStep = { name: '', about: '', slug: '', logo_url: '' };

// ---------------------------------------------------------------------------------------------
// Delivery

export const COVERAGE_MODES = ['distance', 'zip'] as const;
export const ORDER_TYPES = ['Online', 'Call in', 'In Person'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** Estimates are whole minutes; amounts are money with at most two decimals (stored in cents). */
export const ETA_MAX_MINUTES = 720;
export const MONEY_MAX = 99_999.99;
export const ZIP_CODES_MAX = 500;

const minutes = (label: string) =>
  refine(
    integer(),
    'minutes',
    (value) => (value >= 0 && value <= ETA_MAX_MINUTES) || `${label} must be a whole number of minutes from 0 to ${ETA_MAX_MINUTES}.`,
  );

const money = (label: string) =>
  refine(
    number(),
    'money',
    (value) =>
      (Number.isFinite(value) && value >= 0 && value <= MONEY_MAX && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6) ||
      `${label} must be an amount from 0 to ${MONEY_MAX} with at most two decimals.`,
  );

/** Spec section 4: zip pills are trimmed, empty ones ignored, duplicates removed. */
const ZipCodes = documented(
  refine(
    coerce(
      array(refine(string(), 'zip', (value) => value.length <= ZIP_MAX || `Each zip code must be at most ${ZIP_MAX} characters.`)),
      array(string()),
      (values) => [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))],
    ),
    'count',
    (values) => values.length <= ZIP_CODES_MAX || `At most ${ZIP_CODES_MAX} zip codes.`,
  ),
  { maxItems: ZIP_CODES_MAX },
);

const OrderTypes = refine(boundedList(array(string()), ORDER_TYPES.length, 'order types'), 'order_types', (values) => {
  const unknown = values.filter((value) => !(ORDER_TYPES as readonly string[]).includes(value));
  if (unknown.length > 0) return `Order types are chosen from: ${ORDER_TYPES.join(', ')}.`;
  return new Set(values).size === values.length || 'Each order type may be given only once.';
}) as unknown as Struct<OrderType[], Struct<string>>;

export const DeliveryStep = refine(
  object({
    has_delivery: boolean(),
    has_pickup: boolean(),
    has_dine_in: boolean(),
    coverage_mode: enums(COVERAGE_MODES),
    zip_codes: ZipCodes,
    delivery_eta_from: minutes('The delivery estimate'),
    delivery_eta_to: minutes('The delivery estimate'),
    pickup_eta_from: minutes('The pickup estimate'),
    pickup_eta_to: minutes('The pickup estimate'),
    apply_delivery_fee: boolean(),
    delivery_fee: money('The delivery fee'),
    min_order_enabled: boolean(),
    min_order_amount: money('The minimum order'),
    free_over_enabled: boolean(),
    free_over_amount: money('The free delivery amount'),
    auto_request_driver: boolean(),
    order_types: OrderTypes,
  }),
  'delivery',
  function* (value, context) {
    if (value.delivery_eta_from > value.delivery_eta_to) {
      yield at(context, ['delivery_eta_to'], 'The delivery estimate “to” must not be below “from”.');
    }
    if (value.pickup_eta_from > value.pickup_eta_to) {
      yield at(context, ['pickup_eta_to'], 'The pickup estimate “to” must not be below “from”.');
    }
    // superstruct runs a refiner when the last field failure was itself a refinement, even if an
    // earlier field is missing: a missing list must not be read here (it is refused already).
    if (value.has_delivery && value.coverage_mode === 'zip' && Array.isArray(value.zip_codes) && value.zip_codes.length === 0) {
      yield at(context, ['zip_codes'], 'Add at least one zip code, or cover by distance.');
    }
  },
);
export type DeliveryStep = Infer<typeof DeliveryStep>;

/**
 * Spec section 9: delivery 20–30 min, pickup 10–20 min, free delivery over 10, fee 0, minimum 0,
 * auto driver off, all three order types. Not in the specification, our choice: delivery and
 * pickup on, dine-in off, coverage by distance, and the fee, minimum and free-over toggles off.
 */
export const DEFAULT_DELIVERY: DeliveryStep = {
  ...DEFAULT_DELIVERY_TERMS,
  has_dine_in: false,
  zip_codes: [],
  auto_request_driver: false,
  order_types: [...ORDER_TYPES],
};

// ---------------------------------------------------------------------------------------------
// Hours

// The weekly hours, special days and time zone are shared with the store (contracts/shared/opening-hours.ts).
export {
  DAY_NAMES,
  DEFAULT_WEEK,
  SPECIAL_DAYS_MAX,
  TIME_CHOICES,
  TIME_STEP_MINUTES,
  timeToMinutes,
  type OpeningDay,
  type SpecialDay,
} from './shared/opening-hours';

/**
 * Spec section 4: 24/7 clears every time and switches "closed between certain hours" off (every
 * day is then open); "closed between" off clears every break and reopening time.
 */
function applyToggles(value: Record<string, unknown>): Record<string, unknown> {
  const { hours } = value;
  if (!Array.isArray(hours)) return value;
  const clear = (fields: object) => hours.map((day: unknown) => (day !== null && typeof day === 'object' ? { ...day, ...fields } : day));
  if (value.open_247 === true) return { ...value, closed_within: false, hours: clear({ closed: false, ...NO_TIMES }) };
  if (value.closed_within === false) return { ...value, hours: clear({ break_start: null, reopen_time: null }) };
  return value;
}

/**
 * Issue 29: at most 60 special days from today on (a few closures and holidays ahead, not a
 * calendar). Days already past are dropped on save and not counted, so a request may carry some
 * beyond the 60; the list itself is still bounded, at twice that.
 */
export const SPECIAL_DAYS_SENT_MAX = 2 * SPECIAL_DAYS_MAX;
export const SPECIAL_DAYS_LIMIT_MESSAGE = `At most ${SPECIAL_DAYS_MAX} special days from today on. Remove one before adding another.`;

/**
 * A zone in the engine's list's capitals ("america/chicago" is kept as "America/Chicago"), so the
 * screen's list finds it. Only the capitals: names the list lacks (links such as
 * America/Indiana/Indianapolis) are kept as given, since engines disagree on which name is primary.
 */
function zoneCapitals(zone: string): string {
  const lower = zone.toLowerCase();
  return Intl.supportedValuesOf('timeZone').find((listed) => listed.toLowerCase() === lower) ?? zone;
}

/** Spec section 3: the hours step's own fields. */
const HOURS_SPEC_FIELDS = {
  open_247: boolean(),
  closed_within: boolean(),
  hours: boundedList(array(OpeningDay), DAY_NAMES.length, 'days'),
};

/** Issue 29's fields beyond the specification: the zone the week is read in, and the special days. */
const HOURS_ADDED_FIELDS = {
  time_zone: coerce(TimeZone, string(), zoneCapitals),
  special_days: boundedList(array(SpecialDay), SPECIAL_DAYS_SENT_MAX, 'special days'),
};

/**
 * Where "today" is counted when a body names no zone (a client written from the specification
 * leaves the zone to the server): the zone whose date is earliest, so a day counts until it is
 * over everywhere. The server still drops past days in the restaurant's own zone on save.
 */
const EARLIEST_ZONE = 'Etc/GMT+12';

/**
 * The rules of the hours step over its fields: the toggles' tidying (spec section 4), each day
 * once, each special date once and at most 60 from today, an open day's times.
 */
function hoursRules<T extends { open_247: boolean; closed_within: boolean; hours: OpeningDay[]; time_zone?: string; special_days?: SpecialDay[] }>(
  fields: Struct<T, unknown>,
  clock: () => Date,
) {
  return refine(
    coerce(fields, type({ open_247: boolean(), closed_within: boolean(), hours: array(type({})) }), (value) => applyToggles(value) as typeof value),
    'hours',
    function* (value, context) {
      // As in DeliveryStep: this can run beside other failures, so a day that is not an object is
      // skipped here (it is refused already).
      // Nor may a missing list be read: the refiner runs after a later field's refinement failed.
      const givenHours = Array.isArray(value.hours) ? value.hours : [];
      const givenDays = givenHours.filter((day): day is typeof day => typeof day === 'object' && day !== null);
      const days = givenDays.map((day) => day.day_of_week);
      if (days.length !== 7 || new Set(days).size !== 7) {
        yield at(context, ['hours'], 'Give each day of the week (1 to 7) exactly once.');
      }
      // A date twice would be two answers for one day: the later entry is the one to change.
      const dates = (Array.isArray(value.special_days) ? value.special_days : []).map((day: unknown) =>
        typeof day === 'object' && day !== null && typeof (day as { date?: unknown }).date === 'string' ? (day as { date: string }).date : null,
      );
      const seen = new Set<string>();
      for (const [index, date] of dates.entries()) {
        // A row without its date yet is asked for one (SpecialDay), not called a repeat.
        if (date === null || date === '') continue;
        if (seen.has(date)) yield at(context, ['special_days', index, 'date'], `${date} is already a special day above. Give each date once.`);
        seen.add(date);
      }
      // Counted from today in the restaurant's zone (an unknown zone is refused already).
      const zone = value.time_zone === undefined ? EARLIEST_ZONE : value.time_zone;
      if (typeof zone === 'string' && isTimeZone(zone)) {
        const today = wallClock(zone, clock()).date;
        if (dates.filter((date) => date !== null && date >= today).length > SPECIAL_DAYS_MAX) yield at(context, ['special_days'], SPECIAL_DAYS_LIMIT_MESSAGE);
      }
      // Open 24/7 has no times at all; otherwise an open day needs both ends of its hours.
      if (value.open_247) return;
      for (const [index, day] of givenHours.entries()) {
        if (typeof day !== 'object' || day === null || day.closed) continue;
        if (day.open_time === null) yield at(context, ['hours', index, 'open_time'], 'Choose an opening time, or mark the day closed.');
        if (day.close_time === null) yield at(context, ['hours', index, 'close_time'], 'Choose a closing time, or mark the day closed.');
      }
    },
  );
}

/**
 * The hours step as the screen fills it and both calls answer it: the week, the IANA zone those
 * hours are read in and the special days (issue 29). `clock` says when "today" is, for the limit
 * of special days (the browser's clock on the screen).
 */
const hoursForm = (clock: () => Date) => hoursRules(object({ ...HOURS_SPEC_FIELDS, ...HOURS_ADDED_FIELDS }), clock);

/**
 * The body of PUT .../hours/ (issue 40): the specification's fields are required, the zone and
 * the special days are not. A body without them keeps what is saved (the server's hours step
 * store), so a client written from the specification saves its week and loses nothing. `clock`
 * is the server's, for the limit of special days; the server also drops days before today.
 */
export const hoursStep = (clock: () => Date) =>
  hoursRules(
    object({ ...HOURS_SPEC_FIELDS, time_zone: optional(HOURS_ADDED_FIELDS.time_zone), special_days: optional(HOURS_ADDED_FIELDS.special_days) }),
    clock,
  );
export type HoursStepBody = Infer<ReturnType<typeof hoursStep>>;

/** The hours step on this machine's clock: what the screen checks and sends, and what both calls answer. */
export const HoursStep = hoursForm(() => new Date());
export type HoursStep = Infer<typeof HoursStep>;

/**
 * Spec sections 4 and 9: Monday closed, Tuesday to Sunday 08:00 to 20:00, no breaks; no special
 * days. The zone is what the screen shows before the server's answer, which derives it from the
 * location (contracts/shared/time-zones.ts) until the owner saves one.
 */
export const DEFAULT_HOURS: HoursStep = {
  open_247: false,
  closed_within: false,
  hours: DEFAULT_WEEK,
  time_zone: FALLBACK_TIME_ZONE,
  special_days: [],
};

// ---------------------------------------------------------------------------------------------
// Additional

/** Spec section 3: the groups, their labels, and the titles the screen shows above each. */
export const ADDITIONAL_GROUPS = {
  service_options: { title: 'Service options', labels: ['Curb side pickup', 'No-contact delivery', 'Dine-in', 'Takeout', 'Delivery'] },
  highlights: { title: 'Highlights', labels: ['TV', 'Fast service', 'Outdoor seating'] },
  popular: { title: 'Popular for', labels: ['Breakfast', 'Lunch', 'Dinner', 'Solo dining'] },
  offerings: {
    title: 'Offerings',
    labels: [
      'Alcohol',
      'Cocktails',
      'Beer',
      'Wine',
      'Comfort food',
      'Quick bite',
      'Healthy options',
      'Halal',
      'Kosher',
      'Vegetarian',
      'Vegan',
      'Kids menu',
      'Wi-Fi',
    ],
  },
  amenities: { title: 'Amenities', labels: ['Restroom', 'Kid friendly'] },
  atmosphere: { title: 'Atmosphere', labels: ['Casual', 'Cozy', 'Elegant', 'Romantic', 'Upscale', 'Lively'] },
  crowd: { title: 'Crowd', labels: ['Family', 'Groups', 'Tourists'] },
} as const;
export type AdditionalGroup = keyof typeof ADDITIONAL_GROUPS;
export const ADDITIONAL_GROUP_NAMES = Object.keys(ADDITIONAL_GROUPS) as AdditionalGroup[];

function labelsOf<G extends AdditionalGroup>(group: G): Struct<(typeof ADDITIONAL_GROUPS)[G]['labels'][number][], Struct<string>> {
  const { title, labels } = ADDITIONAL_GROUPS[group];
  return refine(boundedList(array(string()), labels.length, `choices of ${title}`), 'labels', (values) => {
    const unknown = values.filter((value) => !(labels as readonly string[]).includes(value));
    if (unknown.length > 0) return `${unknown.map((value) => `“${value}”`).join(', ')} is not a choice of ${title} (${labels.join(', ')}).`;
    return new Set(values).size === values.length || `Each choice of ${title} may be given only once.`;
  }) as unknown as Struct<(typeof ADDITIONAL_GROUPS)[G]['labels'][number][], Struct<string>>;
}

/** A group left out of the PUT means nothing chosen in it; the answer always lists every group. */
export const AdditionalStep = object({
  selections: object({
    service_options: optional(labelsOf('service_options')),
    highlights: optional(labelsOf('highlights')),
    popular: optional(labelsOf('popular')),
    offerings: optional(labelsOf('offerings')),
    amenities: optional(labelsOf('amenities')),
    atmosphere: optional(labelsOf('atmosphere')),
    crowd: optional(labelsOf('crowd')),
  }),
});
export type AdditionalStep = Infer<typeof AdditionalStep>;
export type AdditionalAnswer = { selections: { [G in AdditionalGroup]: (typeof ADDITIONAL_GROUPS)[G]['labels'][number][] } };

export const DEFAULT_ADDITIONAL: AdditionalAnswer = {
  selections: Object.fromEntries(ADDITIONAL_GROUP_NAMES.map((group) => [group, []])) as unknown as AdditionalAnswer['selections'],
};

// ---------------------------------------------------------------------------------------------
// Contacts

export const PHONE_MAX = 30;

/** Spec section 5 asks nothing of contacts; we only refuse what cannot be a phone number. */
const phone = (label: string) =>
  trimmed(
    refine(
      string(),
      'phone',
      (value) =>
        (value.length <= PHONE_MAX && /^[0-9+()\-.\s]*$/.test(value)) ||
        `${label} may hold only digits, spaces and + ( ) - . (at most ${PHONE_MAX} characters).`,
    ),
  );

export const ContactsStep = object({
  restaurant_phone: phone('The restaurant phone'),
  public_phone: phone('The public phone'),
  fax_number: phone('The fax number'),
  mobile_phone: phone('The mobile phone'),
  contact_email: coerce(
    refine(string(), 'email', (value) => value === '' || Email.is(value) || 'Please enter a valid email.'),
    string(),
    (value) => value.trim().toLowerCase(),
  ),
});
export type ContactsStep = Infer<typeof ContactsStep>;

export const DEFAULT_CONTACTS: ContactsStep = { restaurant_phone: '', public_phone: '', fax_number: '', mobile_phone: '', contact_email: '' };

// ---------------------------------------------------------------------------------------------
// Steps by name, and launch

/** PUT body of each step (the GET answers the same shape, with every additional group listed). */
export const ONBOARDING_STEP_BODIES = {
  location: LocationStep,
  about: AboutStep,
  delivery: DeliveryStep,
  hours: HoursStep,
  additional: AdditionalStep,
  contacts: ContactsStep,
} as const;

export type OnboardingStepAnswers = {
  location: LocationStep;
  about: AboutStep;
  delivery: DeliveryStep;
  hours: HoursStep;
  additional: AdditionalAnswer;
  contacts: ContactsStep;
};

/** What a never-saved step answers, so the screen starts from the specification's defaults. */
export const ONBOARDING_DEFAULTS: OnboardingStepAnswers = {
  location: DEFAULT_LOCATION,
  about: DEFAULT_ABOUT,
  delivery: DEFAULT_DELIVERY,
  hours: DEFAULT_HOURS,
  additional: DEFAULT_ADDITIONAL,
  contacts: DEFAULT_CONTACTS,
};

/** POST /api/v2/onboarding/{id}/launch/ (no body): the launched onboarding. */
export const LaunchResponse = object({ id: number(), launched: literal(true) });
export type LaunchResponse = Infer<typeof LaunchResponse>;

// GET /api/v2/onboarding/{id}/status/ (minimal here; the onboarding issue adds per-step progress)
export const OnboardingStatus = object({
  id: number(),
  launched: boolean(),
  progress: object({
    location: boolean(),
    about: boolean(),
    delivery: boolean(),
    hours: boolean(),
    additional: boolean(),
    contacts: boolean(),
    launch: boolean(),
  }),
});
export type OnboardingStatus = Infer<typeof OnboardingStatus>;

/**
 * GET and PUT /api/v2/restaurants/{id}/settings/notifications/ (issue 40; PRODUCT.md: a
 * restaurant's settings beyond the onboarding steps, one section each): whether every new order
 * is mailed to the restaurant's contact email (or, without one, to its owner). On by default.
 */
export const NotificationSettings = object({ new_order_mail: boolean() });
export type NotificationSettings = Infer<typeof NotificationSettings>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { new_order_mail: true };
