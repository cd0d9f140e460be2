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
 * Labels each menu row with its restaurant ("Platform library" for rows of none); provided by the
 * back office only while an administrator works across restaurants, so lists show it only then.
 */
export type RestaurantLabeller = (restaurantId: number | null) => string;

const RestaurantLabelsContext = createContext<RestaurantLabeller | null>(null);
export const RestaurantLabelsProvider = RestaurantLabelsContext.Provider;

/** Null when rows need no restaurant label (an owner, or an administrator with a restaurant chosen). */
export const useRestaurantLabels = (): RestaurantLabeller | null => useContext(RestaurantLabelsContext);
