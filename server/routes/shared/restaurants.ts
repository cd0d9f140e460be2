import { json, refusal } from '../../../contracts/shared/answers';
import { Page } from '../../../contracts/shared/lists';
import { Restaurant, RestaurantCreate, RestaurantListQuery } from '../../../contracts/shared/restaurants';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { createRestaurant, listRestaurants } from '../../domain/shared/restaurants';
import { scopeOf } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import { created, toPage } from './list-answers';
import type { ContractApp } from '../../plugins/contract-types';

/** `/restaurants/`: list and create only (spec section 7); creating is for administrators. */
export async function restaurantRoutes(app: ContractApp, context: AppContext) {
  const path = `${API_BASE}${paths.menu.restaurants}`;
  app.get(
    path,
    {
      preValidation: app.requireUser,
      schema: { querystring: RestaurantListQuery, response: { 200: json(Page(Restaurant), 'The restaurants the caller may work on.') } },
    },
    async (request) => toPage(request, await listRestaurants(context.database.db, scopeOf(signedInUser(request)), request.query)),
  );
  app.post(
    path,
    {
      preValidation: app.requireAdmin,
      schema: {
        body: RestaurantCreate,
        response: { 201: json(Restaurant, 'The new restaurant.'), 409: refusal('The slug is taken, or the Idempotency-Key was used with another body.') },
      },
    },
    async (request, reply) => created(context, request, reply, (tx) => createRestaurant(tx, request.body)),
  );
}
