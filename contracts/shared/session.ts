import { boolean, nullable, number, object, refine, string, type Infer } from 'superstruct';
import { documented } from './documented';
import { ID_RANGE, isRowId } from './lists';

/**
 * What every area knows of a signed-in person: their tokens, who they are (GET /api/v2/auth/me/),
 * the restaurant they work on, and their onboarding record. Accounts issues them; every area reads them.
 */

/** Access (JWT, ~15 min) and refresh (opaque, rotated on every use) tokens. */
export const Tokens = object({ access: string(), refresh: string() });
export type Tokens = Infer<typeof Tokens>;

// GET /api/v2/auth/me/
export const CurrentUser = object({
  id: number(),
  email: string(),
  first_name: string(),
  last_name: string(),
  is_staff: boolean(),
  is_superadmin: boolean(),
  active_restaurant_id: nullable(number()),
  active_restaurant_name: nullable(string()),
});
export type CurrentUser = Infer<typeof CurrentUser>;

/**
 * PATCH /api/v2/auth/me/ (staff and superadmins): the restaurant they work on, chosen in the
 * back office's header; null goes back to no choice (the spec's first-restaurant rule).
 */
export const ActiveRestaurantUpdate = object({
  active_restaurant_id: nullable(
    // Bounded like every id (issue 28: 2147483648 was a database error, a 500); the sentence is the picker's.
    documented(
      refine(number(), 'active_restaurant_id', (value) => isRowId(value) || 'Choose a restaurant from the list.'),
      ID_RANGE,
    ),
  ),
});
export type ActiveRestaurantUpdate = Infer<typeof ActiveRestaurantUpdate>;

// POST /api/v2/auth/token/refresh/ and POST /api/v2/auth/logout/
export const RefreshRequest = object({
  refresh: refine(string(), 'refresh', (value) => (value.length > 0 && value.length <= 512) || 'Missing refresh token.'),
});
export type RefreshRequest = Infer<typeof RefreshRequest>;

// POST /api/v2/onboarding/start/ (minimal here; the onboarding issue adds the steps)
export const OnboardingStartResponse = object({ id: number(), launched: boolean() });
export type OnboardingStartResponse = Infer<typeof OnboardingStartResponse>;
