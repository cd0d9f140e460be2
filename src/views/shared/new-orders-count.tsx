import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { newOrdersMachine, type NewOrdersMachine } from '../../machines/shared/new-orders.machine';
import classes from './backoffice.module.css';
import { useRestaurantChanged } from './restaurant-changed';

/**
 * The count of new orders beside "Orders" in the sidebar (issue 40). The machine asks; this
 * tells it what only the page knows: which restaurant, that another page opened (`path`), and
 * whether the tab is seen.
 */
export function useNewOrdersCount(restaurantId: number | null, path: string, machine: NewOrdersMachine = newOrdersMachine): number {
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
  return state.context.count ?? 0;
}

/** The link's accessible name: "Orders, 3 new", or its label alone with none waiting. */
export const ordersLinkName = (label: string, count: number) => (count > 0 ? `${label}, ${count} new` : label);

/**
 * "Orders" and, beside it, the number waiting. The link's name says both in words ("Orders, 3
 * new"); the visible "Orders 3" is part of it (WCAG 2.5.3), so the space between them is real text.
 */
export function OrdersLabel({ label, count }: { label: string; count: number }) {
  if (count === 0) return label;
  return (
    <span className={classes.ordersLabel}>
      {label}{' '}
      <Badge size="sm" circle={count < 10} color="ember.8" data-testid="new-orders-count">
        {count}
      </Badge>
    </span>
  );
}
