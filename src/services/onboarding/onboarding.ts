import { validate, type Struct } from 'superstruct';
import { OnboardingStatus } from '../../../contracts/onboarding';
import { LaunchResponse, ONBOARDING_STEP_BODIES, type OnboardingStepAnswers, type OnboardingStepName } from '../../../contracts/onboarding';
import { paths } from '../../../contracts/shared/paths';
import { IMAGE_BOUNDS } from '../../../contracts/shared/upload';
import { api } from '../shared/api';
import { UnexpectedAnswerError } from '../shared/http-common';
import { uploadImage } from '../shared/upload';

/** GET /onboarding/{id}/status/: progress per step; another owner's id answers 404. */
export function fetchOnboardingStatus(restaurantId: string): Promise<OnboardingStatus> {
  return api.get(paths.onboarding.status(restaurantId), { struct: OnboardingStatus });
}

/**
 * Checks a step's answer against the step's contract. A step never saved answers its defaults,
 * whose required fields are still empty, so the form rules (refinements) may fail on an honest
 * answer; only a wrong shape (a missing field, a field of the wrong type) is refused.
 */
function checkStepAnswer<S extends OnboardingStepName>(step: S, value: unknown, where: string): OnboardingStepAnswers[S] {
  const struct = ONBOARDING_STEP_BODIES[step] as unknown as Struct<OnboardingStepAnswers[S], unknown>;
  const [error, result] = validate(value, struct, { coerce: true });
  if (!error) return result;
  const wrongShape = error.failures().filter((failure) => failure.refinement === undefined);
  if (wrongShape.length === 0) return value as OnboardingStepAnswers[S];
  const problems = wrongShape.slice(0, 3).map((failure) => `${failure.path.join('.') || 'body'}: ${failure.message}`);
  throw new UnexpectedAnswerError(where, problems.join('; '));
}

/** GET /onboarding/{id}/{step}/: what was saved, or the step's defaults when nothing was. */
export async function loadOnboardingStep<S extends OnboardingStepName>(restaurantId: string, step: S): Promise<OnboardingStepAnswers[S]> {
  const path = paths.onboarding.step(restaurantId, step);
  return checkStepAnswer(step, await api.get(path), `GET ${path}`);
}

/** PUT /onboarding/{id}/{step}/ with every field of the step; answers what was stored. */
export async function saveOnboardingStep<S extends OnboardingStepName>(restaurantId: string, step: S, body: unknown): Promise<OnboardingStepAnswers[S]> {
  const path = paths.onboarding.step(restaurantId, step);
  return checkStepAnswer(step, await api.put(path, body), `PUT ${path}`);
}

/** POST /onboarding/{id}/launch/: refused (with what is missing) until location and about are saved. */
export function launchOnboarding(restaurantId: string): Promise<LaunchResponse> {
  return api.post(paths.onboarding.launch(restaurantId), undefined, { struct: LaunchResponse });
}

/** The logo, re-encoded by the server to fit 512×512 (spec section 9); answers its address. */
export async function uploadLogo(file: File | Blob): Promise<string> {
  return (await uploadImage(file, IMAGE_BOUNDS.logo)).url;
}
