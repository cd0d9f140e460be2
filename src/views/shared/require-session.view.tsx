import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { sessionMachine } from '../../machines/shared/session.machine';
import { SessionProvider, isAdmin } from './session-context';

type Props = {
  /** Admin areas: staff or superadmin only; everyone else is sent to /backoffice. */
  admin?: boolean;
  children: ReactNode;
  /** Tests provide a machine with fake actors. */
  machine?: typeof sessionMachine;
};

function loginAddress(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return `~/login?next=${encodeURIComponent(here)}`;
}

/**
 * The sign-in guard (spec section 2): a stored access token and a successful current-user
 * fetch, else /login remembering where the person was; with `admin`, the admin guard too.
 */
export function RequireSession({ admin = false, children, machine = sessionMachine }: Props) {
  const [state, send] = useMachine(machine, { input: undefined }); // the machine asks the token store itself

  if (state.hasTag('ended')) return <Redirect to="~/login" replace />;
  if (state.hasTag('signedOut')) return <Redirect to={loginAddress()} replace />;
  const user = state.context.user;
  if (!state.hasTag('signedIn') || !user) return <PageLoader />;
  if (admin && !isAdmin(user)) return <Redirect to="~/backoffice" replace />;
  const session = {
    user,
    signOut: () => send({ type: 'session.signOut' }),
    chooseRestaurant: (restaurantId: number | null) => send({ type: 'restaurant.choose', restaurantId }),
    choosing: state.hasTag('choosing'),
    chooseError: state.context.chooseError,
  };
  return <SessionProvider value={session}>{children}</SessionProvider>;
}
