import type { StoreVersion } from './store-version';

/** A rendered store page, with its compressed copies, its ETag, and the instant it stops being true. */
export type RenderedPage = { etag: string; until: number; identity: Buffer; br: Buffer; gzip: Buffer };

type Entry = RenderedPage & { version: number };

/** Enough for the busiest stores of one process; each entry is about 150 KB for a 120-item menu. */
export const PAGE_CACHE_LIMIT = 64;

/**
 * Rendered store pages of this process, most recently used last: only a cache. The caller reads
 * the restaurant's version from the database on every request (`storeVersion`), and an entry
 * serves only that version and only until its `until` (the next open/closed change or the
 * restaurant's midnight, when the words "open now" or "today" would turn false): so a change
 * made through any process shows on the very next request. Requests that miss together share one render.
 */
export function createPageCache(limit = PAGE_CACHE_LIMIT) {
  const entries = new Map<number, Entry>();
  const rendering = new Map<string, Promise<RenderedPage | null>>();

  function remember(id: number, version: number, page: RenderedPage) {
    entries.delete(id);
    entries.set(id, { ...page, version });
    if (entries.size > limit) entries.delete(entries.keys().next().value!);
  }

  return {
    /** The page of `store` at `now`, from the cache when still true, else from `render` (null: no such store any more). */
    async page(store: StoreVersion, now: Date, render: () => Promise<RenderedPage | null>): Promise<RenderedPage | null> {
      const cached = entries.get(store.id);
      if (cached && cached.version === store.version && now.getTime() < cached.until) {
        entries.delete(store.id);
        entries.set(store.id, cached);
        return cached;
      }
      const key = `${store.id}:${store.version}`;
      let pending = rendering.get(key);
      if (!pending) {
        pending = render().finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      const page = await pending;
      if (page) remember(store.id, store.version, page);
      return page;
    },
    get size() {
      return entries.size;
    },
  };
}
