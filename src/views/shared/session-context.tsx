import { createContext, useContext } from 'react';
import type { CurrentUser } from '../../../contracts/shared/session';

export type Session = {
  user: CurrentUser;
  signOut: () => void;
  /** Staff and superadmins: the restaurant they work on (null: none). The user updates when the server has stored it. */
  chooseRestaurant: (restaurantId: number | null) => void;
  /** True while a choice is on its way to the server. */
  choosing: boolean;
  /** Why the last choice failed; null otherwise. */
  chooseError: string | null;
};

const SessionContext = createContext<Session | null>(null);
export const SessionProvider = SessionContext.Provider;

/** The signed-in user of the guarded areas; only usable inside <RequireSession>. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() outside <RequireSession>');
  return session;
}

export const isAdmin = (user: Pick<CurrentUser, 'is_staff' | 'is_superadmin'>): boolean => user.is_staff || user.is_superadmin;

/**
 * Labels a menu row with its restaurant ("Platform library" for rows of none), or null when the
 * row needs none. Provided by the back office for administrators only: working across
 * restaurants every row is labelled; with a restaurant chosen only the library's rows, which
 * would otherwise look like the restaurant's own (issue 27).
 */
export type RestaurantLabeller = (restaurantId: number | null) => string | null;

const RestaurantLabelsContext = createContext<RestaurantLabeller | null>(null);
export const RestaurantLabelsProvider = RestaurantLabelsContext.Provider;

/** Null when no row needs a restaurant label (an owner). */
export const useRestaurantLabels = (): RestaurantLabeller | null => useContext(RestaurantLabelsContext);
