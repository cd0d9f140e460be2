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
