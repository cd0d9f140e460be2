import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders a public page and while the browser hydrates that HTML, true
 * from the render after: what needs a script (a button that opens a dialog, the cart) shows only
 * then, so the first HTML is what works without JavaScript and hydration finds exactly it.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
