import { paths } from '../../../contracts/shared/paths';
import { SurveyCreated, SurveyResponseCreate } from '../../../contracts/survey';
import { parseWith } from '../../../contracts/shared/validation';
import { legacy, type LegacyClient } from '../shared/legacy';

/**
 * Sends one operator survey through the older client (time-out, retries). The same
 * Idempotency-Key across a person's repeated presses makes the server store it once.
 */
export async function submitSurvey(answers: SurveyResponseCreate, options: { client?: LegacyClient; idempotencyKey?: string } = {}): Promise<SurveyCreated> {
  const client = options.client ?? legacy;
  return client.post(paths.surveys, parseWith(SurveyResponseCreate, answers), {
    struct: SurveyCreated,
    idempotencyKey: options.idempotencyKey,
  });
}
