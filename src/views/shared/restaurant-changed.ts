import { useEffect } from 'react';

/** The event by which a screen's machine learns which restaurant it shows. */
export type RestaurantChanged = { type: 'restaurant.changed'; restaurantId: number | null };

/**
 * Tells a screen's machine the restaurant it is about whenever that changes under the frame (an
 * administrator picks another one in the header). A prop passed on as an event, not an effect of
 * a state reached: the machine decides what a new restaurant means (reload, clear, nothing).
 */
export function useRestaurantChanged(send: (event: RestaurantChanged) => void, restaurantId: number | null): void {
  useEffect(() => {
    send({ type: 'restaurant.changed', restaurantId });
  }, [restaurantId, send]);
}
