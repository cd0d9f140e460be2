import { CurrentUser } from '../../contracts/auth';
import { paths } from '../../contracts/paths';
import { api } from './api';
import { browserTokens, storageHoldingSession, type TokenStore } from './token-store';

/** Spec section 3: a simple auth flag, a role and the scope, stored after the current user is fetched. */
export const AUTH_FLAG_KEY = 'auth';
export const ROLE_KEY = 'role';
export const SCOPE_KEY = 'scope';

export type Scope = { rid: number | null; name: string | null; is_superadmin: boolean };

/** Kept beside the tokens: a tab-only session (Remember me off) leaves nothing in localStorage. */
function remember(user: CurrentUser): void {
  const scope: Scope = { rid: user.active_restaurant_id, name: user.active_restaurant_name, is_superadmin: user.is_superadmin };
  try {
    const store = storageHoldingSession();
    store?.setItem(AUTH_FLAG_KEY, '1');
    store?.setItem(ROLE_KEY, user.is_staff || user.is_superadmin ? 'admin' : 'user');
    store?.setItem(SCOPE_KEY, JSON.stringify(scope));
  } catch {
    // Storage refused: these are conveniences; the server decides what the user may do.
  }
}

function forget(): void {
  try {
    for (const store of [localStorage, sessionStorage]) [AUTH_FLAG_KEY, ROLE_KEY, SCOPE_KEY].forEach((key) => store.removeItem(key));
  } catch {
    // Nothing stored.
  }
}

/** GET /auth/me/ with the stored access token; remembers the role and scope for the screens. */
export async function fetchCurrentUser(): Promise<CurrentUser> {
  const user = await api.get(paths.auth.me, { struct: CurrentUser });
  remember(user);
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
    forget();
  }
}
