import { AnalyticsStats, City, CityListQuery, Country, CountryListQuery, GeneralStats, MenuStats, StatsQuery } from '../../../contracts/insights';
import { json } from '../../../contracts/shared/answers';
import { Page } from '../../../contracts/shared/lists';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import type { FigureReaders, PlaceLists } from '../../domain/insights/figure-readers';
import { analyticsStats, generalStats, menuStats } from '../../domain/insights/stats';
import { statsRestaurant } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import { toPage } from '../shared/list-answers';
import type { ContractApp } from '../../plugins/contract-types';

/**
 * The insight screens' statistics and the countries and cities lists, for anyone signed in.
 * The readers of other areas' tables come from the composition root (server/app.ts).
 */
export async function insightRoutes(app: ContractApp, context: AppContext, { figures, places }: { figures: FigureReaders; places: PlaceLists }) {
  const db = context.database.db;
  const statsCalls = [
    [paths.stats.menu, menuStats, json(MenuStats, "The menu's counts and breakdowns.")],
    [paths.stats.general, generalStats, json(GeneralStats, 'Restaurants, cities, menu items and categories counted.')],
    [paths.stats.analytics, analyticsStats, json(AnalyticsStats, 'Counts and the labelled sample series.')],
  ] as const;
  for (const [path, answer, documented] of statsCalls) {
    app.get(
      `${API_BASE}${path}`,
      // The guard runs before the query is validated: a stranger gets 401 whatever they send.
      { preValidation: app.requireUser, schema: { querystring: StatsQuery, response: { 200: documented } } },
      async (request) => answer(db, figures, await statsRestaurant(db, signedInUser(request), request.query.restaurant_id)),
    );
  }
  app.get(
    `${API_BASE}${paths.countries}`,
    { preValidation: app.requireUser, schema: { querystring: CountryListQuery, response: { 200: json(Page(Country), 'A page of countries.') } } },
    async (request) => toPage(request, await places.countries(db, request.query)),
  );
  app.get(
    `${API_BASE}${paths.cities}`,
    { preValidation: app.requireUser, schema: { querystring: CityListQuery, response: { 200: json(Page(City), 'A page of cities.') } } },
    async (request) => toPage(request, await places.cities(db, request.query)),
  );
}
