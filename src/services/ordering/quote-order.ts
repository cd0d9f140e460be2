import { is } from 'superstruct';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { OrderQuote, type PlaceOrderBody } from '../../../contracts/ordering';

/**
 * The server's answer to a quote: the priced order (its refusals inside), a refusal of the body
 * itself (400 with the error shape, `fields` naming what to fix), or `unavailable` when the server
 * has no quote route (404: a server from before issue 43), where the checkout shows the cart's own
 * figures and places without an agreed total.
 */
export type Quoting = { kind: 'quoted'; quote: OrderQuote } | { kind: 'refused'; message: string; fields: Record<string, string> } | { kind: 'unavailable' };

const NO_ANSWER = 'We could not work out your total just now.';

/**
 * POST /api/v2/storefront/{slug}/quote/ with the order body (no Idempotency-Key: nothing is
 * stored). Plain fetch, as placing, to keep the store's scripts small. No answer, a server failure
 * or an answer that is not a quote rejects: the review says so and offers to try again.
 */
export async function quoteOrder(slug: string, body: PlaceOrderBody): Promise<Quoting> {
  const response = await fetch(`${API_BASE}${paths.storefrontQuote(slug)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status === 404) return { kind: 'unavailable' };
  const answer = (await response.json().catch(() => null)) as { detail?: unknown; fields?: unknown } | null;
  if (response.ok && is(answer, OrderQuote)) return { kind: 'quoted', quote: answer };
  if (response.status >= 400 && response.status < 500 && answer && typeof answer.detail === 'string') {
    const fields = typeof answer.fields === 'object' && answer.fields !== null ? (answer.fields as Record<string, string>) : {};
    return { kind: 'refused', message: answer.detail, fields };
  }
  throw new Error(NO_ANSWER);
}

/**
 * The new figures a 409 `price_changed` carries under `quote` (OrderRefusal); null when the answer
 * holds none that is a quote, and the checkout asks for one again.
 */
export function changedQuote(answer: unknown): OrderQuote | null {
  const quote = typeof answer === 'object' && answer !== null ? (answer as { quote?: unknown }).quote : undefined;
  return is(quote, OrderQuote) ? quote : null;
}
