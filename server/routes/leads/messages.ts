import type { FastifyInstance } from 'fastify';
import { MessageCreate } from '../../../contracts/leads';
import { LEGACY_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { submitSignupMessage } from '../../domain/leads/messages';
import { idempotencyKeyOf, sendIdempotent } from '../shared/idempotent-answer';

export async function messageRoutes(app: FastifyInstance, context: AppContext) {
  const { database, clock, config } = context;
  const limits = { perEmailPerHour: config.signupLimitPerEmailPerHour };

  app.post<{ Body: MessageCreate }>(
    `${LEGACY_BASE}${paths.messages}`,
    {
      schema: { body: MessageCreate },
      config: { rateLimit: { max: config.signupLimitPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const answer = await submitSignupMessage(database.db, request.body, {
        idempotencyKey: idempotencyKeyOf(request),
        userAgent: request.headers['user-agent'],
        limits,
        clock,
      });
      return sendIdempotent(reply, answer);
    },
  );
}
