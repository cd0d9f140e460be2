import type { BackOfficeBase } from '../../components/navigation-base';

export type { BackOfficeBase } from '../../components/navigation-base';

/**
 * The sidebar of both specifications, in their order; Territories only under /admin. Orders (the
 * live order board, issue 30) comes first: it is what an owner keeps open while the restaurant
 * works. Store (the restaurant's settings after launch, issue 29) sits near the top, where an
 * owner looks first.
 */
export const SIDEBAR: readonly { screen: string; label: string; adminOnly?: boolean }[] = [
  { screen: 'orders', label: 'Orders' },
  { screen: 'dashboard', label: 'Dashboard' },
  { screen: 'store', label: 'Store' },
  { screen: 'notifications', label: 'Notifications' },
  { screen: 'menu', label: 'Menu' },
  { screen: 'territories', label: 'Territories', adminOnly: true },
  { screen: 'customers', label: 'Customers' },
  { screen: 'coupons', label: 'Coupons' },
  { screen: 'reviews', label: 'Reviews' },
  { screen: 'money', label: 'Money' },
  { screen: 'pos', label: 'Point of Sale' },
  { screen: 'messages', label: 'Messages' },
  { screen: 'support', label: 'Support' },
  { screen: 'analytics', label: 'Analytics' },
  { screen: 'media', label: 'Media' },
];

/** The sidebar of a base; the spec's sidebar base defaults to /admin. */
export const sidebarFor = (base: BackOfficeBase = 'admin') => SIDEBAR.filter((entry) => base === 'admin' || !entry.adminOnly);

/**
 * What each back-office screen built here is called: its heading and its tab's title. The sidebar's
 * labels, and Drivers, which the spec routes but leaves out of the sidebar.
 */
const SCREEN_LABELS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(SIDEBAR.map(({ screen, label }) => [screen, label])),
  drivers: 'Drivers',
};

export const screenLabel = (screen: string): string => SCREEN_LABELS[screen] ?? screen;

/** Spec (second document, section 2): the placeholder screens' one line, word for word. */
export const PLACEHOLDER_TEXTS = {
  notifications: 'Configure push, email, and SMS notifications.',
  reviews: 'Moderate and reply to customer reviews.',
  media: 'Upload and manage images and assets.',
  pos: 'Configure POS terminals and in-store ordering.',
  support: 'Get help, documentation, and contact support.',
} as const satisfies Record<string, string>;

export type PlaceholderScreen = keyof typeof PLACEHOLDER_TEXTS;

export const isPlaceholderScreen = (screen: string): screen is PlaceholderScreen => Object.hasOwn(PLACEHOLDER_TEXTS, screen);
