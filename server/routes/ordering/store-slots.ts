import { PlaceOrderParams } from '../../../contracts/ordering';
import { StoreSlots } from '../../../contracts/ordering/availability';
import { json, refusal } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { readKitchenPace, readSlotLoads } from '../../domain/ordering/kitchen-pace';
import type { StoreReaders } from '../../domain/ordering/store-readers';
import { notFound } from '../../domain/shared/tenancy';
import type { ContractApp } from '../../plugins/contract-types';

/**
 * GET /api/v2/storefront/{slug}/slots/ (issue 45): the kitchen's pace and what each slot holds,
 * for the availability engine the checkout and store page run (contracts/ordering/availability.ts).
 * Public and never cached: it changes with every order. It tells how many orders a slot holds,
 * never whose.
 */
export async function storeSlotRoutes(app: ContractApp, context: AppContext, { readers }: { readers: StoreReaders }) {
  const { database, clock } = context;
  app.get(
    `${API_BASE}${paths.storefrontSlots(':slug')}`,
    {
      schema: {
        params: PlaceOrderParams,
        response: {
          200: json(
            StoreSlots,
            "The kitchen's limits, notice, busy minutes and pause, and the slots holding orders (not cancelled or expired) with their counts.",
          ),
          404: refusal('No launched store has this URL.'),
        },
      },
    },
    async (request, reply) => {
      const now = clock();
      // The restaurant alone, not its whole store: the menu is the store data's, and reading it
      // here made this public, uncached call cost 17 ms of CPU each (58 a second held the event loop 0.9 s).
      const restaurantId = await readers.launchedRestaurant(database.db, request.params.slug);
      if (restaurantId === null) throw notFound('Store');
      const pace = await readKitchenPace(database.db, restaurantId);
      const taken = Object.entries(await readSlotLoads(database.db, restaurantId, now)).map(([slot, load]) => ({ slot, ...load }));
      return reply.header('cache-control', 'no-store').send({ pace, taken } satisfies StoreSlots);
    },
  );
}
