/**
 * The onboarding's seven steps in order (spec sections 2 and 4). The route table, the rail and
 * the flow machine all read this one list, so they cannot disagree about the order.
 */
export const ONBOARDING_STEPS = ['location', 'about', 'delivery', 'hours', 'additional', 'contacts', 'launch'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** The six steps that load and save a form; launch only launches. */
export const FORM_STEPS = ['location', 'about', 'delivery', 'hours', 'additional', 'contacts'] as const;
export type FormStep = (typeof FORM_STEPS)[number];

export const STEP_LABELS: Record<OnboardingStep, string> = {
  location: 'Location',
  about: 'About',
  delivery: 'Delivery',
  hours: 'Hours',
  additional: 'Additional',
  contacts: 'Contacts',
  launch: 'Launch',
};

/** Where Next and Skip lead (spec section 2: delivery's Skip goes to hours, hours' to additional). */
export function stepAfter(step: FormStep): OnboardingStep {
  return ONBOARDING_STEPS[ONBOARDING_STEPS.indexOf(step) + 1]!;
}

/** Where Back leads; the first step has none. */
export function stepBefore(step: OnboardingStep): OnboardingStep | null {
  const index = ONBOARDING_STEPS.indexOf(step);
  return index > 0 ? ONBOARDING_STEPS[index - 1]! : null;
}

/** The form steps a status's `progress` says the server holds an answer for, in order. */
export const savedStepsOf = (progress: Readonly<Record<FormStep, boolean>>): FormStep[] => FORM_STEPS.filter((step) => progress[step]);
