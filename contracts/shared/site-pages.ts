/**
 * Pages of the web app that both ends and several areas name. The sign-in pages: a signed-in
 * person has no reason to be sent back to one (after sign-in, or by Back out of the onboarding).
 */
export const SIGN_IN_PAGES = ['/login', '/register', '/forgot', '/reset', '/oauth/complete'] as const;

export const isSignInPage = (path: string): boolean => SIGN_IN_PAGES.some((page) => path === page || path.startsWith(`${page}/`));
