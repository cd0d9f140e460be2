import { CurrentUser, type ActiveRestaurantUpdate } from '../../../contracts/shared/session';
import { paths } from '../../../contracts/shared/paths';
import { api } from './api';
import { AUTH_FLAG_KEY, ONBOARDING_KEY, ROLE_KEY, SCOPE_KEY, forget, scopeOf, type OnboardingMark } from './session-summary';
import { browserTokens, storageHoldingSession, type TokenStore } from './token-store';

/** Kept beside the tokens: a tab-only session (Remember me off) leaves nothing in localStorage. */
function keep(entries: Record<string, string>): void {
  try {
    const store = storageHoldingSession();
    for (const [key, value] of Object.entries(entries)) store?.setItem(key, value);
  } catch {
    // Storage refused: these are conveniences; the server decides what the user may do.
  }
}

/** Spec section 3: a simple auth flag, a role and the scope, stored after the current user is fetched. */
function rememberUser(user: CurrentUser): void {
  keep({ [AUTH_FLAG_KEY]: '1', [ROLE_KEY]: user.is_staff || user.is_superadmin ? 'admin' : 'user', [SCOPE_KEY]: JSON.stringify(scopeOf(user)) });
}

/** Where the owner's onboarding stands, for the landing page's "Continue setup" or back-office link. */
export function rememberOnboarding(mark: OnboardingMark): void {
  keep({ [ONBOARDING_KEY]: JSON.stringify({ id: mark.id, launched: mark.launched }) });
}

/** After Launch: the onboarding is done, and the account's links lead to the back office. */
export function rememberLaunch(restaurantId: number): void {
  rememberOnboarding({ id: restaurantId, launched: true });
}

/** GET /auth/me/ with the stored access token; remembers the role and scope for the screens. */
export async function fetchCurrentUser(): Promise<CurrentUser> {
  const user = await api.get(paths.auth.me, { struct: CurrentUser });
  rememberUser(user);
  return user;
}

/** PATCH /auth/me/ (staff and superadmins): the restaurant they work on, null for none; answers the updated user. */
export async function chooseWorkingRestaurant(restaurantId: number | null): Promise<CurrentUser> {
  const body: ActiveRestaurantUpdate = { active_restaurant_id: restaurantId };
  const user = await api.patch(paths.auth.me, body, { struct: CurrentUser });
  rememberUser(user);
  return user;
}

/** Revokes the session on the server, then forgets it here even when the server cannot be reached. */
export async function signOut(tokens: TokenStore = browserTokens): Promise<void> {
  const refresh = tokens.refreshToken();
  try {
    if (refresh) await api.post(paths.auth.logout, { refresh }, { auth: false });
  } catch {
    // Signing out must always work locally; an unreachable server only means the refresh
    // token stays valid until it expires.
  } finally {
    tokens.clear();
    forget([AUTH_FLAG_KEY, ROLE_KEY, SCOPE_KEY, ONBOARDING_KEY]);
  }
}
