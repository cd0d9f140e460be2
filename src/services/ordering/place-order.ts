import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { PlacedOrder, PlaceOrderBody } from '../../../contracts/ordering';

/**
 * The server's answer to a placement: the order, its refusal in its own words (`fields` names what
 * to fix), or 409 `price_changed` (issue 43: the total is not the one the customer agreed to), whose
 * whole answer is kept for the checkout to read the new figures from (src/services/ordering/quote-order.ts).
 */
export type Placement =
  | { kind: 'placed'; order: PlacedOrder }
  | { kind: 'refused'; message: string; fields: Record<string, string> }
  | { kind: 'price_changed'; message: string; answer: unknown };

const NO_ANSWER = 'We could not reach the restaurant. Please try again.';

/**
 * POST /api/v2/storefront/{slug}/orders/ with the attempt's `Idempotency-Key`: sent again with the
 * same key after a failure, the server answers the order it stored instead of placing a second
 * one. Plain fetch, as the store page's other call, to keep its script small. A refusal (4xx with
 * the error shape) resolves; no answer, or a server failure, rejects: only those are worth a retry.
 */
export async function placeOrder(slug: string, body: PlaceOrderBody, key: string): Promise<Placement> {
  const response = await fetch(`${API_BASE}${paths.storefrontOrders(slug)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as { detail?: unknown; code?: unknown; fields?: unknown } | null;
  if (response.ok && answer) return { kind: 'placed', order: answer as PlacedOrder };
  if (response.status === 409 && answer?.code === 'price_changed') {
    return { kind: 'price_changed', message: typeof answer.detail === 'string' ? answer.detail : '', answer };
  }
  if (response.status >= 400 && response.status < 500 && answer && typeof answer.detail === 'string') {
    const fields = typeof answer.fields === 'object' && answer.fields !== null ? (answer.fields as Record<string, string>) : {};
    return { kind: 'refused', message: answer.detail, fields };
  }
  throw new Error(NO_ANSWER);
}

/**
 * A fresh idempotency key: 128 random bits in hex. From getRandomValues rather than randomUUID,
 * which browsers offer only on secure origins (a store tried on a LAN address over http has none).
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
