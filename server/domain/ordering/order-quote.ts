import type { OrderQuote, PlaceOrderBody } from '../../../contracts/ordering';
import type { Db } from '../../db/database';
import { notFound } from '../shared/tenancy';
import { priceOrder, quoteOf } from './price-order';
import type { StoreReaders } from './store-readers';

/**
 * POST /api/v2/storefront/{slug}/quote/ (issue 43): the order body priced and checked exactly as
 * placing it now would (price-order.ts), with every refusal it would meet; nothing is stored and
 * no coupon use counted. `agreed_total` is not read.
 */
export async function quoteOrder(db: Db, readers: StoreReaders, slug: string, body: PlaceOrderBody, now: Date): Promise<OrderQuote> {
  const store = await readers.store(db, slug, now);
  if (!store) throw notFound('Store');
  return quoteOf(await priceOrder(db, store, body, now, false));
}
