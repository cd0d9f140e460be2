import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Text.css';
import { Alert, Box, Button, Container, Progress, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Suspense, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { navigationBase } from '../../components/navigation-base';
import { PageLoader } from '../../components/page-loader';
import { SiteFrame } from '../../components/site-frame';
import { ONBOARDING_STEPS, STEP_LABELS } from '../../machines/onboarding/onboarding-steps';
import { onboardingStatusMachine } from '../../machines/onboarding/onboarding-status.machine';
import { RequireSession } from '../shared/require-session.view';
import { useSession } from '../shared/session-context';
import { CheckIcon } from './onboarding-icons';
import classes from './onboarding.module.css';

/**
 * The rail (spec section 2): the seven steps with the current one highlighted. From 48em the
 * full stepper; on phones, where seven labels cannot fit, "Step 3 of 7 · Delivery" and a bar.
 */
function Rail() {
  // Inside the nested /onboard/:rid router, the location is the step itself.
  const [location] = useLocation();
  const active = Math.max(
    ONBOARDING_STEPS.findIndex((step) => location === `/${step}`),
    0,
  );
  const position = `Step ${active + 1} of ${ONBOARDING_STEPS.length}`;
  return (
    <nav aria-label="Onboarding steps" className={classes.rail}>
      {/* A list, not buttons: the steps are reached with Next, Skip and Back. */}
      <Box component="ol" visibleFrom="sm" className={classes.railSteps}>
        {ONBOARDING_STEPS.map((step, index) => (
          <li
            key={step}
            className={classes.railStep}
            data-state={index < active ? 'before' : index === active ? 'current' : 'after'}
            aria-current={index === active ? 'step' : undefined}
          >
            <span className={classes.railMark} aria-hidden="true">
              {index < active ? <CheckIcon size={14} /> : index + 1}
            </span>
            <span className={classes.railLabel}>{STEP_LABELS[step]}</span>
          </li>
        ))}
      </Box>
      <Box hiddenFrom="sm">
        <div className={classes.railCompact}>
          <Text fw={700} size="sm">
            {position} · {STEP_LABELS[ONBOARDING_STEPS[active]!]}
          </Text>
        </div>
        <Progress value={((active + 1) / ONBOARDING_STEPS.length) * 100} size="sm" radius="xl" aria-label={position} />
      </Box>
    </nav>
  );
}

function StatusCheck({ restaurantId, children, machine }: { restaurantId: string; children: ReactNode; machine: typeof onboardingStatusMachine }) {
  const [state, send] = useMachine(machine, { input: { restaurantId } });
  const { user } = useSession();
  // The base-path rule's third clause: outside both back offices, superadmins go to /admin.
  if (state.matches('launched')) return <Redirect to={`~/${navigationBase(window.location.pathname, user)}`} replace />;
  if (state.matches('failed')) {
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
  if (state.matches('loading')) return <PageLoader />;
  return <>{children}</>;
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

/** The signed-in frame of /onboard/:rid/*: the session guard, the launched check, the header and the rail. */
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
            <Rail />
            <Suspense fallback={<PageLoader />}>{children}</Suspense>
          </StatusCheck>
        </Container>
      </SiteFrame>
    </RequireSession>
  );
}
