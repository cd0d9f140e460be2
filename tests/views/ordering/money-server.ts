import type { Coupon, CouponCreate, CouponUpdate } from '#contracts/ordering/coupons';
import { couponCodeKey } from '#contracts/ordering/coupons';
import type { TaxSettingsAnswer, TipSettings } from '#contracts/ordering/order-settings';
import { platformRefusals, type PaymentSettings, type PaymentSettingsAnswer } from '#contracts/ordering/payment-settings';
import { DEFAULT_KITCHEN_SETTINGS, type KitchenSettings } from '#contracts/ordering/kitchen-settings';

/**
 * Restaurant 42's coupons, taxes, tips, payments and kitchen settings as the server keeps them, for the app harness's
 * `answer` (whose fetch has already checked each request with the server's contract): the
 * answers, and each write's body as sent.
 */
export type Sent = { method: string; path: string; body: unknown };

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const DUPLICATE = 'Another coupon of this restaurant already has this code (capitals and spaces do not make a code different).';

export function moneyServer(start: { coupons?: Coupon[]; taxes?: TaxSettingsAnswer; tips?: TipSettings; payments?: PaymentSettingsAnswer } = {}) {
  let coupons = [...(start.coupons ?? [])];
  let taxes = start.taxes ?? { prices_include_tax: false, default_rate: 0, delivery_fee_taxable: false, category_rates: [], needs_setup: true };
  let tips = start.tips ?? { enabled: false, choices: [10, 15, 20], allow_custom: true };
  let payments = start.payments ?? { card_online: false, in_person: true, card_available: true };
  let kitchen: KitchenSettings = DEFAULT_KITCHEN_SETTINGS;
  const sent: Sent[] = [];
  const taken = (code: string, except?: number) => coupons.some((coupon) => coupon.id !== except && couponCodeKey(coupon.code) === couponCodeKey(code));

  const answer = ({ method, url, body }: { method: string; url: string; body: unknown }): Response | undefined => {
    const path = new URL(url).pathname;
    if (method !== 'GET') sent.push({ method, path, body });
    if (path === '/api/v2/restaurants/')
      return json({ count: 1, next: null, previous: null, results: [{ id: 42, name: 'Pizza Loco', slug: 'pizza-loco', currency: 'USD' }] });
    if (path === '/api/v2/categories/') {
      const results = [
        { id: 3, name: 'Pizza', description: '', restaurant_id: 42 },
        { id: 5, name: 'Drinks', description: '', restaurant_id: 42 },
      ];
      return json({ count: 2, next: null, previous: null, results });
    }
    if (path === '/api/v2/restaurants/42/settings/taxes/') {
      if (method === 'PUT') taxes = { ...(body as Omit<TaxSettingsAnswer, 'needs_setup'>), needs_setup: false };
      return json(taxes);
    }
    if (path === '/api/v2/restaurants/42/settings/tips/') {
      if (method === 'PUT') tips = body as TipSettings;
      return json(tips);
    }
    if (path === '/api/v2/restaurants/42/settings/payments/') {
      if (method === 'PUT') {
        // What only the server knows to refuse (its Stripe keys); the contract was checked before.
        const fields = platformRefusals(body as PaymentSettings, payments.card_available);
        if (Object.keys(fields).length > 0) return json({ detail: 'Some fields are not valid.', code: 'invalid', fields }, 400);
        payments = { ...(body as PaymentSettings), card_available: payments.card_available };
      }
      return json(payments);
    }
    if (path === '/api/v2/restaurants/42/settings/kitchen/') {
      if (method === 'PUT') kitchen = body as KitchenSettings;
      return json(kitchen);
    }
    if (path === '/api/v2/coupons/' && method === 'GET') return json({ count: coupons.length, next: null, previous: null, results: coupons });
    if (path === '/api/v2/coupons/' && method === 'POST') {
      const { restaurant_id: _restaurant, ...fields } = body as CouponCreate;
      if (taken(fields.code)) return json({ detail: DUPLICATE, code: 'duplicate', fields: { code: DUPLICATE } }, 409);
      const made: Coupon = {
        id: Math.max(0, ...coupons.map((coupon) => coupon.id)) + 1,
        restaurant_id: 42,
        min_subtotal: 0,
        starts_on: null,
        ends_on: null,
        max_uses: null,
        max_uses_per_customer: null,
        first_order_only: false,
        active: true,
        ...fields,
        uses: 0,
        given_away: 0,
      };
      coupons = [made, ...coupons];
      return json(made, 201);
    }
    const one = /^\/api\/v2\/coupons\/(\d+)\/$/.exec(path);
    if (one) {
      const id = Number(one[1]);
      const current = coupons.find((coupon) => coupon.id === id);
      if (!current) return json({ detail: 'Not found.', code: 'not_found' }, 404);
      if (method === 'DELETE') {
        coupons = coupons.filter((coupon) => coupon.id !== id);
        return json(null, 204);
      }
      if (method === 'PATCH') {
        const change = body as CouponUpdate;
        if (change.code !== undefined && taken(change.code, id)) return json({ detail: DUPLICATE, code: 'duplicate', fields: { code: DUPLICATE } }, 409);
        const next = { ...current, ...change } as Coupon;
        coupons = coupons.map((coupon) => (coupon.id === id ? next : coupon));
        return json(next);
      }
      return json(current);
    }
    return undefined;
  };
  return { answer, sent, coupons: () => coupons };
}

export const savedCoupon = (over: Partial<Coupon> = {}): Coupon => ({
  id: 1,
  restaurant_id: 42,
  code: 'WELCOME5',
  kind: 'amount',
  value: 5,
  min_subtotal: 20,
  starts_on: '2026-12-01',
  ends_on: null,
  max_uses: 100,
  max_uses_per_customer: 1,
  first_order_only: true,
  active: true,
  uses: 3,
  given_away: 15,
  ...over,
});
