import { createHash } from 'node:crypto';
import { wallClock } from '../../../contracts/shared/opening-status';
import type { Storefront } from '../../../contracts/storefront';

/**
 * The store's strong ETag at `now`, for its JSON (`GET /api/v2/storefront/{slug}/`) and its page
 * (`/{slug}`) alike. What the store shows changes in two ways: the owner changes the menu or a
 * setting (the version, raised by the database in the same transaction, so every server process
 * agrees), or time passes: the store opens or closes, the status's wording moves on, a new day
 * begins in the restaurant's zone (a special day slips into the past, "today" is another weekday).
 * The tag covers all of them: the version, the whole status and the restaurant's date; the ways
 * to pay, which also follow the platform's own card keys (a restart with STRIPE_* added or removed
 * changes them and no version); and (issue 45) whether the kitchen's pause and extra prep minutes
 * are still on. Anything else in the answer changes only with the version.
 */
export function storeEtag(store: Pick<Storefront, 'version' | 'status' | 'restaurant' | 'money' | 'pause' | 'busy_extra_minutes'>, now: Date): string {
  const { open_now, label, next_change_at } = store.status;
  const today = wallClock(store.restaurant.time_zone, now).date;
  // Issue 45: a pause or busy time that ends by itself changes the answer with no new version.
  const pace = [store.pause ? `paused:${store.pause.until ?? ''}` : '', store.busy_extra_minutes ?? 0];
  const facts = [store.version, open_now, label, next_change_at ?? '', today, (store.money?.payment_methods ?? []).join(','), ...pace].join('\n');
  return `"${store.version}-${createHash('sha256').update(facts).digest('base64url').slice(0, 22)}"`;
}
