import { startTransition, useEffect, useState } from 'react';

/**
 * False while the server renders a public page and while the browser hydrates that HTML, true
 * from the render after: what needs a script (a button that opens a dialog, the cart) shows only
 * then, so the first HTML is what works without JavaScript and hydration finds exactly it. The
 * render that shows them is a transition, in slices a phone can interrupt (a 120-item menu
 * re-rendered at once held the main thread for a long task).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // Runs once the page is live: mounting is the event, not a state the view reached.
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
