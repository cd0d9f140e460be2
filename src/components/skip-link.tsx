import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/** The id of every layout's `main`: where the skip link leads. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * What a layout spreads on its `main`: the skip link's target, focusable by script only
 * (tabIndex -1 keeps it out of the Tab order) so the next Tab starts inside the content.
 */
export const mainContentProps = { id: MAIN_CONTENT_ID, tabIndex: -1 } as const;

/**
 * "Skip to content" (WCAG 2.4.1): the first thing a keyboard reaches on every layout, hidden until
 * it has the focus. It moves the focus itself rather than following the hash, so the address keeps
 * no "#main-content" for a reload or a shared link to carry.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skip}>
      Skip to content
    </a>
  );
}
