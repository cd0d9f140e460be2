import { createHash } from 'node:crypto';
import type { Storefront } from '../../../contracts/storefront';

/**
 * The store's strong ETag, for its JSON (`GET /api/v2/storefront/{slug}/`) and its page (`/{slug}`)
 * alike. What the store shows changes in two ways: the owner changes the menu or a setting (the
 * version, raised by the database in the same transaction, so every server process agrees), or
 * time passes: the store opens or closes, the status's wording moves on ("opens tomorrow" becomes
 * "opens at 09:00"), a special day slips into the past. The tag covers all of them: the version,
 * the whole status, and the first special day still shown. Anything else in the answer changes
 * only with the version.
 */
export function storeEtag(store: Pick<Storefront, 'version' | 'status' | 'hours'>): string {
  const { open_now, label, next_change_at } = store.status;
  const facts = [store.version, open_now, label, next_change_at ?? '', store.hours.special_days[0]?.date ?? ''].join('\n');
  return `"${store.version}-${createHash('sha256').update(facts).digest('base64url').slice(0, 22)}"`;
}
