// The launched store the soak's writers place orders on (issue 30): seeded through the real API
// (open 24/7, pickup), and the one line every order asks for, read from the store's public data.
import type { Storefront } from '../../contracts/storefront';
import { ownerCallTo, seedStore } from '../../tests/fixtures/storefront/seed-store';

export type OrderingStore = { slug: string; line: { item_id: number; size_id: null; quantity: 1; extra_selection_ids: number[] } };

const SLUG = 'soak-store';

export async function openOrderingStore(baseUrl: string, token: string): Promise<OrderingStore> {
  const call = ownerCallTo(baseUrl, token);
  const started = (await call('POST', '/onboarding/start/')).body as { id: number };
  await seedStore(call, started.id, { slug: SLUG, name: 'Soak Store', categories: 2, itemsPerCategory: 2 });
  const response = await fetch(`${baseUrl}/api/v2/storefront/${SLUG}/`);
  if (!response.ok) throw new Error(`the soak store answered ${response.status}`);
  const store = (await response.json()) as Storefront;
  // The seeded store's second category has one price per dish and no required choice.
  const item = store.categories[1]?.items[0];
  if (!item || item.price === null) throw new Error('the soak store has no plainly priced dish');
  return { slug: SLUG, line: { item_id: item.id, size_id: null, quantity: 1, extra_selection_ids: [] } };
}
