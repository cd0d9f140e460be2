import { is } from 'superstruct';
import { StoreSlots } from '../../../contracts/ordering/availability';
import { API_BASE, paths } from '../../../contracts/shared/paths';

/**
 * GET /api/v2/storefront/{slug}/slots/ (issue 45): the kitchen's pace and what each slot holds,
 * for the availability engine the checkout runs. Plain fetch, as placing. No answer, or one that
 * is not the shape (a server from before): rejects, and the checkout offers the hours' slots,
 * which the server still checks.
 */
export async function readStoreSlots(slug: string): Promise<StoreSlots> {
  const response = await fetch(`${API_BASE}${paths.storefrontSlots(slug)}`, { headers: { accept: 'application/json' }, cache: 'no-store' });
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok && is(answer, StoreSlots)) return answer;
  throw new Error('The store’s times could not be read.');
}
