import type { BackOfficeBase } from '../../components/navigation-base';

export type { BackOfficeBase } from '../../components/navigation-base';

/** The sidebar of both specifications, in their order; Territories only under /admin. */
export const SIDEBAR: readonly { screen: string; label: string; adminOnly?: boolean }[] = [
  { screen: 'dashboard', label: 'Dashboard' },
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

/** Spec (second document, section 2): the placeholder screens and their one line, word for word. */
export const PLACEHOLDER_SCREENS: Readonly<Record<string, { title: string; text: string }>> = {
  notifications: { title: 'Notifications', text: 'Configure push, email, and SMS notifications.' },
  coupons: { title: 'Coupons', text: 'Create and manage promo codes and discounts.' },
  reviews: { title: 'Reviews', text: 'Moderate and reply to customer reviews.' },
  media: { title: 'Media', text: 'Upload and manage images and assets.' },
  money: { title: 'Money', text: 'Payouts, fees, and financial settings.' },
  pos: { title: 'Point of Sale', text: 'Configure POS terminals and in-store ordering.' },
  support: { title: 'Support', text: 'Get help, documentation, and contact support.' },
};
