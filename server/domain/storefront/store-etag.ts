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
 * are still on, and which dishes and extras are still sold out. Anything else in the answer
 * changes only with the version.
 */
export function storeEtag(
  store: Pick<Storefront, 'version' | 'status' | 'restaurant' | 'money' | 'pause' | 'busy_extra_minutes' | 'categories'>,
  now: Date,
): string {
  const { open_now, label, next_change_at } = store.status;
  const today = wallClock(store.restaurant.time_zone, now).date;
  // Issue 45: a pause or busy time that ends by itself changes the answer with no new version.
  const pace = [store.pause ? `paused:${store.pause.until ?? ''}` : '', store.busy_extra_minutes ?? 0];
  // A sold-out time that passes puts the dish back on sale before the minute sweep raises the version.
  const soldOut = soldOutEnds(store).filter((end) => Date.parse(end) > now.getTime());
  pace.push(`sold out:${soldOut.join(',')}`);
  const facts = [store.version, open_now, label, next_change_at ?? '', today, (store.money?.payment_methods ?? []).join(','), ...pace].join('\n');
  return `"${store.version}-${createHash('sha256').update(facts).digest('base64url').slice(0, 22)}"`;
}

/** Every sold-out time the store data carries (dishes and extra selections), in its order. */
export function soldOutEnds(store: Pick<Storefront, 'categories'>): string[] {
  return store.categories.flatMap((category) => [
    ...category.items.flatMap((item) => (item.sold_out_until ? [item.sold_out_until] : [])),
    ...category.extra_groups.flatMap((group) => group.selections.flatMap((selection) => (selection.sold_out_until ? [selection.sold_out_until] : []))),
  ]);
}
