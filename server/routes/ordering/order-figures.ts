import { Readable } from 'node:stream';
import { json, oneOfMediaTypes, textFile } from '../../../contracts/shared/answers';
import {
  CUSTOMER_CSV_COLUMNS,
  CustomersPage,
  CustomersQuery,
  ORDER_STATS_DAYS_DEFAULT,
  OrderStats,
  OrderStatsQuery,
  ORDER_STATS_DAYS,
} from '../../../contracts/shared/order-figures';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import { customersPage, exportCustomers, type CustomerSearch } from '../../domain/ordering/customers';
import { figuresRestaurant } from '../../domain/ordering/figures-restaurant';
import { orderStats } from '../../domain/ordering/order-stats';
import { csvAttachment, csvRow } from '../../domain/shared/csv';
import { signedInUser } from '../../plugins/auth';
import { toPage } from '../shared/list-answers';
import type { ContractApp } from '../../plugins/contract-types';

/** The download: every customer matching the search (not one page), one chunk per batch, its header first. */
async function* customersCsv(db: Db, search: CustomerSearch): AsyncGenerator<string> {
  yield csvRow(CUSTOMER_CSV_COLUMNS);
  for await (const customers of exportCustomers(db, search)) {
    yield customers.map((customer) => csvRow(CUSTOMER_CSV_COLUMNS.map((column) => customer[column]))).join('');
  }
}

/**
 * Figures counted from a restaurant's orders (issue 30): its orders and revenue per day, and its
 * customers. Signed-in owners get their active restaurant's, administrators the one they name
 * (domain/ordering/figures-restaurant.ts). The guards run before the query is validated, so a
 * stranger gets 401 whatever they send.
 */
export async function orderFigureRoutes(app: ContractApp, context: AppContext) {
  const { database, clock } = context;
  const db = database.db;

  app.get(
    `${API_BASE}${paths.stats.orders}`,
    {
      preValidation: app.requireUser,
      schema: { querystring: OrderStatsQuery, response: { 200: json(OrderStats, "Orders and revenue per day in the restaurant's time zone.") } },
    },
    async (request) => {
      const restaurantId = await figuresRestaurant(db, signedInUser(request), request.query.restaurant_id);
      const days = ORDER_STATS_DAYS.find((choice) => String(choice) === request.query.days) ?? ORDER_STATS_DAYS_DEFAULT;
      return orderStats(db, restaurantId, clock(), days);
    },
  );

  app.get(
    `${API_BASE}${paths.customers}`,
    {
      preValidation: app.requireUser,
      schema: {
        querystring: CustomersQuery,
        response: {
          200: oneOfMediaTypes(
            json(CustomersPage, 'A page of customers, the latest to order first; with format=csv, every customer matching the search as CSV.'),
            textFile('text/csv', 'Every customer matching the search as CSV, as an attachment.'),
          ),
        },
      },
    },
    async (request, reply) => {
      const { search, page, page_size, format } = request.query;
      const restaurantId = await figuresRestaurant(db, signedInUser(request), request.query.restaurant_id);
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', csvAttachment('customers', clock()))
          .send(Readable.from(customersCsv(db, { restaurantId, search })));
      }
      return toPage(request, await customersPage(db, { restaurantId, search, page, page_size }));
    },
  );
}
