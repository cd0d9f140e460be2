import { is } from 'superstruct';
import { checkWith } from '../../../contracts/shared/validation';
import {
  RADIUS_METERS_MAX,
  TerritoryCoverageRequest,
  TerritoryCreate,
  dateOrNull,
  mergeZipText,
  withScheme,
  type Territory,
  type TerritoryCircle,
} from '../../../contracts/territories';

/**
 * The territory editor's form values and their way to the request: what the editor machine holds
 * (every field present, blanks as ''), the body the contract checks, and the contract's
 * failures as the form's errors, so the screen refuses exactly what the server refuses.
 */

/** A number field's value: Mantine's NumberInput gives '' while the box is empty. */
export type NumberText = number | string;

export type CircleValues = { center_lat: NumberText; center_lng: NumberText; radius_meters: NumberText };
export type SocialValues = { platform_name: string; platform_url: string };

export type TerritoryFormValues = {
  name: string;
  slug: string;
  phone: string;
  email: string;
  is_active: boolean;
  current_commission: string;
  settlement_date: string;
  rep_name: string;
  rep_dob: string;
  rep_meze_email: string;
  rep_personal_email: string;
  rep_phone: string;
  rep_address: string;
  zips: string[];
  /** "Add zip codes" text not yet added with its button: Save adds it too (it was silently dropped). */
  zip_text: string;
  circles: CircleValues[];
  socials: SocialValues[];
};

const TEXT_FIELDS = [
  'name',
  'slug',
  'phone',
  'email',
  'current_commission',
  'rep_name',
  'rep_meze_email',
  'rep_personal_email',
  'rep_phone',
  'rep_address',
] as const;

/** A new territory's circle, where a click or "Add circle" puts one. */
export const DEFAULT_RADIUS_METERS = 1000;

export function formValuesOf(territory: Territory | null): TerritoryFormValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, territory?.[field] ?? ''])) as Record<(typeof TEXT_FIELDS)[number], string>;
  return {
    ...text,
    is_active: territory?.is_active ?? true,
    settlement_date: territory?.settlement_date ?? '',
    rep_dob: territory?.rep_dob ?? '',
    zips: [...(territory?.zips ?? [])],
    zip_text: '',
    circles: (territory?.circles ?? []).map((circle) => ({ ...circle })),
    socials: (territory?.socials ?? []).map((social) => ({ ...social })),
  };
}

/** '' (an empty box) is no number at all, not 0. */
const numberOf = (value: NumberText): number => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));

/** Section 5: the radius is rounded to an integer. */
export function circleOf(values: CircleValues): TerritoryCircle {
  return { center_lat: numberOf(values.center_lat), center_lng: numberOf(values.center_lng), radius_meters: Math.round(numberOf(values.radius_meters)) };
}

/** A circle the map can draw: every field a number in range (the form says what is wrong with the others). */
export function drawableCircle(values: CircleValues): TerritoryCircle | null {
  const circle = circleOf(values);
  const inRange =
    Math.abs(circle.center_lat) <= 90 && Math.abs(circle.center_lng) <= 180 && circle.radius_meters >= 1 && circle.radius_meters <= RADIUS_METERS_MAX;
  return inRange ? circle : null;
}

/**
 * What to ask the coverage about, for the zips and circles as drawn: null while nothing is drawn,
 * or while a field being typed does not hold a valid value yet.
 */
export function coverageRequestOf(values: Pick<TerritoryFormValues, 'zips' | 'circles'>): TerritoryCoverageRequest | null {
  const request = { zips: values.zips, circles: values.circles.map(drawableCircle).filter((circle) => circle !== null) };
  return request.zips.length + request.circles.length > 0 && is(request, TerritoryCoverageRequest) ? request : null;
}

/** Section 5: a social row with both fields empty is dropped. */
const isBlankSocial = (social: SocialValues) => social.platform_name.trim() === '' && social.platform_url.trim() === '';

/** The rows sent, by their place in the form (errors come back by their place in the body). */
const keptSocials = (values: TerritoryFormValues) => values.socials.map((social, index) => ({ social, index })).filter(({ social }) => !isBlankSocial(social));

/**
 * The request body: section 5's rules applied (dates as YYYY-MM-DD or null, https:// added to
 * social links without a scheme, blank social rows dropped, radius rounded). Blank texts go as
 * '' and the contract turns the optional ones into null.
 */
export function toTerritoryBody(values: TerritoryFormValues): TerritoryCreate {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field]]));
  return {
    ...text,
    name: values.name,
    is_active: values.is_active,
    settlement_date: dateOrNull(values.settlement_date),
    rep_dob: dateOrNull(values.rep_dob),
    zips: mergeZipText(values.zips, values.zip_text),
    circles: values.circles.map(circleOf),
    socials: keptSocials(values).map(({ social }) => ({ platform_name: social.platform_name, platform_url: withScheme(social.platform_url) })),
  } as TerritoryCreate;
}

/**
 * The contract's failures as the form's errors, keyed by the form's paths ("circles.1.radius_meters"):
 * a social link's error moves to the row it came from, since blank rows are not sent.
 */
export function formErrorsOf(fields: Record<string, string>, values: TerritoryFormValues): Record<string, string> {
  const kept = keptSocials(values);
  return Object.fromEntries(
    Object.entries(fields).map(([path, message]) => {
      const social = /^socials\.(\d+)(\..*)?$/.exec(path);
      if (!social) return [path, message];
      const row = kept[Number(social[1])]?.index ?? Number(social[1]);
      return [`socials.${row}${social[2] ?? ''}`, message];
    }),
  );
}

/** The form's errors by path (none when the contract accepts it): the same contract as the server's. */
export function validateTerritory(values: TerritoryFormValues): Record<string, string> {
  const checked = checkWith(TerritoryCreate, toTerritoryBody(values));
  return checked.ok ? {} : formErrorsOf(checked.fields, values);
}
