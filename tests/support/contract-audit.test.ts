/**
 * The audit of every client call against its server contract (issue 10, item 2). Each service
 * function that sends a body or a query is run for real, with the values a screen sends, against
 * the contract fetch: it must reach the route it is meant for, be accepted by that route's
 * contract, and that contract must be the very struct the function's parameter type comes from.
 * A new service function that is not listed here fails the last test.
 */
import type { Struct } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  CategoryDeepCreate,
  CategoryDetailCreate,
  CategoryDetailListQuery,
  CategoryDetailUpdate,
  CategoryDressingCreate,
  CategoryDressingListQuery,
  CategoryListQuery,
  CategoryToppingCreate,
  CategoryToppingListQuery,
  CategoryUpdate,
  DressingCreate,
  DressingListQuery,
  DressingUpdate,
  ExtraGroupCreate,
  ExtraGroupListQuery,
  ExtraGroupUpdate,
  ExtraOptionsSave,
  ExtraSelectionCreate,
  ExtraSelectionListQuery,
  ExtraSelectionUpdate,
  MenuItemCreate,
  MenuItemListQuery,
  MenuItemUpdate,
  PrimaryOptionSetCreate,
  PrimaryOptionSetListQuery,
  PrimaryOptionSetUpdate,
  SizeCreate,
  SizeUpdate,
  ToppingCreate,
  ToppingListQuery,
  ToppingUpdate,
} from '#contracts/menu';
import { RestaurantListQuery } from '#contracts/shared/restaurants';
import { ActiveRestaurantUpdate, RefreshRequest } from '#contracts/shared/session';
import { ForgotRequest, GoogleSignInRequest, LoginRequest, ProfileRequest, RegisterRequest, ResetRequest, VerifyRequest } from '#contracts/accounts';
import { StatsQuery } from '#contracts/insights';
import { CustomersQuery, OrderStatsQuery } from '#contracts/shared/order-figures';
import { DemandQuery, MessageCreate, MessageExportQuery, MessageListQuery } from '#contracts/leads';
import { NotificationSettings, ONBOARDING_STEP_BODIES } from '#contracts/onboarding';
import { API_BASE } from '#contracts/shared/paths';
import { SurveyListQuery, SurveyResponseCreate } from '#contracts/survey';
import { DeliveryCheckQuery } from '#contracts/storefront';
import * as auth from '#src/services/accounts/auth';
import * as menu from '#src/services/menu/menu';
import * as messages from '#src/services/leads/messages';
import * as onboarding from '#src/services/onboarding/onboarding';
import * as restaurants from '#src/services/shared/restaurants';
import * as session from '#src/services/shared/session';
import * as survey from '#src/services/survey/survey';
import * as surveyAnswers from '#src/services/survey/survey-answers';
import * as demand from '#src/services/leads/demand';
import * as orderEvents from '#src/services/ordering/order-events';
import * as orders from '#src/services/ordering/orders';
import * as newOrders from '#src/services/shared/new-orders';
import * as notificationSettings from '#src/services/onboarding/notification-settings';
import { NewOrdersQuery } from '#contracts/shared/new-orders';
import * as placing from '#src/services/ordering/place-order';
import * as tracking from '#src/services/ordering/track-order';
import { OrdersQuery, PlaceOrderBody, TransitionBody } from '#contracts/ordering';
import { RefundBody } from '#contracts/ordering/refunds';
import * as stats from '#src/services/insights/stats';
import * as money from '#src/services/ordering/money';
import * as coupons from '#src/services/ordering/coupons';
import * as moneySettings from '#src/services/ordering/money-settings';
import * as quoting from '#src/services/ordering/quote-order';
import * as kitchenPace from '#src/services/ordering/kitchen-pace';
import { BusyBody, PaceQuery, PauseBody } from '#contracts/ordering/kitchen-pause';
import { CouponCreate, CouponListQuery, CouponUpdate } from '#contracts/ordering/coupons';
import { TaxSettings, TipSettings } from '#contracts/ordering/order-settings';
import { KitchenSettings } from '#contracts/ordering/kitchen-settings';
import { PaymentSettings } from '#contracts/ordering/payment-settings';
import { MoneyStatsQuery } from '#contracts/ordering/money-stats';
import * as storefront from '#src/services/storefront/delivery-check';
import { createTokenRenewer } from '#src/services/shared/token-renewal';
import type { MenuScope } from '#src/services/menu/menu-types';
import { VALID_STEPS } from '../fixtures/onboarding/requests';
import { OWNER, SUPERADMIN } from '../machines/menu/category-editor.fixtures';
import { checkCalls, describeRefusal } from './contract-double';
import { findServerRoute } from './contract-routes';

type AnyStruct = Struct<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

type Audit = {
  call: (scope: MenuScope) => Promise<unknown>;
  /** The route the call must reach, as the server registers it. */
  route: string;
  /** The struct the function's parameter type is inferred from: the route must validate with this very object. */
  body?: AnyStruct;
  query?: AnyStruct;
};

const M = (path: string) => `${API_BASE}${path}`;
const NAME = { name: 'Pizza' };

/** Every client call that sends a body or a query, keyed by module.function. */
const AUDIT: Record<string, Audit> = {
  // The store page's zip check (issue 29): plain fetch, no token.
  // Orders (issue 30): placed from the store page (plain fetch, no token), run on the board.
  'placing.placeOrder': {
    call: () =>
      placing.placeOrder(
        'blue-door',
        {
          fulfilment: 'pickup',
          lines: [{ item_id: 1, size_id: 2, quantity: 2, extra_selection_ids: [3], note: '' }],
          customer: { name: 'Ada', phone: '(312) 555-0199', email: 'ada@example.com' },
          address: null,
          scheduled_for: null,
          note: '',
        },
        placing.newIdempotencyKey(),
      ),
    route: `POST ${M('/storefront/:slug/orders/')}`,
    body: PlaceOrderBody,
  },
  // Issue 43: the checkout's quote (plain fetch, no token), the Coupons screen, the Store screen's Taxes and Tips.
  'quoting.quoteOrder': {
    call: () =>
      quoting.quoteOrder('blue-door', {
        fulfilment: 'delivery',
        lines: [{ item_id: 1, size_id: null, quantity: 1, extra_selection_ids: [] }],
        customer: { name: 'Ada', phone: '(312) 555-0199', email: 'ada@example.com' },
        address: { street: '1 Main St', city: 'Chicago', zip_code: '60606', notes: '' },
        scheduled_for: null,
        tip: { percent: 15 },
        coupon_code: 'SAVE 10',
      }),
    route: `POST ${M('/storefront/:slug/quote/')}`,
    body: PlaceOrderBody,
  },
  'coupons.listCoupons': {
    call: () => coupons.listCoupons({ restaurantId: 42, page: 2, pageSize: 20 }),
    route: `GET ${M('/coupons/')}`,
    query: CouponListQuery,
  },
  'coupons.createCoupon': {
    call: () =>
      coupons.createCoupon({
        restaurantId: 42,
        body: {
          code: 'SAVE10',
          kind: 'percent',
          value: 10,
          min_subtotal: 20,
          starts_on: '2026-12-01',
          ends_on: null,
          max_uses: 5,
          max_uses_per_customer: 1,
          first_order_only: false,
          active: true,
        },
      }),
    route: `POST ${M('/coupons/')}`,
    body: CouponCreate,
  },
  'coupons.updateCoupon': {
    call: () => coupons.updateCoupon({ id: 7, body: { value: 15, ends_on: '2026-12-31' } }),
    route: `PATCH ${M('/coupons/:id/')}`,
    body: CouponUpdate,
  },
  'moneySettings.saveTaxSettings': {
    call: () =>
      moneySettings.saveTaxSettings({
        restaurantId: 42,
        settings: { prices_include_tax: false, default_rate: 8.25, delivery_fee_taxable: true, category_rates: [{ category_id: 3, rate: 0 }] },
      }),
    route: `PUT ${M('/restaurants/:id/settings/taxes/')}`,
    body: TaxSettings,
  },
  'moneySettings.saveTipSettings': {
    call: () => moneySettings.saveTipSettings({ restaurantId: 42, settings: { enabled: true, choices: [10, 15, 20], allow_custom: true } }),
    route: `PUT ${M('/restaurants/:id/settings/tips/')}`,
    body: TipSettings,
  },
  'moneySettings.savePaymentSettings': {
    call: () => moneySettings.savePaymentSettings({ restaurantId: 42, settings: { card_online: true, in_person: false } }),
    route: `PUT ${M('/restaurants/:id/settings/payments/')}`,
    body: PaymentSettings,
  },
  'moneySettings.saveKitchenSettings': {
    call: () =>
      moneySettings.saveKitchenSettings({
        restaurantId: 42,
        settings: { max_orders_per_slot: 5, max_items_per_slot: null, min_lead_minutes: 15, auto_accept: true, default_prep_minutes: 20 },
      }),
    route: `PUT ${M('/restaurants/:id/settings/kitchen/')}`,
    body: KitchenSettings,
  },
  'moneySettings.loadCategoryNames': {
    call: () => moneySettings.loadCategoryNames({ restaurantId: 42 }),
    route: `GET ${M('/categories/')}`,
    query: CategoryListQuery,
  },
  'orders.listOrders': {
    call: () => orders.listOrders({ restaurant_id: 42, status: 'placed', day: '2026-11-27', page_size: 200 }),
    route: `GET ${M('/orders/')}`,
    query: OrdersQuery,
  },
  // Issue 40: the order history's search, the sidebar's count, the Store screen's Notifications.
  'orders.listOrders (history)': {
    call: () => orders.listOrders({ restaurant_id: 42, search: '#12', status: 'completed', day: '2026-11-27', page: 2, page_size: 20 }),
    route: `GET ${M('/orders/')}`,
    query: OrdersQuery,
  },
  // Issue 43: the history's CSV, every page of its filters.
  'orders.downloadOrdersCsv': {
    call: () => orders.downloadOrdersCsv({ restaurant_id: 42, search: '#12', status: 'completed', day: '2026-11-27' }),
    route: `GET ${M('/orders/')}`,
    query: OrdersQuery,
  },
  'newOrders.loadNewOrdersCount': {
    call: () => newOrders.loadNewOrdersCount({ restaurantId: 42 }),
    route: `GET ${M('/orders/new-count/')}`,
    query: NewOrdersQuery,
  },
  'notificationSettings.saveNotificationSettings': {
    call: () => notificationSettings.saveNotificationSettings({ restaurantId: 42, settings: { new_order_mail: false } }),
    route: `PUT ${M('/restaurants/:id/settings/notifications/')}`,
    body: NotificationSettings,
  },
  // Issue 44: a refund of an amount with its reason.
  'orders.refundOrder': {
    call: () => orders.refundOrder({ orderId: 7, body: { amount: 4.5, reason: 'Cold pizza' } }),
    route: `POST ${M('/orders/:id/refunds/')}`,
    body: RefundBody,
  },
  // Issue 45: busy mode from the board (the restaurant chosen by an administrator, in the query).
  'kitchenPace.loadPace': {
    call: () => kitchenPace.loadPace({ restaurantId: 42 }),
    route: `GET ${M('/orders/pace/')}`,
    query: PaceQuery,
  },
  'kitchenPace.savePace (pause)': {
    call: () => kitchenPace.savePace({ restaurantId: 42, change: { kind: 'pause', minutes: null } }),
    route: `POST ${M('/orders/pause/')}`,
    body: PauseBody,
    query: PaceQuery,
  },
  'kitchenPace.savePace (resume)': {
    call: () => kitchenPace.savePace({ restaurantId: 42, change: { kind: 'resume' } }),
    route: `DELETE ${M('/orders/pause/')}`,
    query: PaceQuery,
  },
  'kitchenPace.savePace (busy)': {
    call: () => kitchenPace.savePace({ restaurantId: 42, change: { kind: 'busy', minutes: 20 } }),
    route: `POST ${M('/orders/busy/')}`,
    body: BusyBody,
    query: PaceQuery,
  },
  'orders.moveOrder': {
    call: () => orders.moveOrder({ orderId: 7, body: { to: 'accepted', prep_minutes: 15 } }),
    route: `POST ${M('/orders/:id/transition/')}`,
    body: TransitionBody,
  },
  'storefront.checkDelivery': {
    call: () => storefront.checkDelivery('blue-door', '60606'),
    route: `GET ${M('/storefront/:slug/delivery/')}`,
    query: DeliveryCheckQuery,
  },
  'menu.listCategories': { call: (scope) => menu.listCategories(scope), route: `GET ${M('/categories/')}`, query: CategoryListQuery },
  'menu.updateCategory': {
    call: () => menu.updateCategory(1, { name: 'Pizzas', description: '' }),
    route: `PATCH ${M('/categories/:id/')}`,
    body: CategoryUpdate,
  },
  'menu.listCategoryDetails': { call: (scope) => menu.listCategoryDetails(scope), route: `GET ${M('/categories/detail/')}`, query: CategoryDetailListQuery },
  'menu.createCategoryDeep': {
    call: (scope) => menu.createCategoryDeep({ ...NAME, detail: { priced_by: 'size' }, sizes: [{ name: 'Small', position: 0 }], toppings: [1] }, scope),
    route: `POST ${M('/categories/deep/')}`,
    body: CategoryDeepCreate,
  },
  'menu.createCategoryDetail': {
    call: (scope) => menu.createCategoryDetail({ category_id: 1, priced_by: 'none' }, scope),
    route: `POST ${M('/categories/detail/')}`,
    body: CategoryDetailCreate,
  },
  'menu.updateCategoryDetail': {
    call: () => menu.updateCategoryDetail(11, { priced_by: 'weight', allow_toppings: false, image_url: null }),
    route: `PATCH ${M('/categories/detail/:id/')}`,
    body: CategoryDetailUpdate,
  },
  'menu.restaurantCurrency': { call: () => menu.restaurantCurrency(3), route: `GET ${M('/restaurants/')}`, query: RestaurantListQuery },
  'menu.countSizePrices': { call: (scope) => menu.countSizePrices(scope, 1, 21), route: `GET ${M('/menu-items/')}`, query: MenuItemListQuery },
  'menu.findFirstRestaurantId': { call: () => menu.findFirstRestaurantId(), route: `GET ${M('/restaurants/')}`, query: RestaurantListQuery },
  'menu.createSize': {
    call: (scope) => menu.createSize({ category_id: 1, name: 'Small', units: 10, measurement: 'Inches', position: 0 }, scope),
    route: `POST ${M('/categories/sizes/')}`,
    body: SizeCreate,
  },
  'menu.updateSize': { call: () => menu.updateSize(5, { name: 'Large', position: 1 }), route: `PATCH ${M('/categories/sizes/:id/')}`, body: SizeUpdate },
  'menu.listGroups': { call: (scope) => menu.listGroups(scope, 1), route: `GET ${M('/extra-options/groups/')}`, query: ExtraGroupListQuery },
  'menu.createGroup': {
    call: (scope) => menu.createGroup({ category_id: 1, name: 'Extras', required: false, allow_multiple: true }, scope),
    route: `POST ${M('/extra-options/groups/')}`,
    body: ExtraGroupCreate,
  },
  'menu.updateGroup': { call: () => menu.updateGroup(4, { name: 'Sauces' }), route: `PATCH ${M('/extra-options/groups/:id/')}`, body: ExtraGroupUpdate },
  'menu.saveExtraOptions': {
    call: () =>
      menu.saveExtraOptions(1, {
        removed_selections: [7],
        groups: [
          { id: 4, name: 'Sauces', selections: [{ id: 8, name: 'Pesto', price: 1.5 }, { name: 'Aioli' }] },
          { name: 'Cheese', required: false, allow_multiple: true },
        ],
      }),
    route: `POST ${M('/categories/:id/extra-options/')}`,
    body: ExtraOptionsSave,
  },
  'menu.listSelections': { call: (scope) => menu.listSelections(scope, 4), route: `GET ${M('/extra-options/selections/')}`, query: ExtraSelectionListQuery },
  'menu.listSelectionsOf': {
    call: (scope) => menu.listSelectionsOf(scope, [4]),
    route: `GET ${M('/extra-options/selections/')}`,
    query: ExtraSelectionListQuery,
  },
  'menu.createSelection': {
    call: (scope) => menu.createSelection({ group_id: 4, name: 'Cheese', price: 1.5, image_url: null }, scope),
    route: `POST ${M('/extra-options/selections/')}`,
    body: ExtraSelectionCreate,
  },
  'menu.updateSelection': {
    call: () => menu.updateSelection(41, { name: 'Feta', price: 2 }),
    route: `PATCH ${M('/extra-options/selections/:id/')}`,
    body: ExtraSelectionUpdate,
  },
  'menu.listAssignments toppings': {
    call: (scope) => menu.listAssignments('toppings', scope, 1),
    route: `GET ${M('/categories/toppings/')}`,
    query: CategoryToppingListQuery,
  },
  'menu.listAssignments dressings': {
    call: (scope) => menu.listAssignments('dressings', scope, 1),
    route: `GET ${M('/categories/dressings/')}`,
    query: CategoryDressingListQuery,
  },
  'menu.assignItem toppings': {
    call: (scope) => menu.assignItem('toppings', 1, 2, scope),
    route: `POST ${M('/categories/toppings/')}`,
    body: CategoryToppingCreate,
  },
  'menu.assignItem dressings': {
    call: (scope) => menu.assignItem('dressings', 1, 2, scope),
    route: `POST ${M('/categories/dressings/')}`,
    body: CategoryDressingCreate,
  },
  'menu.listToppings': { call: (scope) => menu.listToppings(scope, ' oli '), route: `GET ${M('/toppings/')}`, query: ToppingListQuery },
  'menu.createTopping': {
    call: (scope) => menu.createTopping({ name: 'Olives', image_url: null }, scope),
    route: `POST ${M('/toppings/')}`,
    body: ToppingCreate,
  },
  'menu.updateTopping': { call: () => menu.updateTopping(1, { name: 'Black olives' }), route: `PATCH ${M('/toppings/:id/')}`, body: ToppingUpdate },
  'menu.listDressings': { call: (scope) => menu.listDressings(scope), route: `GET ${M('/dressings/')}`, query: DressingListQuery },
  'menu.createDressing': { call: (scope) => menu.createDressing({ name: 'Ranch' }, scope), route: `POST ${M('/dressings/')}`, body: DressingCreate },
  'menu.updateDressing': { call: () => menu.updateDressing(1, { name: 'Blue cheese' }), route: `PATCH ${M('/dressings/:id/')}`, body: DressingUpdate },
  'menu.listOptionSets': { call: (scope) => menu.listOptionSets(scope), route: `GET ${M('/primary-options/')}`, query: PrimaryOptionSetListQuery },
  'menu.createOptionSet': {
    call: (scope) => menu.createOptionSet({ name: 'Crust', selections: [{ name: 'Thin', image_url: null }], allow_images: false }, scope),
    route: `POST ${M('/primary-options/')}`,
    body: PrimaryOptionSetCreate,
  },
  'menu.updateOptionSet': {
    call: () => menu.updateOptionSet(5, { name: 'Crusts', selections: [{ id: 51, name: 'Thin' }, { name: 'Thick' }] }),
    route: `PATCH ${M('/primary-options/:id/')}`,
    body: PrimaryOptionSetUpdate,
  },
  'menu.listMenuItems': { call: (scope) => menu.listMenuItems(scope, 1), route: `GET ${M('/menu-items/')}`, query: MenuItemListQuery },
  'menu.createMenuItem': {
    call: (scope) => menu.createMenuItem({ category_id: 1, name: 'Margherita', price: 9.5, available: true }, scope),
    route: `POST ${M('/menu-items/')}`,
    body: MenuItemCreate,
  },
  'menu.updateMenuItem': {
    call: () => menu.updateMenuItem(7, { name: 'Marinara', available: false }),
    route: `PATCH ${M('/menu-items/:id/')}`,
    body: MenuItemUpdate,
  },
  'menu.loadCategoryOverview': { call: (scope) => menu.loadCategoryOverview(scope), route: `GET ${M('/categories/')}`, query: CategoryListQuery },
  // Its eight reads go out at once, so every one of them (sizes, assignments, groups, catalogues) is checked.
  'menu.loadCategoryEditor': { call: (scope) => menu.loadCategoryEditor(1, scope), route: `GET ${M('/categories/:id/')}` },

  'auth.register': {
    call: () => auth.register({ email: 'A@B.co ', accepted_terms: true }),
    route: `POST ${M('/auth/register/')}`,
    body: RegisterRequest,
  },
  'auth.verify': { call: () => auth.verify({ email: 'a@b.co', code: '123456' }), route: `POST ${M('/auth/verify/')}`, body: VerifyRequest },
  'auth.saveProfile': {
    call: () => auth.saveProfile({ email: 'a@b.co', first_name: 'Ann', last_name: 'Lee', password: 'Secret-pass-1' }, 'token'),
    route: `POST ${M('/auth/profile/')}`,
    body: ProfileRequest,
  },
  'auth.login': { call: () => auth.login({ email: ' A@B.co', password: 'x' }), route: `POST ${M('/auth/login/')}`, body: LoginRequest },
  'auth.forgotPassword': { call: () => auth.forgotPassword({ email: 'a@b.co' }), route: `POST ${M('/auth/password/forgot/')}`, body: ForgotRequest },
  'auth.resetPassword': {
    call: () => auth.resetPassword({ email: 'a@b.co', code: '123456', password: 'Secret-pass-1' }),
    route: `POST ${M('/auth/password/reset/')}`,
    body: ResetRequest,
  },
  'auth.googleSignIn': { call: () => auth.googleSignIn('id-token'), route: `POST ${M('/auth/social/google/')}`, body: GoogleSignInRequest },
  'session.chooseWorkingRestaurant': {
    call: () => session.chooseWorkingRestaurant(2),
    route: `PATCH ${M('/auth/me/')}`,
    body: ActiveRestaurantUpdate,
  },
  'restaurants.loadRestaurantDirectory': {
    call: () => restaurants.loadRestaurantDirectory(),
    route: `GET ${M('/restaurants/')}`,
    query: RestaurantListQuery,
  },
  'restaurants.searchRestaurants': {
    call: () => restaurants.searchRestaurants(' taco '),
    route: `GET ${M('/restaurants/')}`,
    query: RestaurantListQuery,
  },
  'restaurants.loadRestaurant': {
    call: () => restaurants.loadRestaurant(42),
    route: `GET ${M('/restaurants/')}`,
    query: RestaurantListQuery,
  },
  'session.signOut': {
    call: () => session.signOut({ accessToken: () => null, refreshToken: () => 'refresh', clear: () => undefined } as never),
    route: `POST ${M('/auth/logout/')}`,
    body: RefreshRequest,
  },
  'token-renewal.createTokenRenewer': {
    call: () =>
      createTokenRenewer({
        baseUrl: API_BASE,
        onSessionLost: () => undefined,
        tokens: { accessToken: () => 'old', refreshToken: () => 'refresh', save: () => undefined, clear: () => undefined } as never,
      })(),
    route: `POST ${M('/auth/token/refresh/')}`,
    body: RefreshRequest,
  },
  'messages.createSignup': {
    call: () => messages.createSignup({ email: 'a@b.co', zip_code: '10001' }),
    route: 'POST /api/messages/',
    body: MessageCreate,
  },
  'messages.listMessages': {
    call: () => messages.listMessages({ page: 2, page_size: 25, status: 'new', email: 'pizza' }),
    route: 'GET /api/messages/',
    query: MessageListQuery,
  },
  'messages.markMessageRead': { call: () => messages.markMessageRead(7), route: 'POST /api/messages/:id/mark_read/' },
  'messages.archiveMessage': { call: () => messages.archiveMessage(7), route: 'POST /api/messages/:id/archive/' },
  'messages.exportMessages': {
    call: () => messages.exportMessages({ status: 'archived', email: 'pizza' }),
    route: 'GET /api/messages/export/',
    query: MessageExportQuery,
  },
  'survey.submitSurvey': { call: () => survey.submitSurvey({}), route: 'POST /api/surveys/operator/', body: SurveyResponseCreate },
  'surveyAnswers.loadSurveyAnswers': {
    call: () => surveyAnswers.loadSurveyAnswers({ page: 2, pageSize: 25 }),
    route: 'GET /api/surveys/operator/',
    query: SurveyListQuery,
  },
  'demand.loadLocalDemand': { call: () => demand.loadLocalDemand(42), route: `GET ${M('/demand/')}`, query: DemandQuery },
  'stats.loadMenuStats': { call: () => stats.loadMenuStats(42), route: `GET ${M('/stats/menu/')}`, query: StatsQuery },
  'stats.loadGeneralStats': { call: () => stats.loadGeneralStats(42), route: `GET ${M('/stats/general/')}`, query: StatsQuery },
  'stats.loadAnalyticsStats': { call: () => stats.loadAnalyticsStats(42), route: `GET ${M('/stats/analytics/')}`, query: StatsQuery },
  'stats.loadOrderStats': { call: () => stats.loadOrderStats(42, 7), route: `GET ${M('/stats/orders/')}`, query: OrderStatsQuery },
  'stats.loadCustomers': {
    call: () => stats.loadCustomers(42, { search: 'ada', page: 2, pageSize: 20 }),
    route: `GET ${M('/customers/')}`,
    query: CustomersQuery,
  },
  'stats.downloadCustomers': { call: () => stats.downloadCustomers(42, 'ada'), route: `GET ${M('/customers/')}`, query: CustomersQuery },
  'money.loadMoneyStats': {
    call: () => money.loadMoneyStats({ from: '2026-11-23', to: '2026-11-27', restaurant_id: 42 }),
    route: `GET ${M('/stats/money/')}`,
    query: MoneyStatsQuery,
  },
  'money.downloadMoneyCsv': {
    call: () => money.downloadMoneyCsv({ from: '2026-11-01', to: '2026-11-27' }),
    route: `GET ${M('/stats/money/')}`,
    query: MoneyStatsQuery,
  },
  ...Object.fromEntries(
    (Object.keys(VALID_STEPS) as (keyof typeof VALID_STEPS)[]).map((step) => [
      `onboarding.saveOnboardingStep ${step}`,
      {
        call: () => onboarding.saveOnboardingStep('42', step, VALID_STEPS[step]),
        route: `PUT ${M(`/onboarding/:id/${step}/`)}`,
        // The server builds the about step's struct with its own host in the slug's message, and the
        // hours step's with its own clock (special days count from its today); see the test below.
        body: step === 'about' || step === 'hours' ? undefined : ONBOARDING_STEP_BODIES[step],
      } satisfies Audit,
    ]),
  ),
};

/** Exports that send no body and no query (or are not calls at all): nothing to audit. */
const NOTHING_TO_AUDIT = new Set([
  'menu.scopedFilters',
  'menu.scopedBody',
  'menu.checkedBody',
  'menu.deleteCategory',
  'menu.deleteSize',
  'menu.deleteGroup',
  'menu.deleteSelection',
  'menu.unassignItem',
  'menu.deleteTopping',
  'menu.deleteDressing',
  'menu.getOptionSet',
  'menu.deleteOptionSet',
  'menu.deleteMenuItem',
  'auth.startOnboarding',
  'session.AUTH_FLAG_KEY',
  'session.ROLE_KEY',
  'session.SCOPE_KEY',
  'session.fetchCurrentUser',
  // Browser storage only: what the landing page's header reads without a call.
  'session.rememberOnboarding',
  'session.rememberLaunch',
  'restaurants.PICKER_MATCHES',
  'surveyAnswers.exportSurveyAnswers',
  // The health check sends no query: the dashboard's "Backend reachable".
  'stats.checkBackend',
  'onboarding.fetchOnboardingStatus',
  'onboarding.loadOnboardingStep',
  'onboarding.launchOnboarding',
  // The board's load is listOrders' calls (audited above); the others send neither body nor query,
  // or (the live stream) only the restaurant_id every owner route takes.
  'orders.loadBoard',
  'orders.readOrder',
  'orders.OPEN_STATUSES',
  'orders.BOARD_PAGE_SIZE',
  'tracking.trackOrder',
  // Issue 44: the customer's payment check and a new attempt, by the order's token alone (no body, no query).
  'tracking.checkPayment',
  'tracking.retryPayment',
  'placing.newIdempotencyKey',
  'orderEvents.listenToOrderEvents',
  'orderEvents.STREAM_BACKOFF',
  // Multipart: no contract describes it; the upload route checks the file in its handler.
  'onboarding.uploadLogo',
  'notificationSettings.loadNotificationSettings',
  // Issue 43: reads by id (no query), a delete, and the 409's figures read from an answer.
  'coupons.loadCouponCurrency',
  'coupons.deleteCoupon',
  'moneySettings.loadTaxSettings',
  'moneySettings.loadTipSettings',
  // Issue 44: a read by id.
  'moneySettings.loadPaymentSettings',
  // Issue 45: a read by id.
  'moneySettings.loadKitchenSettings',
  'quoting.changedQuote',
]);

const SCOPES: [string, MenuScope][] = [
  ['an owner', OWNER],
  ['a superadmin', SUPERADMIN],
];

describe('every client call against its server contract', () => {
  describe.each(SCOPES)('as %s', (_who, scope) => {
    it.each(Object.keys(AUDIT))('%s', async (name) => {
      const audit = AUDIT[name]!;
      const { checked, refused } = await checkCalls(() => audit.call(scope));
      expect(refused.map(describeRefusal), 'requests the server would refuse').toEqual([]);
      expect(checked.length, 'requests sent').toBeGreaterThan(0);
      const [method, url] = audit.route.split(' ') as [string, string];
      const found = await findServerRoute(checked[0]!.method, new URL(checked[0]!.url).pathname);
      expect(`${checked[0]!.method} ${found?.route.url}`).toBe(`${method} ${url}`);
      if (audit.body) expect(found?.route.body, 'the route validates with the struct the function is typed by').toBe(audit.body);
      if (audit.query) expect(found?.route.querystring, 'the route validates the query with the struct named').toBe(audit.query);
    });
  });

  it('the about and hours steps are checked by structs with the same fields as the ones the screen checks with', async () => {
    for (const step of ['about', 'hours'] as const) {
      const found = await findServerRoute('PUT', M(`/onboarding/42/${step}/`));
      const fields = (struct: AnyStruct | undefined) => Object.keys((struct?.schema ?? {}) as object).sort();
      expect(fields(found?.route.body), step).toEqual(fields(ONBOARDING_STEP_BODIES[step]));
      expect(fields(found?.route.body).length, step).toBeGreaterThan(0);
    }
  });

  it('lists every exported service function, audited or with nothing to audit', () => {
    const modules = {
      menu,
      auth,
      messages,
      survey,
      surveyAnswers,
      demand,
      stats,
      money,
      coupons,
      moneySettings,
      quoting,
      onboarding,
      session,
      restaurants,
      storefront,
      orders,
      kitchenPace,
      placing,
      tracking,
      orderEvents,
      newOrders,
      notificationSettings,
    };
    const exported = Object.entries(modules).flatMap(([module, exports]) => Object.keys(exports).map((name) => `${module}.${name}`));
    const audited = new Set(Object.keys(AUDIT).map((name) => name.split(' ')[0]!));
    expect(exported.filter((name) => !audited.has(name) && !NOTHING_TO_AUDIT.has(name))).toEqual([]);
  });
});
