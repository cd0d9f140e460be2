import '@mantine/core/styles/VisuallyHidden.css';
import { VisuallyHidden } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { createContext, useCallback, useContext } from 'react';
import { ExternalLinkIcon } from '../../components/line-icons';
import { storeLinkMachine } from '../../machines/shared/store-link.machine';
import { useRestaurantChanged } from './restaurant-changed';

/**
 * "View your store" (issue 29): the public page of the restaurant the back office works on,
 * `/{slug}`, opened in a new tab. The header and the sidebar both show it once the restaurant
 * has a store address; the Store screen asks for a fresh read after saving a new one.
 */

export const VIEW_STORE = 'View your store';
/** Said after the link's name, so nobody is surprised by the new tab (WCAG 3.2.5 advisory). */
export const NEW_TAB = '(opens in a new tab)';

/** The store address's path, or null while unknown or when the restaurant has none yet. */
export function useStoreLink(restaurantId: number | null) {
  const [state, send] = useMachine(storeLinkMachine, { input: { restaurantId } });
  // The restaurant chosen in an administrator's header changes under the frame.
  useRestaurantChanged(send, restaurantId);
  const refresh = useCallback(() => send({ type: 'storeLink.refresh' }), [send]);
  const { slug, clock } = state.context;
  return { href: slug ? `/${slug}` : null, refresh, clock };
}

/** What the Store screen calls once a new store address is saved. */
const StoreLinkRefresh = createContext<() => void>(() => {});
export const StoreLinkRefreshProvider = StoreLinkRefresh.Provider;
export const useStoreLinkRefresh = () => useContext(StoreLinkRefresh);

/** The link's words: its visible name, the new tab said to screen readers, and the icon. */
export function ViewStoreLabel() {
  return (
    <>
      {VIEW_STORE}
      <VisuallyHidden> {NEW_TAB}</VisuallyHidden>
    </>
  );
}

export const ViewStoreIcon = () => <ExternalLinkIcon size={16} />;
