import { array, boolean, coerce, integer, nullable, number, object, optional, refine, string, unknown, type Infer, type Struct } from 'superstruct';
import { BooleanText, listQuery, Page } from './shared/lists';
import { Email, NAME_MAX, boundedText, requiredName, trimmed } from './shared/text';
import { boundedList } from './shared/documented';

/**
 * Territories (second document, sections 3, 5 and 9; administrators only): where the platform
 * operates, as zip codes and circles, who represents it, and how it presents itself. The
 * editor's rules (section 5) are here so the screen and the server refuse the same things.
 */

export const TERRITORY_MESSAGES = {
  name: 'Please enter a territory name',
  saveFailed: 'Failed to save territory',
  /** Ours (issue 27): the fields were stored, a picture was refused; the picture's field says why. */
  picturesRefused: 'The territory was saved, but not every picture.',
  pictureFailed: 'This picture could not be saved.',
} as const;

/** Section 9: zip codes in territories are 4 to 10 digits. */
export const ZIP_DIGITS_MIN = 4;
export const ZIP_DIGITS_MAX = 10;
export const TERRITORY_ZIPS_MAX = 5000;
export const TERRITORY_CIRCLES_MAX = 200;
export const TERRITORY_SOCIALS_MAX = 20;
/** A circle wider than a large metropolitan area is a mistake, not a territory. */
export const RADIUS_METERS_MAX = 200_000;
const SHORT_TEXT_MAX = 200;
const ADDRESS_MAX = 500;
const URL_MAX = 2000;

/** Section 4/5 defaults for the map: an empty territory opens here, at this zoom. */
export const DEFAULT_MAP_CENTER = { lat: 40.4093, lng: 49.8671 } as const;
export const DEFAULT_MAP_ZOOM = 11;

const ZIP_PATTERN = new RegExp(`^\\d{${ZIP_DIGITS_MIN},${ZIP_DIGITS_MAX}}$`);
export const TerritoryZip = refine(string(), 'zip', (value) => ZIP_PATTERN.test(value) || `Zip codes are ${ZIP_DIGITS_MIN} to ${ZIP_DIGITS_MAX} digits.`);

/**
 * Section 5: zip codes typed as free text are split on anything that is not a digit, numbers of
 * 4 to 10 digits are kept, and they are merged with the existing ones without repeats (existing
 * first, in their order).
 */
export function mergeZipText(existing: readonly string[], text: string): string[] {
  const typed = text.split(/\D+/).filter((part) => ZIP_PATTERN.test(part));
  return [...new Set([...existing, ...typed])];
}

/** Section 5: a date is sent only as YYYY-MM-DD (a real day), otherwise as null. */
export function dateOrNull(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  return isCalendarDate(value) ? value : null;
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Section 5: a social link without a scheme gets https:// in front. */
export function withScheme(url: string): string {
  const value = url.trim();
  return value === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
}

const CalendarDate = refine(string(), 'date', (value) => isCalendarDate(value) || 'Use a date written as YYYY-MM-DD.');
const HttpUrl = trimmed(
  refine(string(), 'url', (value) => {
    if (value.length > URL_MAX) return `Links must be at most ${URL_MAX} characters.`;
    try {
      const url = new URL(value);
      return ['http:', 'https:'].includes(url.protocol) || 'Links must start with http:// or https://.';
    } catch {
      return 'Please enter a valid link (https://...).';
    }
  }),
);

const uniqueZips = refine(
  boundedList(array(TerritoryZip), TERRITORY_ZIPS_MAX, 'zip codes'),
  'unique',
  (values) => new Set(values).size === values.length || 'Each zip code may be given only once.',
);

const degrees = (min: number, max: number, label: string) =>
  refine(number(), 'range', (value) => (Number.isFinite(value) && value >= min && value <= max) || `${label} must be between ${min} and ${max}.`);

export const TerritoryCircle = object({
  center_lat: degrees(-90, 90, 'Latitude'),
  center_lng: degrees(-180, 180, 'Longitude'),
  radius_meters: refine(
    integer(),
    'radius',
    (value) => (value >= 1 && value <= RADIUS_METERS_MAX) || `The radius must be a whole number of metres from 1 to ${RADIUS_METERS_MAX}.`,
  ),
});
export type TerritoryCircle = Infer<typeof TerritoryCircle>;

export const TerritorySocial = object({
  platform_name: requiredName('Please name the platform.'),
  platform_url: HttpUrl,
});
export type TerritorySocial = Infer<typeof TerritorySocial>;

const text = (max: number, label: string) => optional(nullable(boundedText(max, label)));

/** Slugs as restaurants have them: lower-case letters, digits and single hyphens. */
const Slug = trimmed(
  refine(
    string(),
    'slug',
    (value) =>
      (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 100) || 'Use lower-case letters, digits and single hyphens (at most 100 characters).',
  ),
);

/** An empty text box means "none": sent as null rather than as an empty string. */
const emptyAsNull = <T>(struct: Struct<T, null>) =>
  optional(nullable(coerce(struct, unknown(), (value) => (typeof value === 'string' && value.trim() === '' ? null : value)))) as unknown as Struct<
    T | null | undefined,
    null
  >;

/** Every field an administrator edits; none but the name is required. */
const territoryFields = {
  slug: emptyAsNull(Slug),
  phone: text(SHORT_TEXT_MAX, 'Phone'),
  email: emptyAsNull(Email),
  rep_name: text(NAME_MAX, 'Representative name'),
  rep_dob: optional(nullable(CalendarDate)),
  rep_meze_email: emptyAsNull(Email),
  rep_personal_email: emptyAsNull(Email),
  rep_phone: text(SHORT_TEXT_MAX, 'Representative phone'),
  rep_address: text(ADDRESS_MAX, 'Representative address'),
  current_commission: text(SHORT_TEXT_MAX, 'Current commission'),
  settlement_date: optional(nullable(CalendarDate)),
  is_active: optional(boolean()),
  /** The specification's other name for `is_active`, accepted on the way in. */
  active: optional(boolean()),
  zips: optional(uniqueZips),
  circles: optional(boundedList(array(TerritoryCircle), TERRITORY_CIRCLES_MAX, 'circles')),
  socials: optional(boundedList(array(TerritorySocial), TERRITORY_SOCIALS_MAX, 'social links')),
};

/** POST /api/v2/territories/ */
export const TerritoryCreate = object({ name: requiredName(TERRITORY_MESSAGES.name), ...territoryFields });
export type TerritoryCreate = Infer<typeof TerritoryCreate>;

/** PATCH /api/v2/territories/{id}/ as JSON: only the fields sent change; child lists are replaced whole. */
export const TerritoryUpdate = object({
  name: optional(
    trimmed(
      refine(
        string(),
        'name',
        (value) =>
          (value.length >= 1 && value.length <= NAME_MAX) || (value.length === 0 ? TERRITORY_MESSAGES.name : `Names must be at most ${NAME_MAX} characters.`),
      ),
    ),
  ),
  ...territoryFields,
});
export type TerritoryUpdate = Infer<typeof TerritoryUpdate>;

/** The images a territory carries, sent as multipart fields of a PATCH on {id}/. */
export const TERRITORY_IMAGE_FIELDS = ['rep_photo', 'wallpaper'] as const;
export type TerritoryImageField = (typeof TERRITORY_IMAGE_FIELDS)[number];

/** One territory as the server answers it. */
export const Territory = object({
  id: number(),
  name: string(),
  slug: nullable(string()),
  phone: nullable(string()),
  email: nullable(string()),
  rep_name: nullable(string()),
  rep_dob: nullable(string()),
  rep_meze_email: nullable(string()),
  rep_personal_email: nullable(string()),
  rep_phone: nullable(string()),
  rep_address: nullable(string()),
  current_commission: nullable(string()),
  settlement_date: nullable(string()),
  is_active: boolean(),
  zips: array(string()),
  circles: array(TerritoryCircle),
  socials: array(object({ platform_name: string(), platform_url: string() })),
  rep_photo: nullable(string()),
  wallpaper: nullable(string()),
  /** Computed: how many zip codes the territory lists. */
  num_zip_codes: number(),
  /** Computed: restaurants whose location's zip is listed, or lies inside one of the circles. */
  num_stores: number(),
  created_at: string(),
  updated_at: string(),
});
export type Territory = Infer<typeof Territory>;

/** GET /api/v2/territories/: `{count, next, previous, results}`. */
export const TerritoryPage = Page(Territory);
export type TerritoryPage = Infer<typeof TerritoryPage>;

export const TERRITORY_ORDERING = ['id', 'name', 'created_at'] as const;
/** GET /api/v2/territories/?search=&is_active=&ordering=&page=&page_size= */
export const TerritoryListQuery = listQuery({ is_active: optional(BooleanText) }, TERRITORY_ORDERING);
export type TerritoryListQuery = Infer<typeof TerritoryListQuery>;

/**
 * POST /api/v2/territories/coverage/: what the editor's zips and circles cover, as drawn (saved
 * or not). Zip codes become points from a zip-code data package on the server (the data set is
 * too large for the browser); the answer draws the listed zips, the restaurants inside the
 * territory and the notify-me sign-ups per zip, and lists the mismatches an administrator fixes
 * with one click.
 */
export const TerritoryCoverageRequest = object({
  zips: uniqueZips,
  circles: boundedList(array(TerritoryCircle), TERRITORY_CIRCLES_MAX, 'circles'),
});
export type TerritoryCoverageRequest = Infer<typeof TerritoryCoverageRequest>;

const Point = { lat: number(), lng: number() };

export const TerritoryCoverage = object({
  /** Every zip listed or inside a circle that the data package can place, with its sign-ups (last 90 days). */
  zips: array(object({ zip_code: string(), ...Point, listed: boolean(), in_circle: boolean(), signups: number() })),
  /** Restaurants whose location's zip is listed or inside a circle. */
  restaurants: array(object({ id: number(), name: string(), zip_code: string(), ...Point })),
  /** Inside a circle but not in the zip list. */
  circle_zips_not_listed: array(string()),
  /** In the zip list, placed by the data package, but inside no circle (only when there are circles). */
  listed_zips_outside_circles: array(string()),
  /** Listed zips the data package does not know (they cannot be drawn). */
  unplaced_zips: array(string()),
});
export type TerritoryCoverage = Infer<typeof TerritoryCoverage>;

/**
 * GET /api/v2/map/config/ (signed in): where the map's tiles come from. The server's
 * `MAP_TILE_URL` (OpenStreetMap's public tiles by default) decides, and its content security
 * policy allows exactly that host, so a deployment where that host is blocked names its own.
 */
export const MapConfig = object({ tile_url: string(), attribution: string() });
export type MapConfig = Infer<typeof MapConfig>;
