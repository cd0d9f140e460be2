import { CurrentUser, type ActiveRestaurantUpdate } from '../../contracts/auth';
import { paths } from '../../contracts/paths';
import { api } from './api';
import { forgetSessionSummary, rememberUser } from './session-summary';
import { browserTokens, type TokenStore } from './token-store';

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
    forgetSessionSummary();
  }
}
