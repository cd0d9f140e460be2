/** API paths shared by the clients and the server. Every path ends with a slash. */
export const LEGACY_BASE = '/api';
export const API_BASE = '/api/v2';

export const paths = {
  messages: '/messages/',
  /** POST: `mark_read` (idempotent) or `archive` one sign-up. */
  messageAction: (id: number | string, action: 'mark_read' | 'archive') => `/messages/${id}/${action}/`,
  messagesExport: '/messages/export/',
  surveysExport: '/surveys/operator/export/',
  /** Newer generation: notify-me sign-ups counted per zip code around one restaurant. */
  demand: '/demand/',
  territories: '/territories/',
  territory: (id: number | string) => `/territories/${id}/`,
  territoryCoverage: '/territories/coverage/',
  mapConfig: '/map/config/',
  stats: { menu: '/stats/menu/', general: '/stats/general/', analytics: '/stats/analytics/', orders: '/stats/orders/', money: '/stats/money/' },
  /** A restaurant's customers, counted from its orders (issue 30); `?format=csv` downloads them. */
  customers: '/customers/',
  countries: '/countries/',
  cities: '/cities/',
  health: '/health/',
  surveys: '/surveys/operator/',
  auth: {
    register: '/auth/register/',
    verify: '/auth/verify/',
    profile: '/auth/profile/',
    login: '/auth/login/',
    me: '/auth/me/',
    forgot: '/auth/password/forgot/',
    reset: '/auth/password/reset/',
    google: '/auth/social/google/',
    googleStart: '/auth/social/google/start/',
    googleCallback: '/auth/social/google/callback/',
    refresh: '/auth/token/refresh/',
    logout: '/auth/logout/',
  },
  onboarding: {
    start: '/onboarding/start/',
    status: (id: number | string) => `/onboarding/${id}/status/`,
    /** GET and PUT of one step: location, about, delivery, hours, additional, contacts. */
    step: (id: number | string, step: string) => `/onboarding/${id}/${step}/`,
    launch: (id: number | string) => `/onboarding/${id}/launch/`,
  },
  uploadImage: '/upload/image/',
  /** GET and PUT of one section of a restaurant's settings beyond the onboarding steps (issue 40: `notifications`; issue 43: `taxes`, `tips`). */
  restaurantSettings: (id: number | string, section: 'notifications' | 'taxes' | 'tips' | 'payments' | 'kitchen') => `/restaurants/${id}/settings/${section}/`,
  /** A restaurant's coupons (issue 43): list and create, and one coupon's GET, PATCH and DELETE. */
  coupons: '/coupons/',
  coupon: (id: number | string) => `/coupons/${id}/`,
  /** The restaurant's feed (issue 45): newest first, and marking rows read. */
  notifications: { list: '/notifications/', read: '/notifications/read/' },
  /** Public, no token (issue 29): a launched restaurant's store data, and whether it delivers to a zip. */
  storefront: (slug: string) => `/storefront/${slug}/`,
  storefrontDelivery: (slug: string) => `/storefront/${slug}/delivery/`,
  /** Orders (issue 30): placed on the store and followed by token (both public). */
  storefrontOrders: (slug: string) => `/storefront/${slug}/orders/`,
  /** The order priced and checked, stored nowhere (issue 43): the checkout's review. Public. */
  storefrontQuote: (slug: string) => `/storefront/${slug}/quote/`,
  /** What the kitchen's pace makes of the store's times now (issue 45): public, never cached. */
  storefrontSlots: (slug: string) => `/storefront/${slug}/slots/`,
  orderTracking: (token: string) => `/orders/track/${token}/`,
  /**
   * Card payments (issue 44), public: the customer back from the payment page asks for the
   * payment's word (`payment/`), or opens a new attempt (`payment/retry/`); the provider's signed
   * events arrive at `stripeWebhook`.
   */
  orderPayment: (token: string) => `/orders/track/${token}/payment/`,
  orderPaymentRetry: (token: string) => `/orders/track/${token}/payment/retry/`,
  stripeWebhook: '/payments/stripe/webhook/',
  /** The owner's orders (issue 30): list, one order, a move of its lifecycle, and the live stream (Server-Sent Events). */
  orders: {
    list: '/orders/',
    one: (id: number | string) => `/orders/${id}/`,
    transition: (id: number | string) => `/orders/${id}/transition/`,
    /** Money given back on a captured card order (issue 44). */
    refunds: (id: number | string) => `/orders/${id}/refunds/`,
    events: '/orders/events/',
    /** How many orders wait to be accepted (issue 40): the back office's sidebar polls it. */
    newCount: '/orders/new-count/',
    /** Busy mode (issue 45): the kitchen's pause and extra prep minutes, read together (`pace`), each changed on its own. */
    pace: '/orders/pace/',
    pause: '/orders/pause/',
    busy: '/orders/busy/',
  },
  menu: {
    categories: '/categories/',
    categoryDetail: '/categories/detail/',
    categoryDeep: '/categories/deep/',
    sizes: '/categories/sizes/',
    primaryOptions: '/primary-options/',
    toppings: '/toppings/',
    dressings: '/dressings/',
    categoryToppings: '/categories/toppings/',
    categoryDressings: '/categories/dressings/',
    extraGroups: '/extra-options/groups/',
    extraSelections: '/extra-options/selections/',
    /** POST: a category's extra option groups and selections saved together (one transaction). */
    categoryExtraOptions: (categoryId: number | string) => `/categories/${categoryId}/extra-options/`,
    menuItems: '/menu-items/',
    restaurants: '/restaurants/',
    /** `{collection}{id}/` for GET, PATCH and DELETE of one row. */
    one: (collection: string, id: number | string) => `${collection}${id}/`,
    /** `{collection}{id}/copy/`: an editable copy of a library topping, dressing or option set. */
    copy: (collection: string, id: number | string) => `${collection}${id}/copy/`,
    /** POST `{until}` and DELETE: an item or an extra selection sold out until a time (issue 45). */
    itemSoldOut: (id: number | string) => `/menu/items/${id}/sold-out/`,
    selectionSoldOut: (id: number | string) => `/menu/extra-options/selections/${id}/sold-out/`,
  },
} as const;

/** The customer's tracking page of an order (issue 30): a page of the site, not of the API. */
export const trackingPagePath = (slug: string, token: string) => `/${slug}/orders/${token}`;
