import { createContext, useContext } from 'react';
import type { CurrentUser } from '../../../contracts/auth';

export type Session = { user: CurrentUser; signOut: () => void };

const SessionContext = createContext<Session | null>(null);
export const SessionProvider = SessionContext.Provider;

/** The signed-in user of the guarded areas; only usable inside <RequireSession>. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() outside <RequireSession>');
  return session;
}

export const isAdmin = (user: Pick<CurrentUser, 'is_staff' | 'is_superadmin'>): boolean => user.is_staff || user.is_superadmin;
