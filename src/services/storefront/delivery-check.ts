import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { DeliveryCheck } from '../../../contracts/storefront';

/** What the store page's zip check shows: the server's answer, its sentence for a refused zip, or a failure. */
export type DeliveryAnswer = { kind: 'checked'; check: DeliveryCheck } | { kind: 'refused'; message: string } | { kind: 'failed' };

/**
 * GET /api/v2/storefront/{slug}/delivery/?zip=. Plain fetch rather than the app's ky clients:
 * the store page carries no token and no renewal, and its script must stay small (issue 29's
 * 60 KB budget). A 400 brings the contract's sentence for the zip (`fields.zip`).
 */
export async function checkDelivery(slug: string, zip: string): Promise<DeliveryAnswer> {
  try {
    const response = await fetch(`${API_BASE}${paths.storefrontDelivery(slug)}?${new URLSearchParams({ zip })}`, { headers: { accept: 'application/json' } });
    if (response.ok) return { kind: 'checked', check: (await response.json()) as DeliveryCheck };
    if (response.status === 400) {
      const body = (await response.json()) as { detail?: unknown; fields?: { zip?: unknown } };
      const message = body.fields?.zip ?? body.detail;
      if (typeof message === 'string') return { kind: 'refused', message };
    }
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
