import type { CurrentUser } from '../../contracts/auth';
import { browserTokens, storageHoldingSession, type TokenReader } from './token-store';

/**
 * What the browser remembers about the session besides the tokens (spec section 3: an auth
 * flag, a role and the scope, stored after the current user is fetched), plus where the owner's
 * onboarding stands. Pages outside the signed-in areas (the landing page) read it instead of
 * calling the server, so they stay small and fast; the server still decides everything.
 * Nothing here ever throws: refused storage only costs these conveniences.
 */
export const AUTH_FLAG_KEY = 'auth';
export const ROLE_KEY = 'role';
export const SCOPE_KEY = 'scope';
/** `{id, launched}` of the owner's onboarding, from sign-in, the onboarding's status check and Launch. */
export const ONBOARDING_KEY = 'onboarding';
/** Set by Launch, taken by the landing page once: the "your restaurant is live" confirmation. */
export const LAUNCH_NOTICE_KEY = 'launch_notice';

const KEYS = [AUTH_FLAG_KEY, ROLE_KEY, SCOPE_KEY, ONBOARDING_KEY, LAUNCH_NOTICE_KEY];

export type Scope = { rid: number | null; name: string | null; is_superadmin: boolean };
export type OnboardingMark = { id: number; launched: boolean };

export type SessionSummary = {
  admin: boolean;
  superadmin: boolean;
  /** Null when not known in this browser (an administrator, or a session from before it was kept). */
  onboarding: OnboardingMark | null;
};

function write(key: string, value: string): void {
  try {
    storageHoldingSession()?.setItem(key, value);
  } catch {
    // Storage refused (quota, private mode).
  }
}

function read(key: string): string | null {
  try {
    return storageHoldingSession()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function readJson(key: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(read(key) ?? 'null');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Kept beside the tokens: a tab-only session (Remember me off) leaves nothing in localStorage. */
export function rememberUser(user: CurrentUser): void {
  const scope: Scope = { rid: user.active_restaurant_id, name: user.active_restaurant_name, is_superadmin: user.is_superadmin };
  write(AUTH_FLAG_KEY, '1');
  write(ROLE_KEY, user.is_staff || user.is_superadmin ? 'admin' : 'user');
  write(SCOPE_KEY, JSON.stringify(scope));
}

export function rememberOnboarding(mark: OnboardingMark): void {
  write(ONBOARDING_KEY, JSON.stringify({ id: mark.id, launched: mark.launched }));
}

/** After Launch: the onboarding is done, and the landing page has news to show once. */
export function rememberLaunch(restaurantId: number): void {
  rememberOnboarding({ id: restaurantId, launched: true });
  write(LAUNCH_NOTICE_KEY, String(restaurantId));
}

export function hasLaunchNotice(): boolean {
  return read(LAUNCH_NOTICE_KEY) !== null;
}

/** Once shown, the confirmation is gone: a reload does not bring it back. */
export function clearLaunchNotice(): void {
  try {
    for (const store of [localStorage, sessionStorage]) store.removeItem(LAUNCH_NOTICE_KEY);
  } catch {
    // Nothing stored.
  }
}

export function forgetSessionSummary(): void {
  try {
    for (const store of [localStorage, sessionStorage]) KEYS.forEach((key) => store.removeItem(key));
  } catch {
    // Nothing stored.
  }
}

/** Null when no session is stored (spec section 2: signed in means a stored token). */
export function readSessionSummary(tokens: TokenReader & { refreshToken(): string | null } = browserTokens): SessionSummary | null {
  if (tokens.accessToken() === null && tokens.refreshToken() === null) return null;
  const scope = readJson(SCOPE_KEY);
  const onboarding = readJson(ONBOARDING_KEY);
  return {
    admin: read(ROLE_KEY) === 'admin',
    superadmin: scope?.is_superadmin === true,
    onboarding: onboarding && typeof onboarding.id === 'number' && typeof onboarding.launched === 'boolean'
      ? { id: onboarding.id, launched: onboarding.launched }
      : null,
  };
}
