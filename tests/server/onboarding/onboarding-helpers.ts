import { onboardingApi, ownerFactory } from '../../fixtures/onboarding/requests';
import { testAppForFile, type TestApp } from '../test-app';

export type OnboardingClient = ReturnType<typeof onboardingApi>;
/** Makes a new owner with a started onboarding at each call. */
export type OwnerFactory = ReturnType<typeof ownerFactory>;

/**
 * The set-up the onboarding test files open with: one server for the file (started before its
 * tests, closed after them), its client, and a maker of new owners whose addresses start with
 * `label`, all usable once the tests run (testAppForFile).
 */
export function onboardingAppForFile(label: string): { t: TestApp; api: OnboardingClient; owner: OwnerFactory } {
  const t = testAppForFile();
  const api = onboardingApi(t);
  return { t, api, owner: ownerFactory(t, api, label) };
}
