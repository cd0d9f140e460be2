import { fromPromise } from 'xstate';
import type { OnboardingStatus } from '#contracts/onboarding';
import { FORM_STEPS, type FormStep } from '#src/machines/onboarding/onboarding-steps';

/**
 * The onboarding machine's `loadProgress` for test servers: the status as the server answers it,
 * each step saved when the fake server holds an answer for it. `fails` makes the read fail.
 */
export function fakeProgress(saved: () => Partial<Record<FormStep, unknown>>, fails: () => boolean = () => false) {
  return fromPromise<OnboardingStatus, { restaurantId: string }>(async ({ input }) => {
    if (fails()) throw new Error('HTTP 503');
    const progress = Object.fromEntries(FORM_STEPS.map((step) => [step, saved()[step] !== undefined]));
    return { id: Number(input.restaurantId), launched: false, progress: { ...progress, launch: false } as OnboardingStatus['progress'] };
  });
}
