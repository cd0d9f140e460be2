import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { TrackedOrder } from '../../../contracts/ordering';

export type Tracking = { kind: 'found'; order: TrackedOrder } | { kind: 'missing' };

/** GET /api/v2/orders/track/{token}/: the order as its customer may see it, or none for an unknown token (404). Anything else rejects. */
export async function trackOrder(token: string): Promise<Tracking> {
  const response = await fetch(`${API_BASE}${paths.orderTracking(token)}`, { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (response.status === 404) return { kind: 'missing' };
  if (!response.ok) throw new Error(`Tracking answered ${response.status}.`);
  return { kind: 'found', order: (await response.json()) as TrackedOrder };
}

/**
 * POST /api/v2/orders/track/{token}/payment/ (issue 44): an order waiting for its card payment,
 * read after the server asked the payment provider (the customer may just have paid).
 */
export async function checkPayment(token: string): Promise<Tracking> {
  const response = await fetch(`${API_BASE}${paths.orderPayment(token)}`, { method: 'POST', headers: { accept: 'application/json' }, cache: 'no-store' });
  if (response.status === 404) return { kind: 'missing' };
  if (!response.ok) throw new Error(`The payment check answered ${response.status}.`);
  return { kind: 'found', order: (await response.json()) as TrackedOrder };
}

/** POST …/payment/retry/: a new payment page for the same order; rejects with the server's sentence when there is none. */
export async function retryPayment(token: string): Promise<string> {
  const response = await fetch(`${API_BASE}${paths.orderPaymentRetry(token)}`, { method: 'POST', headers: { accept: 'application/json' }, cache: 'no-store' });
  const answer = (await response.json().catch(() => ({}))) as { checkout_url?: string; detail?: string };
  if (!response.ok || !answer.checkout_url) throw new Error(answer.detail ?? 'We could not open the payment page just now. Please try again.');
  return answer.checkout_url;
}
