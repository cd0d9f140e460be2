import { Readable } from 'node:stream';
import { LEGACY_BASE, paths } from '../../../contracts/shared/paths';
import { json, textFile } from '../../../contracts/shared/answers';
import { SurveyCreated, SurveyListQuery, SurveyResponseCreate, SurveyResponsePage, type SurveyPage } from '../../../contracts/survey';
import type { AppContext } from '../../app-context';
import { csvAttachment } from '../../domain/shared/csv';
import { submitSurveyResponse, surveyCsvLines, surveyPage } from '../../domain/survey/survey';
import { IDEMPOTENT_REFUSALS, idempotencyKeyOf, sendIdempotent } from '../shared/idempotent-answer';
import type { ContractApp } from '../../plugins/contract-types';

const PATH = `${LEGACY_BASE}${paths.surveys}`;

export async function surveyRoutes(app: ContractApp, options: AppContext) {
  const { database, clock, config } = options;

  // Public: anyone may answer, so each client address gets the same small budget as the
  // landing sign-up (a person sends one survey; a script sending hundreds is refused with 429).
  app.post(
    PATH,
    {
      schema: {
        body: SurveyResponseCreate,
        response: { 201: json(SurveyCreated, 'The survey is stored (a retried Idempotency-Key answers the first answer again).'), ...IDEMPOTENT_REFUSALS },
      },
      config: { rateLimit: { max: config.signupLimitPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const answer = await submitSurveyResponse(database.db, request.body, {
        idempotencyKey: idempotencyKeyOf(request),
        userAgent: request.headers['user-agent'],
        clock,
      });
      return sendIdempotent(reply, answer);
    },
  );

  app.get(
    PATH,
    // The guard runs before the query is validated, so a stranger learns nothing from error messages.
    {
      schema: { querystring: SurveyListQuery, response: { 200: json(SurveyResponsePage, 'A page of survey answers, newest first.') } },
      preValidation: app.requireAdmin,
    },
    async (request) => (await surveyPage(database.db, request.query)) satisfies SurveyPage,
  );

  // Every answer as a CSV file, streamed batch by batch (administrators only, like the list).
  app.get(
    `${LEGACY_BASE}${paths.surveysExport}`,
    {
      schema: { response: { 200: textFile('text/csv', 'Every survey answer as CSV, as an attachment.') } },
      preValidation: app.requireAdmin,
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', csvAttachment('survey-answers', clock()))
        .send(Readable.from(surveyCsvLines(database.db))),
  );
}
