import type { StoreVersion } from './store-version';

/** A rendered store page, with its compressed copies, its ETag, and the instant it stops being true. */
export type RenderedPage = { etag: string; until: number; identity: Buffer; br: Buffer; gzip: Buffer };

/** A version's answer: its page until `until`, or none (the restaurant is not launched at this version). */
type Entry<P> = { version: number; until: number; page: P | null };

/** Enough for the busiest stores of one process; each entry is about 90 KB for a 120-item menu (its HTML, brotli and gzip copies). */
export const PAGE_CACHE_LIMIT = 64;

/**
 * Rendered store pages of this process (or what else a page is drawn from, as the tracking
 * page's store header), most recently used last: only a cache. The caller reads
 * the restaurant's version from the database on every request (`storeVersion`), and an entry
 * serves only that version and only until its `until` (the next open/closed change or the
 * restaurant's midnight, when the words "open now" or "today" would turn false): so a change
 * made through any process shows on the very next request. Requests that miss together share one render.
 */
export function createPageCache<P extends { until: number } = RenderedPage>(limit = PAGE_CACHE_LIMIT) {
  const entries = new Map<number, Entry<P>>();
  const rendering = new Map<string, Promise<P | null>>();

  function remember(id: number, version: number, page: P | null) {
    entries.delete(id);
    // No page is the answer for this whole version: only a new version (a launch) changes it.
    entries.set(id, { version, page, until: page?.until ?? Number.POSITIVE_INFINITY });
    if (entries.size > limit) entries.delete(entries.keys().next().value!);
  }

  return {
    /** The page of `store` at `now`, from the cache when still true, else from `render` (null: not a launched store). */
    async page(store: Pick<StoreVersion, 'id' | 'version'>, now: Date, render: () => Promise<P | null>): Promise<P | null> {
      const cached = entries.get(store.id);
      if (cached && cached.version === store.version && now.getTime() < cached.until) {
        entries.delete(store.id);
        entries.set(store.id, cached);
        return cached.page;
      }
      const key = `${store.id}:${store.version}`;
      let pending = rendering.get(key);
      if (!pending) {
        pending = render().finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      const page = await pending;
      remember(store.id, store.version, page);
      return page;
    },
    get size() {
      return entries.size;
    },
  };
}
