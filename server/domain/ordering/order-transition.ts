import { eq } from 'drizzle-orm';
import type { TransitionBody } from '../../../contracts/ordering';
import { allows, inPrepWindow, nextStatuses, PREP_WINDOW_MINUTES, type Fulfilment, type OrderStatus } from '../../../contracts/ordering/order-lifecycle';
import { STATUS_WORDS } from '../../../contracts/ordering/order-words';
import type { Db } from '../../db/database';
import { orderEvents, orders } from '../../db/schema-ordering';
import { HttpError } from '../../http-error';
import type { Scope } from '../shared/scope';
import { notifyAboutOrder } from './notifications';
import { orderInScope } from './order-reads';
import type { OrderRow } from './order-shapes';

/** What a move needs beside being allowed, named for the field to fill in. */
function missingDetail(body: TransitionBody): HttpError {
  if (body.to === 'accepted') {
    const detail = 'Choose how many minutes the order needs to be prepared.';
    return new HttpError(400, 'invalid', detail, { fields: { prep_minutes: detail } });
  }
  const detail = 'Please give the reason for cancelling: the customer is told.';
  return new HttpError(400, 'invalid', detail, { fields: { reason: detail } });
}

/**
 * POST /api/v2/orders/{id}/transition/ (issue 30): the order's row locked (`for update`), so two
 * moves of one order run one after the other and the second is judged from the first's result;
 * the move checked with the lifecycle statechart the board runs too (409 naming the current
 * status when it never leads there, or when a booked order's prep window has not opened yet;
 * 400 when its prep time or reason is missing); then the status, its details and the event
 * written in the same transaction. A booked order is accepted for its booked time, not for now
 * plus a prep time (issue 40). Answers the moved row.
 */
export async function moveOrder(tx: Db, scope: Scope, id: number, body: TransitionBody, now: Date): Promise<OrderRow> {
  const row = await orderInScope(tx, scope, id, true);
  const status = row.status as OrderStatus;
  const fulfilment = row.fulfilment as Fulfilment;
  if (!nextStatuses(status, fulfilment).includes(body.to)) {
    throw new HttpError(409, 'transition_not_allowed', `This order is ${STATUS_WORDS[status]}; it cannot become ${STATUS_WORDS[body.to]}.`);
  }
  const scheduledFor = row.scheduledFor?.toISOString() ?? null;
  if (body.to === 'accepted' && scheduledFor !== null && !inPrepWindow(scheduledFor, now.toISOString())) {
    throw new HttpError(
      409,
      'not_due_yet',
      `Order #${row.number} is booked for later: it can go to the kitchen from ${PREP_WINDOW_MINUTES} minutes before its time.`,
    );
  }
  if (!allows(status, fulfilment, { ...body, scheduled_for: scheduledFor, at: now.toISOString() })) throw missingDetail(body);
  const accepted = body.to === 'accepted';
  const cancelled = body.to === 'cancelled';
  const booked = accepted && row.scheduledFor !== null;
  const [moved] = await tx
    .update(orders)
    .set({
      status: body.to,
      updatedAt: now,
      ...(booked ? { estimatedAt: row.scheduledFor } : {}),
      ...(accepted && !booked ? { prepMinutes: body.prep_minutes, estimatedAt: new Date(now.getTime() + body.prep_minutes! * 60_000) } : {}),
      ...(cancelled ? { cancelReason: body.reason } : {}),
    })
    .where(eq(orders.id, row.id))
    .returning();
  const detail = accepted && !booked ? String(body.prep_minutes) : cancelled ? (body.reason ?? null) : null;
  await tx.insert(orderEvents).values({ restaurantId: row.restaurantId, orderId: row.id, status: body.to, detail, at: now });
  if (cancelled) await notifyAboutOrder(tx, 'order_cancelled', moved!, now, { reason: body.reason ?? null });
  return moved!;
}
