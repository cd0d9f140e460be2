import { ComingSoon } from '../../components/coming-soon';

export type OnboardingStep = 'location' | 'about' | 'delivery' | 'hours' | 'additional' | 'contacts' | 'launch';

/** The entry of the onboarding chunk (/onboard/:rid/<step>), lazily loaded by app.tsx. */
export function OnboardingArea(_props: { restaurantId: string; step: OnboardingStep }) {
  return <ComingSoon area="Restaurant onboarding" />;
}
