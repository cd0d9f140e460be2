import { useEffect } from 'react';
import { PRODUCT_NAME } from '../theme';

/** The part of the site a screen belongs to, between its own title and the product's name. */
export type SiteSection = 'Back office' | 'Onboarding';

/** "Categories · Back office · Tablefront": the screen first, so tabs and history tell screens apart. */
export function documentTitle(title: string, section?: SiteSection): string {
  return [title, section, PRODUCT_NAME].filter(Boolean).join(' · ');
}

// The first title of a document belongs to the page load: the browser and screen readers start
// at the top of the page then. Every later one follows a navigation inside the app.
let titledBefore = false;

/**
 * Names the screen in the tab and, after a navigation inside the app, moves the focus to the
 * screen's heading (the first h1 in main, else main itself). A screen reader reads the heading
 * as it gets focus, and the next Tab starts from the new content instead of the link that was
 * pressed. Call it once per screen, from the component that renders the heading.
 */
export function usePageTitle(title: string, section?: SiteSection): void {
  useEffect(() => {
    document.title = documentTitle(title, section);
    if (!titledBefore) {
      titledBefore = true;
      return;
    }
    focusPageHeading();
  }, [title, section]);
}

/**
 * The heading (or main) of the page now shown, made focusable by script only, then focused;
 * unless the person is in an open list (the header's restaurant picker, opened while the screen
 * was still loading): taking the focus would close it under their pointer.
 */
export function focusPageHeading(): void {
  if (document.activeElement?.getAttribute('aria-expanded') === 'true') return;
  const target = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}
