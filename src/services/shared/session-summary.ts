import type { CurrentUser } from '../../../contracts/shared/session';

/**
 * What the browser keeps about the session: the tokens' keys, and beside the tokens (spec
 * section 3) an auth flag, a role and the scope, plus where the owner's onboarding stands and
 * the one-time note that Launch leaves for the landing page. The landing page reads it instead
 * of calling the server, so this module imports nothing: it is part of that page's budget.
 * The writers are in session.ts. Nothing here ever throws: refused storage only costs these
 * conveniences; the server still decides everything.
 */
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';
export const AUTH_FLAG_KEY = 'auth';
export const ROLE_KEY = 'role';
export const SCOPE_KEY = 'scope';
/** `{id, launched}` of the owner's onboarding, from sign-in, the onboarding's status check and Launch. */
export const ONBOARDING_KEY = 'onboarding';

export type Scope = { rid: number | null; name: string | null; is_superadmin: boolean };
export type OnboardingMark = { id: number; launched: boolean };

export type SessionSummary = {
  admin: boolean;
  superadmin: boolean;
  /** Null when not known in this browser (an administrator, or a session from before it was kept). */
  onboarding: OnboardingMark | null;
};

export const scopeOf = (user: CurrentUser): Scope => ({ rid: user.active_restaurant_id, name: user.active_restaurant_name, is_superadmin: user.is_superadmin });

/** The remembered session's storage first (localStorage wins, as for the tokens), then the tab's. */
function stores(): Storage[] {
  try {
    return [localStorage, sessionStorage];
  } catch {
    return [];
  }
}

function read(key: string): string | null {
  for (const store of stores()) {
    try {
      const value = store.getItem(key);
      if (value) return value;
    } catch {
      // This storage refused; try the other.
    }
  }
  return null;
}

function readJson(key: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(read(key) ?? 'null');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Null when no session is stored (spec section 2: signed in means a stored token). */
export function readSessionSummary(): SessionSummary | null {
  if (read(ACCESS_TOKEN_KEY) === null && read(REFRESH_TOKEN_KEY) === null) return null;
  const scope = readJson(SCOPE_KEY);
  const onboarding = readJson(ONBOARDING_KEY);
  return {
    admin: read(ROLE_KEY) === 'admin',
    superadmin: scope?.is_superadmin === true,
    onboarding:
      onboarding && typeof onboarding.id === 'number' && typeof onboarding.launched === 'boolean' ? { id: onboarding.id, launched: onboarding.launched } : null,
  };
}

/** Removes keys from both storages. */
export function forget(keys: readonly string[]): void {
  for (const store of stores()) {
    try {
      keys.forEach((key) => store.removeItem(key));
    } catch {
      // Nothing stored.
    }
  }
}
