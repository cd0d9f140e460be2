import { isSignInPage } from '../../../contracts/shared/site-pages';

/**
 * Back on the first onboarding step (spec: "Every step has Back (previous page)"): the page the
 * owner was on before the onboarding. Read from the browser's Navigation API, which lists only
 * this site's entries: the latest one before this that is neither a step of this onboarding (the
 * steps push entries as the owner moves between them) nor a sign-in page (nobody signed in wants
 * the login form again), as far as the browser shows their addresses. Null when there is none, or the browser has no Navigation API: then the
 * caller goes to the home page.
 */
export function pageBeforeOnboarding(restaurantId: string, history: Navigation | undefined = browserNavigation()): NavigationHistoryEntry | null {
  const current = history?.currentEntry;
  if (!history || !current) return null;
  const own = `/onboard/${restaurantId}`;
  const before = history.entries().slice(0, current.index).reverse();
  return (
    before.find((entry) => {
      // The browser hides the address of another document's entry when, as here, pages are
      // served with Referrer-Policy: no-referrer; it is still a page of this site, the one before.
      if (!entry.url) return true;
      const path = new URL(entry.url).pathname;
      return path !== own && !path.startsWith(`${own}/`) && !isSignInPage(path);
    }) ?? null
  );
}

function browserNavigation(): Navigation | undefined {
  return 'navigation' in window ? window.navigation : undefined;
}
