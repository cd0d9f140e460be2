import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { createContext, useCallback, useContext, useEffect } from 'react';
import { newOrdersMachine, type NewOrdersMachine } from '../../machines/shared/new-orders.machine';
import classes from './backoffice.module.css';
import { useRestaurantChanged } from './restaurant-changed';

/** The sidebar's counts: orders waiting (issue 40) and unread notifications (issue 45); `refresh` asks again at once. */
export type SidebarCounts = { orders: number; notifications: number; refresh: () => void };

/**
 * The counts beside "Orders" and "Notifications" in the sidebar. The machine asks; this tells it
 * what only the page knows: which restaurant, that another page opened (`path`), and whether the
 * tab is seen.
 */
export function useSidebarCounts(restaurantId: number | null, path: string, machine: NewOrdersMachine = newOrdersMachine): SidebarCounts {
  const [state, send] = useMachine(machine, { input: { restaurantId } });
  useRestaurantChanged(send, restaurantId);
  useEffect(() => {
    send({ type: 'newOrders.refresh' });
  }, [path, send]);
  useEffect(() => {
    const seen = () => send({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, [send]);
  const refresh = useCallback(() => send({ type: 'newOrders.refresh' }), [send]);
  return { orders: state.context.count ?? 0, notifications: state.context.unread ?? 0, refresh };
}

/** A count as the sidebar writes it: "99+" past 99, since the server counts unread notifications up to 100. */
const shown = (count: number) => (count > 99 ? '99+' : String(count));

/** The link's accessible name: "Orders, 3 new" or "Notifications, 2 unread", or its label alone at 0. */
export const countedLinkName = (label: string, count: number, what: 'new' | 'unread') => (count > 0 ? `${label}, ${shown(count)} ${what}` : label);

/**
 * A sidebar label and, beside it, its count. The link's name says both in words ("Orders, 3
 * new"); the visible "Orders 3" is part of it (WCAG 2.5.3), so the space between them is real text.
 */
export function CountedLabel({ label, count }: { label: string; count: number }) {
  if (count === 0) return label;
  return (
    <span className={classes.countedLabel}>
      {label}{' '}
      <Badge size="sm" circle={count < 10} color="ember.8">
        {shown(count)}
      </Badge>
    </span>
  );
}

/** What the Notifications screen calls when its unread count changes, so the sidebar's follows at once. */
const SidebarCountsRefresh = createContext<() => void>(() => {});
export const SidebarCountsRefreshProvider = SidebarCountsRefresh.Provider;
export const useSidebarCountsRefresh = () => useContext(SidebarCountsRefresh);
