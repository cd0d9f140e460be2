import type { Currency } from '../../../contracts/shared/restaurants';
import type { OpeningDay, SpecialDay } from '../../../contracts/shared/opening-hours';

/**
 * What ordering reads of the store (issue 30), as shapes of its own: the storefront area's page
 * data (StorePageData) has these fields, and the page's composition root hands it over, so the
 * ordering area never imports the storefront's contract.
 */
export type OrderingMenu = ReadonlyArray<{
  sizes: ReadonlyArray<{ id: number; name: string; units: number | null; measurement: string | null }>;
  items: ReadonlyArray<{ id: number; name: string; price: number | null; prices: ReadonlyArray<{ size_id: number; price: number }> }>;
  extra_groups: ReadonlyArray<{
    id: number;
    name: string;
    required: boolean;
    allow_multiple: boolean;
    selections: ReadonlyArray<{ id: number; name: string; price: number }>;
  }>;
}>;

/** Delivery terms as the store and its zip check state them (money with two decimals). */
export type DeliveryTermsData = { fee: number; min_order: number | null; free_over: number | null };

export type CheckoutStore = {
  slug: string;
  currency: Currency;
  time_zone: string;
  hours: { open_247: boolean; days: readonly OpeningDay[]; special_days: readonly SpecialDay[] };
  pickup: { available: boolean; eta_from: number; eta_to: number };
  delivery: DeliveryTermsData & { available: boolean; eta_from: number; eta_to: number };
};
