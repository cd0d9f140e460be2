import type { CurrentUser, OnboardingStartResponse, Tokens } from '../../../contracts/shared/session';
import { isSignInPage, sameSitePath } from '../../../contracts/shared/site-pages';
import { startOnboarding } from './auth';
import { fetchCurrentUser, rememberOnboarding } from '../shared/session';
import { browserTokens } from '../shared/token-store';

/** What completeSignIn needs from the outside; tests pass their own. */
export interface SignInDependencies {
  saveTokens(tokens: Tokens, options: { remember: boolean }): void;
  fetchCurrentUser(): Promise<CurrentUser>;
  startOnboarding(): Promise<OnboardingStartResponse>;
}

const browserDependencies: SignInDependencies = {
  saveTokens: (tokens, options) => browserTokens.save(tokens, options),
  fetchCurrentUser: () => fetchCurrentUser(),
  // Remembered so that the landing page can offer "Continue setup" or the back office without a call.
  startOnboarding: async () => {
    const onboarding = await startOnboarding();
    rememberOnboarding(onboarding);
    return onboarding;
  },
};

export const isAdmin = (user: Pick<CurrentUser, 'is_staff' | 'is_superadmin'>): boolean => user.is_staff || user.is_superadmin;

/**
 * The `next` path the sign-in guard remembered, if it is safe to follow: a path on this site
 * (never `//host` or `https://...`, which would make the login page an open redirect), not a
 * sign-in page, and /admin only for an administrator. Returns the normalised path or null.
 */
export function safeNextPath(next: string | null | undefined, user: Pick<CurrentUser, 'is_staff' | 'is_superadmin'>): string | null {
  const safe = sameSitePath(next);
  if (safe === null) return null;
  const path = new URL(safe, 'https://site.invalid').pathname;
  if (isSignInPage(path)) return null;
  if ((path === '/admin' || path.startsWith('/admin/')) && !isAdmin(user)) return null;
  return safe;
}

/**
 * Spec section 4, after any successful sign-in (login, registration, Google): store the tokens,
 * fetch the current user, and decide where to go. Administrators go to /admin; everyone else
 * starts onboarding (the server returns the existing record if there is one) and goes to the
 * back office once launched, else to the onboarding's location step. A safe `next` wins.
 */
export async function completeSignIn(
  tokens: Tokens,
  options: { remember: boolean; next?: string | null },
  dependencies: SignInDependencies = browserDependencies,
): Promise<string> {
  dependencies.saveTokens(tokens, { remember: options.remember });
  const user = await dependencies.fetchCurrentUser();
  const next = safeNextPath(options.next, user);
  if (isAdmin(user)) return next ?? '/admin';
  const onboarding = await dependencies.startOnboarding();
  if (next) return next;
  return onboarding.launched ? '/backoffice' : `/onboard/${onboarding.id}/location`;
}
