import { ONBOARDING_STEPS, type OnboardingStep } from '#src/machines/onboarding/onboarding-steps';

/**
 * The step the onboarding machine is on (its top-level state), or null while idle or done: how
 * the tests read where the chart is. The view reads `context.step` instead.
 */
export function machineStep(value: unknown): OnboardingStep | null {
  const top = typeof value === 'object' && value !== null ? Object.keys(value)[0] : value;
  return (ONBOARDING_STEPS as readonly unknown[]).includes(top) ? (top as OnboardingStep) : null;
}
