import { onboardingApi, ownerFactory } from '../../fixtures/onboarding/requests';
import { createTestApp, type TestApp } from '../test-app';

export type OnboardingClient = ReturnType<typeof onboardingApi>;
/** Makes a new owner with a started onboarding at each call. */
export type OwnerFactory = ReturnType<typeof ownerFactory>;

/**
 * The set-up the onboarding test files open with: one server for the file, its client, and a
 * maker of new owners whose addresses start with `label`.
 */
export async function onboardingTestApp(label: string): Promise<{ t: TestApp; api: OnboardingClient; owner: OwnerFactory }> {
  const t = await createTestApp();
  const api = onboardingApi(t);
  return { t, api, owner: ownerFactory(t, api, label) };
}
