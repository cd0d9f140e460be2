import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { AppContext } from './app-context';
import { fastifyTrustProxy, type Config } from './config';
import { loggerOptions, type LogDestination } from './logging';
import { openAdminChannel } from './cli/admin-channel';
import { createAdminHandler } from './cli/create-admin';
import { openDatabase, type Database } from './db/database';
import compressionPlugin from './plugins/compression';
import drainingPlugin from './plugins/draining';
import errorsPlugin, { answerClientError, answerFrameworkError } from './plugins/errors';
import housekeepingPlugin from './plugins/housekeeping';
import securityPlugin from './plugins/security';
import staticAppPlugin from './plugins/static-app';
import validationPlugin from './plugins/validation';
import type { ContractTypeProvider } from './plugins/contract-types';
import responseContractsPlugin from './plugins/response-contracts';
import openApiPlugin from './plugins/openapi';
import authPlugin from './plugins/auth';
import { deriveKeys, loadSecret } from './domain/shared/keys';
import { createMailer, type Mailer } from './domain/shared/mail';
import { createPasswordHasher, type ScryptParams } from './domain/accounts/passwords';
import { authRoutes } from './routes/accounts/auth';
import { onboardingRoutes } from './routes/onboarding/onboarding';
import { uploadRoutes } from './routes/shared/upload';
import { googleRoutes } from './routes/accounts/google';
import { healthRoutes } from './routes/shared/health';
import { messageRoutes } from './routes/leads/messages';
import { demandRoutes } from './routes/leads/demand';
import { restaurantZipsOf } from './domain/onboarding/restaurant-zips';
import { serviceZipsOf } from './domain/onboarding/service-zips';
import { newOrderMailTo } from './domain/onboarding/notification-settings';
import { signupsPerZip } from './domain/leads/demand';
import { territoryRoutes } from './routes/territories/territories';
import { surveyRoutes } from './routes/survey/survey';
import { menuCategoryRoutes } from './routes/menu/menu-categories';
import { menuExtraRoutes } from './routes/menu/menu-extras';
import { menuItemRoutes } from './routes/menu/menu-items';
import { menuLibraryRoutes } from './routes/menu/menu-library';
import { restaurantRoutes } from './routes/shared/restaurants';
import { insightRoutes } from './routes/insights/insights';
import { orderFigureRoutes } from './routes/ordering/order-figures';
import { moneyStatsRoutes } from './routes/ordering/money-stats';
import { menuFigures } from './domain/menu/menu-figures';
import { placeFigures, placeLists } from './domain/onboarding/place-figures';
import { storefrontRoutes } from './routes/storefront/storefront';
import { sitemapRoutes } from './routes/storefront/sitemap';
import { zipDistanceMeters } from './domain/territories/zip-points';
import { createBackgroundTasks } from './background-tasks';
import { storePageRoutes } from './routes/storefront/store-page';
import { launchedStore } from './domain/storefront/launched-store';
import { orderRestaurants, storeForOrders } from './domain/storefront/ordering-store';
import type { StoreReaders } from './domain/ordering/store-readers';
import { storeOrderRoutes } from './routes/ordering/store-orders';
import { storeSlotRoutes } from './routes/ordering/store-slots';
import { cardPaymentRoutes } from './routes/ordering/card-payments';
import { menuSoldOutRoutes } from './routes/menu/menu-sold-out';
import { restaurantSchedule } from './domain/storefront/restaurant-schedule';
import type { PaymentProvider } from './domain/payments/provider';
import { stripeProvider } from './domain/payments/stripe-provider';
import { orderRoutes } from './routes/ordering/orders';
import { kitchenPaceRoutes } from './routes/ordering/busy-mode';
import { orderRefundRoutes } from './routes/ordering/order-refunds';
import { orderEventRoutes } from './routes/ordering/order-events';
import { kitchenSettingsRoutes } from './routes/ordering/kitchen-settings';
import { moneySettingsRoutes } from './routes/ordering/money-settings';
import { couponRoutes } from './routes/ordering/coupons';
import { notificationRoutes } from './routes/ordering/notifications';
import { trackingPageRoutes } from './routes/ordering/tracking-page';
import { trackingPages } from './domain/storefront/store-page/tracking-page';
import { orderStore } from './domain/ordering/order-store';
import { storeScriptSrc } from './domain/storefront/store-page/store-script';

export type AppDependencies = {
  /** An open, migrated database; when absent one is opened (and migrated) from the config. */
  database?: Database;
  clock?: () => Date;
  /** Where mail goes; default from the config (SMTP_URL, else the outbox folder). */
  mailer?: Mailer;
  /** scrypt cost; default the production cost. Tests pass a cheap one. */
  scrypt?: ScryptParams;
  /** Told of every route as it is registered; the tests' doubles read the routes' contracts from it. */
  onRoute?: (route: RouteOptions) => void;
  /** Told of every answer that breaks its route's documented contract; set, answers are checked (tests). */
  onResponseViolation?: (violation: string) => void;
  /** Where log lines go; default standard output. Tests read what an operator would. */
  logDestination?: LogDestination;
  /** Who takes card payments; default Stripe when the config has its keys (STRIPE_API_URL may point at the double). */
  payments?: PaymentProvider;
};

/**
 * Builds the whole server: external plugins, then ours, then routes. The app owns the
 * database from here on and closes it last, after in-flight requests have finished.
 */
export async function buildApp(config: Config, dependencies: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, dependencies.logDestination),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // plugins/draining.ts answers requests during shutdown, in the common error shape.
    return503OnClosing: false,
  });
  if (dependencies.onRoute) app.addHook('onRoute', dependencies.onRoute);

  const database = dependencies.database ?? (await openDatabase(config, { logger: app.log, purpose: 'the server' }));
  app.addHook('onClose', async () => {
    await database.close();
  });
  try {
    if (!dependencies.database) await database.migrate();
  } catch (error) {
    await app.close();
    throw error;
  }

  let keys;
  try {
    keys = deriveKeys(await loadSecret(config));
  } catch (error) {
    await app.close();
    throw error;
  }
  const clock = dependencies.clock ?? (() => new Date());
  const background = createBackgroundTasks();
  app.decorate('backgroundSettled', background.settled);
  const context: AppContext = {
    config,
    database,
    clock,
    mailer: dependencies.mailer ?? createMailer(config, app.log),
    keys,
    passwords: createPasswordHasher(dependencies.scrypt),
    sessions: { accessKey: keys.accessToken, accessTtlSeconds: config.accessTokenTtlSeconds, refreshTtlDays: config.refreshTokenTtlDays, clock },
    background: background.run,
    payments: dependencies.payments ?? (config.stripe ? stripeProvider(config.stripe) : undefined),
  };
  // This process alone may open the embedded database, so it runs create-admin for the command line.
  if (!dependencies.database && database.kind === 'pglite') {
    let channel: Awaited<ReturnType<typeof openAdminChannel>>;
    app.addHook('onReady', async () => {
      channel = await openAdminChannel(config.dataDir, createAdminHandler(database, dependencies.scrypt), app.log);
    });
    app.addHook('preClose', async () => {
      await channel?.close();
    });
  }
  // Mail still being sent after its answer is finished before the database closes.
  app.addHook('onClose', async () => {
    await background.settled();
  });

  // Only JSON (and, later, multipart uploads) is accepted: a text/plain body answers 415.
  app.removeContentTypeParser('text/plain');
  await app.register(errorsPlugin);
  // Before rate limits and everything else: a server shutting down turns requests away first.
  await app.register(drainingPlugin);
  await app.register(validationPlugin);
  // The same instance, typed as the validator works: a route's request data has its contract's type.
  const routes = app.withTypeProvider<ContractTypeProvider>();
  // Before compression's onSend hook, so a checked answer is still the JSON text the route sent.
  await app.register(responseContractsPlugin, { onViolation: dependencies.onResponseViolation });
  await app.register(securityPlugin, { rateLimitPerMinute: config.rateLimitPerMinute, redisUrl: config.redisUrl, mapTileUrl: config.mapTileUrl });
  await app.register(staticAppPlugin, { staticDir: config.staticDir, publicUrl: config.publicUrl });
  // Store pages (`/{slug}`) beside the built app's files: before compression, since each page is
  // compressed once when rendered, and before the API document, which they are not part of.
  await routes.register(storePageRoutes, context);
  // After the built app's routes, which send the build's precompressed files as they are.
  await app.register(compressionPlugin);
  // An order's tracking page (issue 30) is the ordering area's address in the store's colours,
  // which the storefront area draws. Before the API document, which pages are not part of.
  const scriptSrc = storeScriptSrc(config.staticDir);
  // The order's own restaurant is the ordering area's to find; the storefront draws its page.
  const trackingPage = trackingPages(context.database, { scriptSrc, orderStore: (token) => orderStore(context.database, token) });
  await routes.register((instance) =>
    trackingPageRoutes(instance, { page: (slug, token) => trackingPage(slug, token, context.clock()), rateLimitPerMinute: config.rateLimitPerMinute }),
  );
  await app.register(housekeepingPlugin, context);
  await app.register(authPlugin, context);
  // Before the routes: it documents every route registered after it.
  await app.register(openApiPlugin, { version: '2' });

  await routes.register(healthRoutes, context);
  await routes.register(messageRoutes, context);
  // The leads area counts sign-ups around the zips the onboarding area knows a restaurant serves.
  await routes.register((instance) => demandRoutes(instance, context, { serviceZips: serviceZipsOf }));
  await routes.register(authRoutes, context);
  await routes.register(onboardingRoutes, context);
  await routes.register(uploadRoutes, context);
  await routes.register(googleRoutes, context);
  await routes.register(surveyRoutes, context);
  await routes.register(menuCategoryRoutes, context);
  await routes.register(menuLibraryRoutes, context);
  await routes.register(menuExtraRoutes, context);
  await routes.register(menuItemRoutes, context);
  // "Sold out until close" ends when the store says the restaurant closes (the storefront area's hours).
  await routes.register((instance) => menuSoldOutRoutes(instance, context, { schedules: restaurantSchedule }));
  await routes.register(restaurantRoutes, context);
  await routes.register((instance) => insightRoutes(instance, context, { figures: { menu: menuFigures, places: placeFigures }, places: placeLists }));
  await routes.register((instance) => orderFigureRoutes(instance, context));
  await routes.register(moneyStatsRoutes, context);
  // The territories area places the restaurants the onboarding area locates and counts the
  // leads area's sign-ups, through these two functions rather than their tables.
  await routes.register((instance) => territoryRoutes(instance, context, { readStores: restaurantZipsOf, countSignups: signupsPerZip }));
  // The store's delivery check measures distances between zip codes with the territories area's zip data.
  await routes.register((instance) => storefrontRoutes(instance, context, { zipDistance: zipDistanceMeters }));
  await routes.register(sitemapRoutes, context);
  // Orders are priced and checked by the storefront's own reading of the menu, terms, hours and
  // delivery coverage (which measures zip distances with the territories area's data).
  const orderStores: StoreReaders = {
    store: (db, slug, now) => storeForOrders(db, slug, now, zipDistanceMeters, { cardAvailable: config.stripe !== undefined }),
    launchedRestaurant: async (db, slug) => (await launchedStore(db, slug))?.id ?? null,
    restaurants: orderRestaurants,
  };
  // A new order is mailed to the address the onboarding area keeps (issue 40).
  await routes.register((instance) => storeOrderRoutes(instance, context, { readers: orderStores, newOrderMailTo }));
  await routes.register((instance) => storeSlotRoutes(instance, context, { readers: orderStores }));
  await routes.register((instance) => cardPaymentRoutes(instance, context, { readers: orderStores, newOrderMailTo }));
  await routes.register((instance) => orderRoutes(instance, context, { readers: orderStores }));
  await routes.register((instance) => orderRefundRoutes(instance, context, { readers: orderStores }));
  await routes.register((instance) => kitchenPaceRoutes(instance, context, { readers: orderStores }));
  await routes.register(orderEventRoutes, context);
  await routes.register(moneySettingsRoutes, context);
  await routes.register(kitchenSettingsRoutes, context);
  await routes.register(couponRoutes, context);
  await routes.register((instance) => notificationRoutes(instance, context, { readers: orderStores }));
  return app;
}
