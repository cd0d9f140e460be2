import { describe, expect, it } from 'vitest';
import { freshReads } from '#server/domain/storefront/store-page/fresh-reads';
import { createPageCache, type RenderedPage } from '#server/domain/storefront/store-page/page-cache';
import { nextMidnight } from '#contracts/shared/opening-status';
import { pageTrueUntil } from '#server/domain/storefront/store-page/status-window';

const page = (label: string, until = Number.POSITIVE_INFINITY): RenderedPage => ({
  etag: `"${label}"`,
  until,
  identity: Buffer.from(label),
  br: Buffer.from(label),
  gzip: Buffer.from(label),
});
const at = (iso: string) => new Date(iso);

describe('the store page cache', { timeout: 5_000 }, () => {
  it('serves a page (or none, unlaunched) only for the version read from the database, and a page only until it stops being true', async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = (label: string, until?: number) => async () => {
      renders += 1;
      return page(label, until);
    };
    const noon = at('2026-11-27T12:00:00Z');
    expect((await cache.page({ id: 1, version: 3 }, noon, render('v3', Date.parse('2026-11-27T15:00:00Z'))))!.etag).toBe('"v3"');
    expect((await cache.page({ id: 1, version: 3 }, at('2026-11-27T14:59:59Z'), render('again')))!.etag).toBe('"v3"');
    expect(renders).toBe(1);
    // Past its `until` (the store closed), or a new version (the owner changed something): rendered again.
    expect((await cache.page({ id: 1, version: 3 }, at('2026-11-27T15:00:00Z'), render('closed')))!.etag).toBe('"closed"');
    expect((await cache.page({ id: 1, version: 4 }, noon, render('v4')))!.etag).toBe('"v4"');
    expect(renders).toBe(3);
    // An unlaunched restaurant has no page at its version, whatever the hour; its launch raises the version.
    expect(await cache.page({ id: 2, version: 1 }, noon, async () => null)).toBeNull();
    expect(await cache.page({ id: 2, version: 1 }, at('2027-01-01T00:00:00Z'), render('unlaunched'))).toBeNull();
    expect((await cache.page({ id: 2, version: 2 }, noon, render('launched')))!.etag).toBe('"launched"');
    expect(renders).toBe(4);
  });

  it('keeps at most its limit of stores, dropping the least recently used, and renders once for requests that miss together', async () => {
    const cache = createPageCache(2);
    const noon = at('2026-11-27T12:00:00Z');
    let renders = 0;
    const render = (label: string) => async () => {
      renders += 1;
      return page(label);
    };
    const together = await Promise.all([1, 2, 3].map(() => cache.page({ id: 1, version: 1 }, noon, render('one'))));
    expect(together.map((answer) => answer!.etag)).toEqual(['"one"', '"one"', '"one"']);
    expect(renders).toBe(1);
    await cache.page({ id: 2, version: 1 }, noon, render('two'));
    await cache.page({ id: 1, version: 1 }, noon, render('one again'));
    await cache.page({ id: 3, version: 1 }, noon, render('three'));
    expect(cache.size).toBe(2);
    // Store 2 was the least recently used: it is rendered again, store 1 is not.
    expect((await cache.page({ id: 1, version: 1 }, noon, render('one later')))!.etag).toBe('"one"');
    expect((await cache.page({ id: 2, version: 1 }, noon, render('two later')))!.etag).toBe('"two later"');
  });

  it('ends a page’s truth at the restaurant’s midnight, counted across daylight-saving changes, or its next open/closed change', () => {
    // New York, 8 March 2026: clocks go from 02:00 to 03:00, so the day has 23 hours.
    expect(new Date(nextMidnight('America/New_York', at('2026-03-08T06:30:00Z'))).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    // 1 November 2026: 01:00–02:00 happens twice, so the day has 25 hours.
    expect(new Date(nextMidnight('America/New_York', at('2026-11-01T05:30:00Z'))).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(new Date(nextMidnight('Asia/Kolkata', at('2026-11-27T12:00:00Z'))).toISOString()).toBe('2026-11-27T18:30:00.000Z');
    const noonChicago = at('2026-11-27T18:00:00Z');
    expect(pageTrueUntil('America/Chicago', noonChicago, null)).toBe(Date.parse('2026-11-28T06:00:00Z'));
    expect(pageTrueUntil('America/Chicago', noonChicago, '2026-11-28T03:00:00.000Z')).toBe(Date.parse('2026-11-28T03:00:00Z'));
  });

  it('answers each request with a version read that began after it arrived, sharing reads between requests that wait together', async () => {
    // The database's version, and the reads of it: each read sees the version as it is when it starts, answered when the test says.
    let version = 1;
    const reads: { seen: number; answer: () => void }[] = [];
    const versionOf = freshReads(
      () =>
        new Promise<number>((resolve) => {
          const seen = version;
          reads.push({ seen, answer: () => resolve(seen) });
        }),
    );
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    // Requests of one turn of the event loop share the read that starts at its end.
    const [first, alsoFirst] = [versionOf('blue-door'), versionOf('blue-door')];
    await turn();
    expect(reads).toHaveLength(1);
    // The owner's change commits while that read runs: the requests arriving now must see it.
    version = 2;
    const [second, third] = [versionOf('blue-door'), versionOf('blue-door')];
    await turn();
    expect(reads).toHaveLength(1);
    reads[0]!.answer();
    expect(await Promise.all([first, alsoFirst])).toEqual([1, 1]);
    await turn();
    expect(reads).toHaveLength(2);
    reads[1]!.answer();
    expect(await Promise.all([second, third])).toEqual([2, 2]);
    // Another store is read on its own.
    const other = versionOf('green-door');
    await turn();
    expect(reads).toHaveLength(3);
    reads[2]!.answer();
    expect(await other).toBe(2);
  });
});
