import { array, boolean, enums, nullable, number, object, optional, refine, string, type Infer } from 'superstruct';
import { documented } from './shared/documented';
import { CURRENCIES } from './shared/restaurants';
import { PaymentMethodStruct } from './shared/payment-methods';
import { OpeningDay, SpecialDay } from './shared/opening-hours';
import { StoreSlug } from './shared/store-slug';

/**
 * The store: a launched restaurant's public page at `/{slug}` and its public data (issue 29).
 * Nothing here needs a token, so nothing here may carry what only the owner should see: never
 * the owner's email, the restaurant phone, the fax or the mobile (contacts' private numbers).
 */

export const StorefrontParams = object({ slug: StoreSlug });
export type StorefrontParams = Infer<typeof StorefrontParams>;

/** Open or closed now, in the restaurant's own time zone (contracts/shared/opening-status.ts). */
export const OpeningStatus = object({
  open_now: boolean(),
  /** "Open now · closes 21:00", "Closed · opens tomorrow at 09:00", "Open 24 hours". */
  label: string(),
  /** The next instant open_now flips (ISO 8601, UTC), or null when it never does (24/7, never open). */
  next_change_at: nullable(string()),
});
export type OpeningStatus = Infer<typeof OpeningStatus>;

export const StoreAddress = object({ street: string(), city: string(), state: string(), zip_code: string(), country: string() });

export const StoreRestaurant = object({
  name: string(),
  about: string(),
  slug: string(),
  logo_url: nullable(string()),
  currency: enums(CURRENCIES),
  time_zone: string(),
  /**
   * The location's country as the location step writes it ("United States"), null without one
   * (issue 40): it decides how times are written (contracts/shared/clock-format.ts).
   */
  country: optional(nullable(string())),
  address: nullable(StoreAddress),
  /** The contacts step's public phone and contact email only ('' when not given). */
  public_phone: string(),
  contact_email: string(),
});

export const StoreHours = object({
  open_247: boolean(),
  /** The seven days, Monday (1) first. */
  days: array(OpeningDay),
  /** Special days from today (in the restaurant's zone) on, in date order; past ones are left out. */
  special_days: array(SpecialDay),
});

/** Money is a number with at most two decimals, in the restaurant's currency. */
export const StorePickup = object({ available: boolean(), eta_from: number(), eta_to: number() });
export const StoreDelivery = object({
  available: boolean(),
  eta_from: number(),
  eta_to: number(),
  /** 0 when no fee applies. */
  fee: number(),
  /** null when there is no minimum. */
  min_order: nullable(number()),
  /** Delivery is free from this subtotal on; null when it never is. */
  free_over: nullable(number()),
});

export const StoreSize = object({ id: number(), name: string(), units: nullable(number()), measurement: nullable(string()) });
/**
 * An available item. A category priced by size lists a price per size the item is offered in
 * (`price` null); any other lists `price`. A size without a price is not offered and is left out;
 * an item with no price at all is not on the store.
 */
export const StoreItem = object({
  id: number(),
  name: string(),
  description: string(),
  image_url: nullable(string()),
  price: nullable(number()),
  prices: array(object({ size_id: number(), price: number() })),
  /** Sold out until then (ISO 8601, UTC; issue 45): absent, null or passed means orderable (contracts/shared/sold-out.ts). */
  sold_out_until: optional(nullable(string())),
});
export const StoreExtraGroup = object({
  id: number(),
  name: string(),
  required: boolean(),
  allow_multiple: boolean(),
  selections: array(object({ id: number(), name: string(), price: number(), image_url: nullable(string()), sold_out_until: optional(nullable(string())) })),
});
export const StoreOptionSet = object({
  id: number(),
  name: string(),
  selections: array(object({ id: number(), name: string(), image_url: nullable(string()) })),
});
export const StoreCategory = object({
  id: number(),
  name: string(),
  description: string(),
  image_url: nullable(string()),
  sizes: array(StoreSize),
  items: array(StoreItem),
  extra_groups: array(StoreExtraGroup),
  /** What a customer may add or remove on this category's items (empty when not allowed). */
  toppings: array(object({ id: number(), name: string(), image_url: nullable(string()) })),
  dressings: array(object({ id: number(), name: string() })),
  /*
   * The rest of the specification's category model (issue 42), which the order engine judges
   * (contracts/ordering/order-options.ts). The server always sends them; optional all the same,
   * so a client or a saved store written before them reads as the specification's defaults (no
   * set, true, true, 0). Options carry no price: the menu keeps none, so every option is free.
   */
  /** One choice of each set, in the owner's order; the first selection is the default. */
  primary_option_sets: optional(array(StoreOptionSet)),
  /** Whether a customer may leave a topping off (default true). */
  allow_remove_toppings: optional(boolean()),
  /** Whether a customer may add extra toppings, at most `max_extra_toppings` (default true, 0). */
  allow_add_toppings: optional(boolean()),
  max_extra_toppings: optional(number()),
});
export type StoreCategory = Infer<typeof StoreCategory>;

/** GET /api/v2/storefront/{slug}/ */
/** The tips a store offers as its public data shows them (the owner's settings: contracts/ordering/order-settings.ts). */
export const StoreTips = object({ enabled: boolean(), choices: array(number()), allow_custom: boolean() });
export const StoreMoney = object({
  prices_include_tax: boolean(),
  tips: StoreTips,
  /**
   * Issue 44: how a customer may pay, card first (offeredPaymentMethods in
   * contracts/shared/payment-methods.ts). Left out by a server from before it: in person only.
   */
  payment_methods: optional(array(PaymentMethodStruct)),
});
export type StoreMoney = Infer<typeof StoreMoney>;

export const Storefront = object({
  /** Raised by every change to the menu or settings; the ETag is made from it. */
  version: number(),
  restaurant: StoreRestaurant,
  hours: StoreHours,
  status: OpeningStatus,
  pickup: StorePickup,
  delivery: StoreDelivery,
  /** Categories in the owner's order; a category with no available priced item is left out. */
  categories: array(StoreCategory),
  /**
   * Issue 43: whether the prices include tax (the page says "Prices include VAT" or "Tax is added
   * at checkout") and the tips the checkout offers. Left out by a server from before issue 43: no
   * tips, tax added.
   */
  money: optional(StoreMoney),
  /**
   * Issue 45, busy mode: the kitchen's pause of new orders while it is on (`until` its end, null
   * until the owner reopens), else null; and the minutes added to every prep time until
   * `busy_until` (0 and null when none). The page and checkout read them against their own clock
   * (contracts/shared/store-pause.ts), so a copy older than the end says nothing once it is past.
   * Left out by a server from before: not paused, no extra minutes.
   */
  pause: optional(nullable(object({ until: nullable(string()) }))),
  busy_extra_minutes: optional(number()),
  busy_until: optional(nullable(string())),
  /** Issue 45: the notice the kitchen asks for on every order, in minutes (its settings' `min_lead_minutes`); absent: none. */
  min_lead_minutes: optional(number()),
});
export type Storefront = Infer<typeof Storefront>;

/** GET /api/v2/storefront/{slug}/delivery/?zip= */
export const ZIP_QUERY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;
export const DeliveryCheckQuery = object({
  zip: documented(
    refine(string(), 'zip', (value) => ZIP_QUERY_PATTERN.test(value.trim()) || 'Enter a zip or postal code (letters, digits, spaces or hyphens; at most 10).'),
    { maxLength: 10 },
  ),
});
export type DeliveryCheckQuery = Infer<typeof DeliveryCheckQuery>;
export const DeliveryCheck = object({
  zip: string(),
  delivers: boolean(),
  fee: number(),
  min_order: nullable(number()),
  free_over: nullable(number()),
  eta_from: number(),
  eta_to: number(),
});
export type DeliveryCheck = Infer<typeof DeliveryCheck>;

/**
 * The data block the store page carries for its script (`<script type="application/json"
 * id="store-data">`): what an item's details dialog shows beyond the markup (sizes, extras,
 * primary options, toppings, dressings), so opening it needs no second request.
 */
export type StorePageData = {
  slug: string;
  currency: Storefront['restaurant']['currency'];
  pickup_available: boolean;
  /** What the checkout needs (issue 30): the hours its slots and "open now" are read from, in the zone, and the terms. */
  time_zone: string;
  /** The restaurant's country: times are written its way (contracts/shared/clock-format.ts, issue 40). */
  country: string | null;
  hours: Storefront['hours'];
  pickup: Storefront['pickup'];
  delivery: Storefront['delivery'];
  /** Issue 45: the pause on when the data was read (the checkout reads it against its clock). */
  pause?: Storefront['pause'];
  categories: Array<
    Pick<
      StoreCategory,
      'id' | 'sizes' | 'extra_groups' | 'toppings' | 'dressings' | 'primary_option_sets' | 'allow_remove_toppings' | 'allow_add_toppings' | 'max_extra_toppings'
    > & {
      items: Array<Pick<StoreCategory['items'][number], 'id' | 'name' | 'description' | 'price' | 'prices' | 'sold_out_until'>>;
    }
  >;
};
