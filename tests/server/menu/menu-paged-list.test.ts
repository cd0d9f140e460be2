import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-app';
import { menuAppWithOwnerForFile, menuClient } from './menu-helpers';

// The list answers its count from the same query as its page (a subquery), and asks for the
// count on its own only when the page is empty: both paths must count what the filter selects.
const { t, api, owner } = menuAppWithOwnerForFile('paged-list@example.com');

beforeAll(async () => {
  for (let index = 1; index <= 13; index += 1) {
    const name = index % 2 === 0 ? `Soup ${index}` : `Salad ${index}`;
    expect((await api.post('/categories/', owner, { name })).status).toBe(201);
  }
});

describe('the paged category list', () => {
  it('counts only the rows the search selects, on a full page, the last page and past the end', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => api.get(`/categories/?search=soup&page_size=4&page=${page}`, owner)));
    expect(pages.map((page) => page.body.count)).toEqual([6, 6, 6]);
    expect(pages.map((page) => page.body.results.length)).toEqual([4, 2, 0]);
    expect(pages[1]?.body.results.every((category: { name: string }) => category.name.startsWith('Soup'))).toBe(true);
    expect(pages[1]?.body.next).toBeNull();
    // Past the end: no row carries the count, which is still the filter's.
    expect(pages[2]?.body.previous).toBe('/api/v2/categories/?search=soup&page_size=4&page=2');
    expect((await api.get('/categories/?search=nothing-like-this', owner)).body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('links the neighbouring pages with the rest of the query kept as it was asked, the search encoded', async () => {
    const first = await api.get('/categories/?page=1&search=soup%201&page_size=1', owner);
    expect(first.body.results.map((category: { name: string }) => category.name)).toEqual(['Soup 10']);
    expect(first.body.next).toBe('/api/v2/categories/?page=2&search=soup+1&page_size=1');
    const second = await api.get(first.body.next.replace('/api/v2', ''), owner);
    expect(second.body.results.map((category: { name: string }) => category.name)).toEqual(['Soup 12']);
    expect(second.body.previous).toBe('/api/v2/categories/?page=1&search=soup+1&page_size=1');
    expect(second.body.next).toBeNull();
  });

  it('shows a category another server process wrote a moment before, and its new count', async () => {
    // A second server on the same database, as a second instance behind a load balancer.
    const other = await createTestApp({ database: t.database, config: { rateLimitPerMinute: 100_000 } });
    try {
      const before = await api.get('/categories/?page_size=100', owner);
      const written = await menuClient(other).post('/categories/', owner, { name: 'Written elsewhere' });
      expect(written.status).toBe(201);
      const after = await api.get('/categories/?page_size=100', owner);
      expect(after.body.count).toBe(before.body.count + 1);
      expect(after.body.results.map((category: { id: number }) => category.id)).toContain(written.body.id);
    } finally {
      await other.close();
    }
  });
});
