import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Container, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Suspense, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { navigationBase } from '../../components/navigation-base';
import { PageLoader } from '../../components/page-loader';
import { SiteFrame } from '../../components/site-frame';
import { savedStepsOf } from '../../machines/onboarding/onboarding-steps';
import { onboardingStatusMachine } from '../../machines/onboarding/onboarding-status.machine';
import { RequireSession } from '../shared/require-session.view';
import { useSession } from '../shared/session-context';
import { SavedOnOpenContext } from './onboarding-rail';
import classes from './onboarding.module.css';

function StatusCheck({ restaurantId, children, machine }: { restaurantId: string; children: ReactNode; machine: typeof onboardingStatusMachine }) {
  const [state, send] = useMachine(machine, { input: { restaurantId } });
  const { user } = useSession();
  // The base-path rule's third clause: outside both back offices, superadmins go to /admin.
  if (state.hasTag('launched')) return <Redirect to={`~/${navigationBase(window.location.pathname, user)}`} replace />;
  if (state.hasTag('failed')) {
    return (
      <Alert color="red" title="Couldn't open this onboarding" my="xl">
        <Text size="sm" mb="sm">
          {state.context.error}
        </Text>
        <Button size="sm" variant="default" onClick={() => send({ type: 'status.retry' })}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (state.hasTag('loading')) return <PageLoader />;
  const progress = state.context.status?.progress;
  const saved = progress ? savedStepsOf(progress) : [];
  return <SavedOnOpenContext.Provider value={saved}>{children}</SavedOnOpenContext.Provider>;
}

/**
 * The header's right-hand side. Sign out ends the session as the back office's does (the session
 * machine revokes the tokens and sends the person to /login); an owner may stop half-way and
 * hand the device over.
 */
function HeaderAside() {
  const { signOut } = useSession();
  return (
    <div className={classes.headerAside}>
      <Text size="sm" c="dimmed" className={classes.headerNote} visibleFrom="xs">
        Restaurant setup
      </Text>
      <Button variant="default" size="sm" onClick={signOut}>
        Sign out
      </Button>
    </div>
  );
}

/** The signed-in frame of /onboard/:rid/*: the session guard, the launched check and the header (the step draws the rail). */
export function OnboardingShell({
  restaurantId,
  children,
  machine = onboardingStatusMachine,
}: {
  restaurantId: string;
  children: ReactNode;
  machine?: typeof onboardingStatusMachine;
}) {
  return (
    <RequireSession>
      <SiteFrame compact size="md" homeHref="~/" mainClassName={classes.main} aside={<HeaderAside />}>
        <Container size="md" px={{ base: 12, xs: 'md' }}>
          <StatusCheck restaurantId={restaurantId} machine={machine}>
            <Suspense fallback={<PageLoader />}>{children}</Suspense>
          </StatusCheck>
        </Container>
      </SiteFrame>
    </RequireSession>
  );
}
