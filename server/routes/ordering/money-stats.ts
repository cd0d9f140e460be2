import { json, oneOfMediaTypes, textFile } from '../../../contracts/shared/answers';
import { MoneyStats, MoneyStatsQuery } from '../../../contracts/ordering/money-stats';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { figuresRestaurant } from '../../domain/ordering/figures-restaurant';
import { moneyCsv, moneyStats } from '../../domain/ordering/money-stats';
import { signedInUser } from '../../plugins/auth';
import type { ContractApp } from '../../plugins/contract-types';

/**
 * The Money screen's figures (issue 43): a restaurant's money per day, as JSON or, with
 * `format=csv`, as a file for the accountant. Owners get their active restaurant's, administrators
 * the one they name (figures-restaurant.ts); the guard runs before the query is validated, so a
 * stranger gets 401 whatever they send.
 */
export async function moneyStatsRoutes(app: ContractApp, context: AppContext) {
  const { database, clock } = context;

  app.get(
    `${API_BASE}${paths.stats.money}`,
    {
      preValidation: app.requireUser,
      schema: {
        querystring: MoneyStatsQuery,
        response: {
          200: oneOfMediaTypes(
            json(MoneyStats, "Money per day in the restaurant's time zone, every day of the range, and their totals."),
            textFile('text/csv', 'The same figures as CSV, a row per day and a row `total`, as an attachment.'),
          ),
        },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const restaurantId = await figuresRestaurant(database.db, signedInUser(request), request.query.restaurant_id);
      const stats = await moneyStats(database.db, restaurantId, clock(), from !== undefined && to !== undefined ? { from, to } : null);
      if (format !== 'csv') return stats;
      const first = stats.days[0]?.date;
      const last = stats.days.at(-1)?.date;
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="money-${first}-to-${last}.csv"`).send(moneyCsv(stats));
    },
  );
}
