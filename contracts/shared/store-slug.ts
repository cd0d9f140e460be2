import { refine, string } from 'superstruct';
import { documented } from './documented';

/**
 * A store URL's slug as the about step stores it: letters, digits and hyphens, lower case. Shared:
 * the store's public data (storefront) and the orders placed on it (ordering) both take it in a path.
 */
export const STORE_SLUG_PATTERN = /^[a-z0-9-]{1,63}$/;
export const StoreSlug = documented(
  refine(string(), 'slug', (value) => STORE_SLUG_PATTERN.test(value) || 'A store URL is lower-case letters, digits and hyphens (at most 63).'),
  { pattern: STORE_SLUG_PATTERN.source, maxLength: 63 },
);
