import { DemandQuery, LocalDemand } from '../../../contracts/leads';
import { json } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { demandRestaurant, localDemand, type ServiceZipsReader } from '../../domain/leads/demand';
import { signedInUser } from '../../plugins/auth';
import type { ContractApp } from '../../plugins/contract-types';

/** GET /api/v2/demand/?restaurant_id= : sign-ups counted per zip the restaurant serves (see localDemand). */
export async function demandRoutes(app: ContractApp, context: AppContext, { serviceZips }: { serviceZips: ServiceZipsReader }) {
  const { database, clock } = context;
  app.get(
    `${API_BASE}${paths.demand}`,
    // The guard runs before the query is validated: a stranger gets 401 whatever they send.
    {
      preValidation: app.requireUser,
      schema: { querystring: DemandQuery, response: { 200: json(LocalDemand, 'Sign-ups counted per zip code the restaurant serves.') } },
    },
    async (request) => {
      const restaurant = await demandRestaurant(database.db, signedInUser(request), request.query.restaurant_id);
      return (await localDemand(database.db, restaurant, serviceZips, clock())) satisfies LocalDemand;
    },
  );
}
