import type { FastifyInstance } from 'fastify';
import { coerce, integer, object, refine, string } from 'superstruct';
import type { OnboardingStartResponse, OnboardingStatus } from '../../contracts/auth';
import { API_BASE, paths } from '../../contracts/paths';
import type { AppContext } from '../app-context';
import { onboardingStatus, startOnboarding } from '../domain/onboarding';
import { HttpError } from '../http-error';
import { signedInUser } from '../plugins/auth';

const INT4_MAX = 2_147_483_647;
/** A restaurant id in a path: a positive whole number that fits the column (else 400, never a database error). */
const IdParams = object({
  id: refine(coerce(integer(), string(), (value) => (/^\d{1,10}$/.test(value) ? Number(value) : Number.NaN)), 'id', (n) =>
    (n >= 1 && n <= INT4_MAX) || 'Expected a restaurant id.'),
});

export async function onboardingRoutes(app: FastifyInstance, context: AppContext) {
  const db = context.database.db;

  app.post(`${API_BASE}${paths.onboarding.start}`, { preHandler: app.requireUser }, async (request) => {
    const user = signedInUser(request);
    return (await db.transaction((tx) => startOnboarding(tx, user.id))) satisfies OnboardingStartResponse;
  });

  app.get<{ Params: { id: number } }>(
    `${API_BASE}${paths.onboarding.status(':id')}`,
    { schema: { params: IdParams }, preHandler: app.requireUser },
    async (request) => {
      const status = await onboardingStatus(db, request.params.id, signedInUser(request).id);
      if (!status) throw new HttpError(404, 'not_found', 'Onboarding not found.');
      return status satisfies OnboardingStatus;
    },
  );
}
