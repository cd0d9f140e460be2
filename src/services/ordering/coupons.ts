import { Coupon, type CouponCreate, type CouponUpdate } from '../../../contracts/ordering/coupons';
import { paths } from '../../../contracts/shared/paths';
import { DEFAULT_CURRENCY, type Currency } from '../../../contracts/shared/restaurants';
import { api } from '../shared/api';
import { loadRestaurant } from '../shared/restaurants';

/**
 * The Coupons screen's calls (issue 43). Every call names the restaurant worked on: an owner's
 * own is accepted, an administrator's choice is required (PRODUCT.md, "Tenancy").
 */

export type CouponPage = { coupons: Coupon[]; count: number };

export type CouponPageQuery = { restaurantId: number; page: number; pageSize: number };

export async function listCoupons({ restaurantId, page, pageSize }: CouponPageQuery): Promise<CouponPage> {
  const answer = await api.getList(paths.coupons, { struct: Coupon, searchParams: { restaurant_id: restaurantId, page, page_size: pageSize } });
  return { coupons: answer.items, count: answer.count };
}

/** The currency the restaurant's coupons are in; USD when the list has no such restaurant. */
export async function loadCouponCurrency({ restaurantId }: { restaurantId: number }): Promise<Currency> {
  return (await loadRestaurant(restaurantId))?.currency ?? DEFAULT_CURRENCY;
}

export function createCoupon({ restaurantId, body }: { restaurantId: number; body: CouponCreate }): Promise<Coupon> {
  return api.post(paths.coupons, { ...body, restaurant_id: restaurantId }, { struct: Coupon });
}

export function updateCoupon({ id, body }: { id: number; body: CouponUpdate }): Promise<Coupon> {
  return api.patch(paths.coupon(id), body, { struct: Coupon });
}

export async function deleteCoupon({ id }: { id: number }): Promise<void> {
  await api.delete(paths.coupon(id));
}
