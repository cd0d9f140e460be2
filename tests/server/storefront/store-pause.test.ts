import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Storefront } from '#contracts/storefront';
import { seedStore, type OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { accessTokenFor } from '../accounts/auth-helpers';
import { injectedOwner } from '../owner-calls';
import { testAppForFile } from '../test-app';

/**
 * What the store says of a busy kitchen (issue 45): its data carries the pause and the extra prep
 * minutes only while they are on, the page says "Not taking orders until …" on the restaurant's
 * clock (12-hour in the US, 24-hour in the UK), and when either ends by itself the ETag and the
 * cached page move on at that time, with no new version.
 */
/** Wednesday 12:00 in Chicago, 18:00 in London. */
const START = new Date('2026-11-25T18:00:00Z');
let now = START;
const t = testAppForFile({ clock: () => now });
type Owner = { call: OwnerCall; restaurantId: number; slug: string };
const owners = {} as Record<'us' | 'uk', Owner>;

beforeAll(async () => {
  const places = {
    us: { location: undefined, zone: 'America/Chicago' },
    uk: { location: { country: 'United Kingdom', street: '1 Strand', city: 'London', state: 'EN', zip_code: 'WC2N 5HR' }, zone: 'Europe/London' },
  };
  for (const [key, place] of Object.entries(places) as ['us' | 'uk', (typeof places)['uk']][]) {
    const owner = await injectedOwner(t, `${key}-pause@example.com`);
    await seedStore(owner.call, owner.restaurantId, {
      slug: `${key}-pause`,
      categories: 1,
      itemsPerCategory: 1,
      ...(place.location ? { location: place.location } : {}),
    });
    await t.database.query('update restaurants set time_zone = $2 where id = $1', [owner.restaurantId, place.zone]);
    owners[key] = { ...owner, slug: `${key}-pause` };
  }
});
beforeEach(async () => {
  now = START;
  await t.database.query('delete from restaurant_kitchen_settings');
});

const storeOf = async (owner: Owner) => {
  const answer = await t.app.inject({ method: 'GET', url: `/api/v2/storefront/${owner.slug}/` });
  return { store: answer.json() as Storefront, etag: answer.headers.etag };
};
const pageOf = async (owner: Owner) => (await t.app.inject({ method: 'GET', url: `/${owner.slug}` })).body;
const later = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

describe('the store of a paused kitchen', { timeout: 30_000 }, () => {
  it('says nothing of a calm kitchen', async () => {
    expect((await storeOf(owners.us)).store).toMatchObject({ pause: null, busy_extra_minutes: 0, busy_until: null });
    expect(await pageOf(owners.us)).not.toContain('Not taking orders');
  });

  it('carries a 30-minute pause and says it on the page until its time, then neither does', async () => {
    const calm = await storeOf(owners.us);
    await pageOf(owners.us);
    expect((await owners.us.call('POST', '/orders/pause/', { minutes: 30 })).status).toBe(200);
    const paused = await storeOf(owners.us);
    expect(paused.store.pause).toEqual({ until: '2026-11-25T18:30:00.000Z' });
    expect(paused.etag).not.toBe(calm.etag);
    expect(await pageOf(owners.us)).toContain('Not taking orders until 12:30 PM');
    now = later(29);
    expect(await pageOf(owners.us)).toContain('Not taking orders until 12:30 PM');
    now = later(30);
    const over = await storeOf(owners.us);
    expect(over.store.pause).toBeNull();
    expect(over.store.version).toBe(paused.store.version);
    expect(over.etag).not.toBe(paused.etag);
    expect(await pageOf(owners.us)).not.toContain('Not taking orders');
  });

  it('writes a UK store’s time on the 24-hour clock, and an open-ended pause as “right now”', async () => {
    await owners.uk.call('POST', '/orders/pause/', { minutes: 60 });
    expect(await pageOf(owners.uk)).toContain('Not taking orders until 19:00');
    await owners.uk.call('POST', '/orders/pause/', { minutes: null });
    expect((await storeOf(owners.uk)).store.pause).toEqual({ until: null });
    expect(await pageOf(owners.uk)).toContain('Not taking orders right now');
    // OwnerCall knows no DELETE: reopened as the board does, by the route.
    await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/orders/pause/',
      headers: { authorization: `Bearer ${await accessTokenFor(t, 'uk-pause@example.com')}` },
    });
    expect(await pageOf(owners.uk)).not.toContain('Not taking orders');
  });

  it('carries the extra prep minutes until they end by themselves', async () => {
    await owners.us.call('POST', '/orders/busy/', { minutes: 20 });
    const busy = await storeOf(owners.us);
    expect(busy.store).toMatchObject({ busy_extra_minutes: 20, busy_until: '2026-11-25T20:00:00.000Z' });
    now = later(120);
    const over = await storeOf(owners.us);
    expect(over.store).toMatchObject({ busy_extra_minutes: 0, busy_until: null });
    expect(over.etag).not.toBe(busy.etag);
  });
});
