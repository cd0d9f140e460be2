import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  COUPON_DEFAULTS,
  couponCodeKey,
  couponProblems,
  type Coupon,
  type CouponCreate,
  type CouponFields,
  type CouponListQuery,
  type CouponUpdate,
} from '../../../contracts/ordering/coupons';
import { fromCents, toCents } from '../../../contracts/shared/cents';
import type { Db } from '../../db/database';
import { coupons, orders } from '../../db/schema-ordering';
import { HttpError } from '../../http-error';
import { listRows, type Listed } from '../shared/listing';
import type { Scope } from '../shared/scope';
import { checkedRestaurantFilter, readableRow, readableRows, restaurantForNewRow } from '../shared/tenancy';
import { counted } from './counted-orders';

/**
 * A restaurant's coupons (issue 43), under the tenancy of every owner's list (an owner sees their
 * restaurant's, another's answers 404; an administrator names one with `restaurant_id`). Codes
 * are unique per restaurant with case and spaces ignored (`code_key`); how often a coupon was used
 * (`uses`) is counted by the order that uses it, what it gave away summed from those orders.
 */

type CouponRow = typeof coupons.$inferSelect;

/** The coupon as the contract reads it: money with two decimals, a percent as it is. */
const fieldsOf = (row: CouponRow): CouponFields => ({
  code: row.code,
  kind: row.kind,
  value: row.kind === 'amount' ? fromCents(row.value) : row.value,
  min_subtotal: fromCents(row.minSubtotalCents),
  starts_on: row.startsOn,
  ends_on: row.endsOn,
  max_uses: row.maxUses,
  max_uses_per_customer: row.maxUsesPerCustomer,
  first_order_only: row.firstOrderOnly,
  active: row.active,
});

const columnsOf = (fields: CouponFields) => ({
  code: fields.code,
  codeKey: couponCodeKey(fields.code),
  kind: fields.kind,
  value: fields.kind === 'amount' ? toCents(fields.value) : fields.value,
  minSubtotalCents: toCents(fields.min_subtotal),
  startsOn: fields.starts_on,
  endsOn: fields.ends_on,
  maxUses: fields.max_uses,
  maxUsesPerCustomer: fields.max_uses_per_customer,
  firstOrderOnly: fields.first_order_only,
  active: fields.active,
});

const toCoupon = (row: CouponRow, givenAwayCents: number): Coupon => ({
  id: row.id,
  restaurant_id: row.restaurantId,
  ...fieldsOf(row),
  uses: row.uses,
  given_away: fromCents(givenAwayCents),
});

/** What each coupon took off its orders, cancelled ones left out (one query for a page of coupons). */
async function givenAway(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ couponId: orders.couponId, cents: sql<number>`sum(${orders.discountCents})`.mapWith(Number) })
    .from(orders)
    .where(and(inArray(orders.couponId, [...ids]), counted))
    .groupBy(orders.couponId);
  return new Map(rows.map((row) => [row.couponId!, row.cents]));
}

const answerOne = async (db: Db, row: CouponRow): Promise<Coupon> => toCoupon(row, (await givenAway(db, [row.id])).get(row.id) ?? 0);

async function couponInScope(db: Db, scope: Scope, id: number): Promise<CouponRow> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return readableRow(scope, row, 'Coupon');
}

/**
 * Refuses a code another coupon of the restaurant has (case and spaces ignored). Creates and code
 * changes of one restaurant take turns (a transaction-long advisory lock), so two of them can
 * never both pass this check; the unique constraint stays the backstop.
 */
async function checkCodeFree(tx: Db, restaurantId: number, code: string, exceptId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`coupons\n${restaurantId}`}, 0))`);
  const [taken] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(eq(coupons.restaurantId, restaurantId), eq(coupons.codeKey, couponCodeKey(code)), exceptId === undefined ? undefined : ne(coupons.id, exceptId)),
    );
  if (taken) {
    const sentence = 'Another coupon of this restaurant already has this code (capitals and spaces do not make a code different).';
    throw new HttpError(409, 'duplicate', sentence, { fields: { code: sentence } });
  }
}

export async function listCoupons(db: Db, scope: Scope, query: CouponListQuery): Promise<Listed<Coupon>> {
  const named = await checkedRestaurantFilter(db, scope, query.restaurant_id);
  const listed = await listRows(
    db,
    {
      table: coupons,
      where: [
        readableRows(scope, coupons.restaurantId),
        named === undefined ? undefined : eq(coupons.restaurantId, named),
        query.active === undefined ? undefined : eq(coupons.active, query.active),
      ],
      searchIn: [coupons.code],
      orderBy: { created: coupons.createdAt, code: coupons.codeKey, id: coupons.id } satisfies Record<string, AnyPgColumn>,
      id: coupons.id,
    },
    // Newest first unless asked otherwise (the later of two made in one instant first).
    { ...query, ordering: query.ordering ?? '-created,-id' },
  );
  const given = await givenAway(
    db,
    listed.rows.map((row) => row.id),
  );
  return { ...listed, rows: listed.rows.map((row) => toCoupon(row, given.get(row.id) ?? 0)) };
}

export async function getCoupon(db: Db, scope: Scope, id: number): Promise<Coupon> {
  return answerOne(db, await couponInScope(db, scope, id));
}

export async function createCoupon(tx: Db, scope: Scope, body: CouponCreate): Promise<Coupon> {
  const { restaurant_id: requested, ...fields } = body;
  const restaurantId = await restaurantForNewRow(tx, scope, requested);
  await checkCodeFree(tx, restaurantId, fields.code);
  const [row] = await tx
    .insert(coupons)
    .values({ restaurantId, ...columnsOf({ ...COUPON_DEFAULTS, ...fields }) })
    .returning();
  return toCoupon(row!, 0);
}

/** The saved coupon with the PATCH applied is checked whole: a new kind must suit the value, the dates stay in order. */
export async function updateCoupon(tx: Db, scope: Scope, id: number, body: CouponUpdate, now: Date): Promise<Coupon> {
  const current = await couponInScope(tx, scope, id);
  const changed = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  const next: CouponFields = { ...fieldsOf(current), ...changed };
  const problems = couponProblems(next);
  if (Object.keys(problems).length > 0) throw new HttpError(400, 'invalid', 'Some fields are not valid.', { fields: problems });
  if (body.code !== undefined && couponCodeKey(body.code) !== current.codeKey) await checkCodeFree(tx, current.restaurantId, body.code, id);
  const [row] = await tx
    .update(coupons)
    .set({ ...columnsOf(next), updatedAt: now })
    .where(eq(coupons.id, id))
    .returning();
  return answerOne(tx, row!);
}

/** Its orders keep the code they were placed with; their link to it is cleared (ON DELETE SET NULL). */
export async function deleteCoupon(tx: Db, scope: Scope, id: number): Promise<void> {
  await couponInScope(tx, scope, id);
  await tx.delete(coupons).where(eq(coupons.id, id));
}
