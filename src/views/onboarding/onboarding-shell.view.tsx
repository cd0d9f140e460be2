import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Container, Stepper, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Suspense, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { onboardingStatusMachine } from '../../machines/onboarding-status.machine';
import { PRODUCT_NAME } from '../../theme';
import { RequireSession } from '../session/require-session.view';

/** Spec section 2: the rail's seven steps, in order. */
export const ONBOARDING_STEPS = [
  { step: 'location', label: 'Location' },
  { step: 'about', label: 'About' },
  { step: 'delivery', label: 'Delivery' },
  { step: 'hours', label: 'Hours' },
  { step: 'additional', label: 'Additional' },
  { step: 'contacts', label: 'Contacts' },
  { step: 'launch', label: 'Launch' },
] as const;

function Rail() {
  // Inside the nested /onboard/:rid router, the location is the step itself.
  const [location] = useLocation();
  const active = ONBOARDING_STEPS.findIndex(({ step }) => location === `/${step}`);
  return (
    <Stepper active={Math.max(active, 0)} size="sm" iconSize={28} allowNextStepsSelect={false} aria-label="Onboarding steps">
      {ONBOARDING_STEPS.map(({ step, label }) => (
        <Stepper.Step key={step} label={label} />
      ))}
    </Stepper>
  );
}

function StatusCheck({ restaurantId, children, machine }: { restaurantId: string; children: ReactNode; machine: typeof onboardingStatusMachine }) {
  const [state, send] = useMachine(machine, { input: { restaurantId } });
  if (state.matches('launched')) return <Redirect to="~/backoffice" replace />;
  if (state.matches('failed')) {
    return (
      <Alert color="red" title="Couldn't open this onboarding" my="xl">
        <Text size="sm" mb="sm">{state.context.error}</Text>
        <Button size="sm" variant="default" onClick={() => send({ type: 'status.retry' })}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (state.matches('loading')) return <PageLoader />;
  return <>{children}</>;
}

/** The signed-in frame of /onboard/:rid/*: the session guard, the launched check and the rail. */
export function OnboardingShell({
  restaurantId,
  children,
  machine = onboardingStatusMachine,
}: { restaurantId: string; children: ReactNode; machine?: typeof onboardingStatusMachine }) {
  return (
    <RequireSession>
      <Container size="lg" py="lg">
        <Text fw={800} size="lg" mb="md" c="ember.7">
          {PRODUCT_NAME}
        </Text>
        <StatusCheck restaurantId={restaurantId} machine={machine}>
          <Rail />
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </StatusCheck>
      </Container>
    </RequireSession>
  );
}
