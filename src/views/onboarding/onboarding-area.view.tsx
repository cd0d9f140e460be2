import { useMachine } from '@xstate/react';
import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { labelsInError } from '../../components/form-errors';
import { useLocation } from 'wouter';
import { machineStep, onboardingMachine, type OnboardingMachine } from '../../machines/onboarding/onboarding.machine';
import { stepBefore, type FormStep, type OnboardingStep as Step } from '../../machines/onboarding/onboarding-steps';
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

const PHASES: readonly FramePhase[] = ['loading', 'editing', 'saving', 'saveFailed', 'uploading'];

function phaseOf(value: unknown): FramePhase {
  const sub = typeof value === 'object' && value !== null ? Object.values(value)[0] : undefined;
  if (sub === 'failed') return 'loadFailed';
  return PHASES.includes(sub as FramePhase) ? (sub as FramePhase) : 'loading';
}

/**
 * The entry of the onboarding chunk (/onboard/:rid/<step>), lazily loaded by app.tsx. The
 * address names the step: a new address opens that step in the machine; when the machine moves
 * on by itself (Next, Skip, Back), the address follows. Launched, it leaves for / for good.
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
  const [state, send] = useMachine(machine, { input: { restaurantId, host: window.location.host, savedSteps: savedOnOpen } });
  const [, navigate] = useLocation();
  const current = machineStep(state.value);
  const previous = useRef(current);

  useEffect(() => {
    send({ type: 'step.open', step });
  }, [send, step]);

  useEffect(() => {
    const before = previous.current;
    previous.current = current;
    if (current === null || current === before) return;
    if (current !== step) navigate(`/${current}`);
    // A new step starts at the top, the rail in view; its heading has taken the focus
    // (StepHeading). Not on the first step shown, which the page load put at the top.
    if (before !== null) window.scrollTo?.({ top: 0 });
  }, [current, step, navigate]);

  const done = state.matches('done');
  useEffect(() => {
    if (done) navigate('~/', { replace: true });
  }, [done, navigate]);

  if (current === null) return null;
  const { context } = state;
  const back = () => {
    if (stepBefore(current) !== null) {
      send({ type: 'step.back' });
      return;
    }
    // The first step's Back leaves the onboarding for the page before it, else the home page.
    const before = pageBeforeOnboarding(restaurantId);
    if (before) window.navigation.traverseTo(before.key);
    else navigate('~/');
  };

  const rail = <OnboardingRail saved={context.savedSteps} />;
  if (current === 'launch') {
    return (
      <>
        {rail}
        <LaunchPanel
          launching={state.matches({ launch: 'launching' })}
          refusal={state.matches({ launch: 'failed' }) ? context.error : null}
          unsavedSteps={context.unsavedSteps ?? []}
          onBack={back}
          onLaunch={() => send({ type: 'onboarding.launch' })}
        />
      </>
    );
  }

  const phase = phaseOf(state.value);
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
