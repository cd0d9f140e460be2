import { OnboardingStatus } from '../../contracts/auth';
import { paths } from '../../contracts/paths';
import { api } from './api';

/** GET /onboarding/{id}/status/: progress per step; another owner's id answers 404. */
export function fetchOnboardingStatus(restaurantId: string): Promise<OnboardingStatus> {
  return api.get(paths.onboarding.status(restaurantId), { struct: OnboardingStatus });
}
