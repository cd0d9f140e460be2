import { enums, nullable, number, object, optional, refine, string, type Infer } from 'superstruct';
import { listQuery } from './lists';
import { RESERVED_SLUGS, reservedSlugMessage } from './site-pages';
import { NAME_MESSAGE, requiredName, trimmed } from './text';

/**
 * Restaurants, which every area works for: onboarding creates one, the menu belongs to one,
 * administrators pick one to work on (GET/POST /api/v2/restaurants/).
 */

/**
 * The currency a restaurant prices in (issue 10): derived by the server from the country of the
 * restaurant's location (onboarding's country select); no location, or another country, is USD.
 */
export const CURRENCIES = ['USD', 'CAD', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';
const COUNTRY_CURRENCIES: Record<string, Currency> = { 'United States': 'USD', Canada: 'CAD', 'United Kingdom': 'GBP' };
export const currencyOfCountry = (country: string | null | undefined): Currency => (country ? COUNTRY_CURRENCIES[country] : undefined) ?? DEFAULT_CURRENCY;

/** Spec (second document, section 5): a restaurant-scoped call made with none chosen. */
export const NO_RESTAURANT_MESSAGE = 'No active restaurant selected.';

/** Columns the restaurant list may be ordered by (the first is the default). */
export const RESTAURANT_ORDERING = ['id', 'name'] as const;
export const RestaurantListQuery = listQuery({}, RESTAURANT_ORDERING);
export type RestaurantListQuery = Infer<typeof RestaurantListQuery>;

/**
 * `currency`: what the restaurant's prices are in (see CURRENCIES). `time_zone` and `country`: its
 * clock (the zone its times are read in, the owner's choice else its location's; the country that
 * decides how times are written), so the back office shows a time as the restaurant reads it.
 */
export const Restaurant = object({
  id: number(),
  name: nullable(string()),
  slug: nullable(string()),
  city: optional(nullable(string())),
  currency: enums(CURRENCIES),
  time_zone: optional(string()),
  country: optional(nullable(string())),
});
export type Restaurant = Infer<typeof Restaurant>;
const Slug = trimmed(
  refine(string(), 'slug', (value) => {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) || value.length > 100) return 'Use lower-case letters, digits and single hyphens (at most 100 characters).';
    return !RESERVED_SLUGS.has(value) || reservedSlugMessage(value);
  }),
);
/** Administrators only. Without a slug one is made from the name. */
export const RestaurantCreate = object({ name: requiredName(NAME_MESSAGE), slug: optional(Slug) });
export type RestaurantCreate = Infer<typeof RestaurantCreate>;
