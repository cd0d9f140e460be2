import { asc, eq, inArray } from 'drizzle-orm';
import type { OrderRefund } from '../../../contracts/ordering/refunds';
import { fromCents } from '../../../contracts/shared/cents';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { orderRefunds } from '../../db/schema-ordering';

/** Who gave a refund, as the owner's order names them: their name, else their email. */
const personOf = (firstName: string | null, lastName: string | null, email: string | null): string | null => {
  const name = `${firstName ?? ''} ${lastName ?? ''}`.trim();
  return name || email;
};

/** The refunds of a bounded set of orders (one page at most), oldest first, in one query. */
export async function refundsOf(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderRefund[]>> {
  const refunds = new Map<number, OrderRefund[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return refunds;
  const rows = await db
    .select({
      orderId: orderRefunds.orderId,
      amountCents: orderRefunds.amountCents,
      reason: orderRefunds.reason,
      at: orderRefunds.at,
      linePositions: orderRefunds.linePositions,
      state: orderRefunds.state,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(orderRefunds)
    .leftJoin(users, eq(users.id, orderRefunds.byUserId))
    .where(inArray(orderRefunds.orderId, orderIds))
    .orderBy(asc(orderRefunds.orderId), asc(orderRefunds.id));
  for (const row of rows) {
    refunds.get(row.orderId)?.push({
      amount: fromCents(row.amountCents),
      reason: row.reason,
      at: row.at.toISOString(),
      by: personOf(row.firstName, row.lastName, row.email),
      line_positions: row.linePositions,
      ...(row.state === 'pending' ? { pending: true } : {}),
    });
  }
  return refunds;
}
