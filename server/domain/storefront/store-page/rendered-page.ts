import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { wallClock } from '../../../../contracts/shared/opening-status';
import type { Db } from '../../../db/database';
import { storeEtag } from '../store-etag';
import { readStorefront, type StorePlatform } from '../storefront';
import type { RenderedPage } from './page-cache';
import { renderStorePage } from './page';
import { storeTrueUntil } from './status-window';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Reads the store, renders its page and compresses it once, for every request the cache then
 * answers with it: brotli at quality 9 (a 120-item page in a few milliseconds, on zlib's
 * threads), where the per-request compression of other answers uses 4.
 */
export async function renderedPage(
  db: Db,
  slug: string,
  now: Date,
  { platform, ...options }: { origin: string; scriptSrc: string | null; platform: StorePlatform },
): Promise<RenderedPage | null> {
  const store = await readStorefront(db, slug, now, platform);
  if (!store) return null;
  const zone = store.restaurant.time_zone;
  const identity = Buffer.from(renderStorePage(store, { ...options, today: wallClock(zone, now) }));
  const [br, gzip] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipped(identity, { level: 9 }),
  ]);
  return { etag: storeEtag(store, now), until: storeTrueUntil(store, now), identity, br, gzip };
}
