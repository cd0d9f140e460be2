import { useMachine } from '@xstate/react';
import { useContext, useEffect, type ReactNode } from 'react';
import { labelsInError } from '../../components/form-errors';
import { useLocation } from 'wouter';
import { onboardingMachine, type OnboardingMachine } from '../../machines/onboarding/onboarding.machine';
import type { FormStep, OnboardingStep as Step } from '../../machines/onboarding/onboarding-steps';
import { useScreen } from '../shared/use-screen';

/** Where Launch leads: an owner's back office (onboarding is an owner's), at its dashboard. */
export const LAUNCHED_HOME = '/backoffice/dashboard';
import { AboutFields } from './onboarding-about.view';
import { AdditionalFields } from './onboarding-additional.view';
import { ContactsFields } from './onboarding-contacts.view';
import { DeliveryFields } from './onboarding-delivery.view';
import { HoursFields } from './onboarding-hours.view';
import { LaunchPanel } from './onboarding-launch.view';
import { pageBeforeOnboarding } from './onboarding-exit';
import { FIELD_ORDER } from './onboarding-labels';
import { LocationFields } from './onboarding-location.view';
import { OnboardingRail, SavedOnOpenContext } from './onboarding-rail';
import { StepFrame, type FramePhase } from './onboarding-step-frame';

export type OnboardingStep = Step;

/** Each form step's heading and the line under it. */
const STEP_TEXT: Record<FormStep, { title: string; intro: string }> = {
  location: { title: 'Where is your restaurant?', intro: 'Guests and drivers find you here. We also use it to show you in your city.' },
  about: { title: 'About your restaurant', intro: 'Your name, a short description, your store address and your logo.' },
  delivery: { title: 'Delivery and pickup', intro: 'How guests get their food, where you deliver, and what it costs them.' },
  hours: { title: 'Opening hours', intro: 'When guests can order. You can change these any time.' },
  additional: { title: 'What makes you special', intro: 'Pick everything that describes your place; guests filter by these.' },
  contacts: { title: 'How to reach you', intro: 'Phone numbers and an email for guests and for us.' },
};

/** The frame's phase is the tag the machine's state carries (loading until a step has one). */
const PHASES: readonly FramePhase[] = ['loading', 'loadFailed', 'editing', 'saving', 'saveFailed', 'uploading'];

/**
 * The entry of the onboarding chunk (/onboard/:rid/<step>), lazily loaded by app.tsx. The
 * address names the step: a new address opens that step in the machine. What the screen does
 * when the machine moves (the address follows Next, Skip and Back; a new step starts at the
 * top; the first step's Back and the launch leave) the machine emits, and `useScreen` does.
 */
export function OnboardingArea({
  restaurantId,
  step,
  machine = onboardingMachine,
}: {
  restaurantId: string;
  step: OnboardingStep;
  /** Tests pass the machine with its actors replaced. */
  machine?: OnboardingMachine;
}) {
  const savedOnOpen = useContext(SavedOnOpenContext);
  const [state, send, actor] = useMachine(machine, { input: { restaurantId, host: window.location.host, savedSteps: savedOnOpen } });
  const [, navigate] = useLocation();

  useScreen(actor, {
    'screen.navigate': ({ to }) => navigate(`/${to}`),
    'screen.top': () => window.scrollTo?.({ top: 0 }),
    // The first step's Back leaves the onboarding for the page before it, else the home page.
    'screen.exit': () => {
      const before = pageBeforeOnboarding(restaurantId);
      if (before) window.navigation.traverseTo(before.key);
      else navigate('~/');
    },
    // Launched: into the back office, whose dashboard asks for a menu while there is none (issue 40).
    'screen.leave': () => navigate(`~${LAUNCHED_HOME}`, { replace: true }),
  });

  useEffect(() => {
    send({ type: 'step.open', step });
  }, [send, step]);

  const { context } = state;
  const current = context.step;
  if (current === null) return null;
  const back = () => send({ type: 'step.back' });

  const rail = <OnboardingRail saved={context.savedSteps} />;
  if (current === 'launch') {
    return (
      <>
        {rail}
        <LaunchPanel
          launching={state.hasTag('launching')}
          refusal={state.hasTag('launchFailed') ? context.error : null}
          unsavedSteps={context.unsavedSteps ?? []}
          onBack={back}
          onLaunch={() => send({ type: 'onboarding.launch' })}
        />
      </>
    );
  }

  const phase = PHASES.find((tag) => state.hasTag(tag)) ?? 'loading';
  const shared = { errors: context.fieldErrors, send };
  const fields = {
    location: () => <LocationFields form={context.forms.location} {...shared} />,
    about: () => <AboutFields form={context.forms.about} {...shared} host={context.host} uploading={phase === 'uploading'} logoError={context.logoError} />,
    delivery: () => <DeliveryFields form={context.forms.delivery} {...shared} />,
    hours: () => <HoursFields form={context.forms.hours} {...shared} />,
    additional: () => <AdditionalFields form={context.forms.additional} {...shared} />,
    contacts: () => <ContactsFields form={context.forms.contacts} {...shared} />,
  } satisfies Record<FormStep, () => ReactNode>;

  return (
    <>
      {rail}
      <StepFrame
        {...STEP_TEXT[current]}
        phase={phase}
        error={context.error}
        fieldsToFix={labelsInError(context.fieldErrors, FIELD_ORDER[current])}
        fromDraft={context.fromDraft}
        onBack={back}
        onSkip={() => send({ type: 'step.skip' })}
        onNext={() => send({ type: 'step.next' })}
        onRetry={() => send({ type: 'step.retry' })}
      >
        {fields[current]()}
      </StepFrame>
    </>
  );
}
