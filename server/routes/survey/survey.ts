import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LEGACY_BASE, paths } from '../../../contracts/shared/paths';
import {
  SURVEY_PAGE_SIZE_DEFAULT,
  SurveyListQuery,
  SurveyResponseCreate,
  type SurveyPage,
} from '../../../contracts/survey';
import type { AppContext } from '../../app-context';
import { runIdempotent } from '../../domain/shared/idempotency';
import { createSurveyResponse, listSurveyResponses } from '../../domain/survey/survey';

const PATH = `${LEGACY_BASE}${paths.surveys}`;

/** `?page=&page_size=` of the same listing, or null when there is no such page. */
function pageLink(query: URLSearchParams, page: number | null): string | null {
  if (page === null) return null;
  const next = new URLSearchParams(query);
  next.set('page', String(page));
  return `${PATH}?${next.toString()}`;
}

export async function surveyRoutes(app: FastifyInstance, options: AppContext) {
  const { database, clock, config } = options;

  // Public: anyone may answer, so each client address gets the same small budget as the
  // landing sign-up (a person sends one survey; a script sending hundreds is refused with 429).
  app.post<{ Body: SurveyResponseCreate }>(
    PATH,
    {
      schema: { body: SurveyResponseCreate },
      config: { rateLimit: { max: config.signupLimitPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const answer = await runIdempotent(
        database.db,
        { scope: `POST ${PATH}`, key: Array.isArray(key) ? key[0] : key, payload: request.body },
        async (tx) => ({
          statusCode: 201,
          body: await createSurveyResponse(tx, request.body, request.headers['user-agent'], clock()),
        }),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.get<{ Querystring: SurveyListQuery }>(
    PATH,
    // The guard runs before the query is validated, so a stranger learns nothing from error messages.
    { schema: { querystring: SurveyListQuery }, preValidation: app.requireAdmin },
    async (request: FastifyRequest<{ Querystring: SurveyListQuery }>): Promise<SurveyPage> => {
      const page = request.query.page ?? 1;
      const pageSize = request.query.page_size ?? SURVEY_PAGE_SIZE_DEFAULT;
      const { count, results } = await listSurveyResponses(database.db, { page, pageSize });
      const query = new URLSearchParams({ page_size: String(pageSize) });
      return {
        count,
        next: pageLink(query, page * pageSize < count ? page + 1 : null),
        previous: pageLink(query, page > 1 ? Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize))) : null),
        results,
      };
    },
  );
}
