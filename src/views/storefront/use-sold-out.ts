import { startTransition, useEffect, useState } from 'react';
import { clockOf } from '../../../contracts/shared/clock-format';
import { soldOutNote, soldOutWords } from '../../../contracts/shared/sold-out-words';
import type { Storefront } from '../../../contracts/storefront';
import type { Today } from './store-info';

/** How often the page looks at the clock again: a sold-out item comes back within this of its time. */
const RECHECK_MS = 30_000;

/**
 * The store page's sold-out notes (issue 45): "until 9:00 PM" for an item or selection sold out,
 * null for one on sale. The server's HTML and the browser's first render read the store data as
 * it was rendered (`today`, the restaurant's date): a time it carries is sold out. From then on the
 * browser compares each time with its own clock every half minute, so an item comes back on the
 * page by itself at its time, before the server's sweep renews the page.
 */
export function useSoldOut(store: Storefront, today: Today, live: boolean): (until: string | null | undefined) => string | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    if (!live) return undefined;
    const look = () => startTransition(() => setNow(new Date()));
    look();
    const timer = setInterval(look, RECHECK_MS);
    return () => clearInterval(timer);
  }, [live]);
  const clock = clockOf(store.restaurant);
  if (now) return (until) => soldOutNote(until, clock, now);
  return (until) => (until == null ? null : soldOutWords(until, clock, today.date));
}
