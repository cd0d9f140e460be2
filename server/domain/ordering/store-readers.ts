import type { OrderingCategory } from '../../../contracts/ordering';
import type { Schedule } from '../../../contracts/shared/opening-status';
import type { Currency } from '../../../contracts/shared/restaurants';
import type { Db } from '../../db/database';
import type { PaymentMethod } from '../../../contracts/shared/payment-methods';

/**
 * What the ordering area needs of the storefront area, which it may not import: server/app.ts
 * hands in the storefront's own readers, so an order is priced and checked by the very menu,
 * terms, hours and coverage the store page shows, with no rule written twice. The shapes below
 * are the parts of the store's public data (contracts/storefront.ts, `Storefront`) an order reads.
 */
/** A category of the menu, with its id: a line's tax rate may be its category's (issue 43). */
export type MenuCategory = OrderingCategory & { id: number };

export type StoreView = {
  restaurant: { name: string; slug: string; currency: Currency; time_zone: string; country?: string | null };
  status: { open_now: boolean; label: string };
  pickup: { available: boolean; eta_from: number; eta_to: number };
  /** Money with two decimals; `min_order` and `free_over` null when the store has none. */
  delivery: { available: boolean; eta_from: number; eta_to: number; fee: number; min_order: number | null; free_over: number | null };
  categories: readonly MenuCategory[];
  /** The ways of paying the store offers (issue 44); absent: in person only. */
  money?: { payment_methods?: readonly PaymentMethod[] };
};

export type OrderingStore = {
  restaurantId: number;
  storefront: StoreView;
  /** The schedule the store's status comes from: ASAP orders and slots are checked against it. */
  schedule: Schedule;
  /** The storefront's delivery check for one zip code. */
  delivers: (zip: string) => boolean;
  /** What the order shows of its restaurant. */
  restaurant: OrderRestaurant;
};

/**
 * What an order shows of its restaurant: `address` and `phone` ('' when not given) for a pickup, the public
 * phone only; `country` decides how its times are written.
 */
export type OrderRestaurant = { name: string; slug: string; time_zone: string; address: string; phone: string; country?: string | null };

export type StoreReaders = {
  /** A launched store by slug, or null (unknown or not launched). */
  store: (db: Db, slug: string, now: Date) => Promise<OrderingStore | null>;
  /** The restaurant of a launched store by slug, or null: one lookup, for what needs no menu (the public slots). */
  launchedRestaurant: (db: Db, slug: string) => Promise<number | null>;
  /** The restaurants of a bounded set of orders, by id. */
  restaurants: (db: Db, ids: readonly number[]) => Promise<Map<number, OrderRestaurant>>;
};
