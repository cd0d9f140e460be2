import { createContext, useContext } from 'react';
import type { Clock } from '../../../contracts/shared/clock-format';

/**
 * The clock of the restaurant the back office works on (its zone and country), from the frame's
 * read of the restaurant (store-link.tsx): times an owner sets or reads, such as a dish sold out
 * until 9:00 PM, are the restaurant's, whatever the zone of the device showing them.
 */
const RestaurantClockContext = createContext<Clock | null>(null);
export const RestaurantClockProvider = RestaurantClockContext.Provider;

/** The device's own zone: the clock while the restaurant's is unknown (none chosen, or not read yet). */
const deviceClock = (): Clock => ({ zone: Intl.DateTimeFormat().resolvedOptions().timeZone, country: null });

/** The restaurant's clock, else the device's. */
export const useRestaurantClock = (): Clock => useContext(RestaurantClockContext) ?? deviceClock();
