import type { FastifyInstance } from 'fastify';
import { RestaurantCreate, RestaurantListQuery } from '../../../contracts/shared/restaurants';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { createRestaurant, listRestaurants } from '../../domain/shared/restaurants';
import { scopeOf } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import { created, toPage } from './list-answers';

/** `/restaurants/`: list and create only (spec section 7); creating is for administrators. */
export async function restaurantRoutes(app: FastifyInstance, context: AppContext) {
  const path = `${API_BASE}${paths.menu.restaurants}`;
  app.get<{ Querystring: RestaurantListQuery }>(path, { preValidation: app.requireUser, schema: { querystring: RestaurantListQuery } }, async (request) =>
    toPage(request, await listRestaurants(context.database.db, scopeOf(signedInUser(request)), request.query)));
  app.post<{ Body: RestaurantCreate }>(path, { preValidation: app.requireAdmin, schema: { body: RestaurantCreate } }, async (request, reply) =>
    created(context, request, reply, (tx) => createRestaurant(tx, request.body)));
}
