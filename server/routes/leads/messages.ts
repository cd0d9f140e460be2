import type { FastifyInstance } from 'fastify';
import { MessageCreate } from '../../../contracts/leads';
import { LEGACY_BASE, paths } from '../../../contracts/shared/paths';
import { runIdempotent } from '../../domain/shared/idempotency';
import { createSignupMessage } from '../../domain/leads/messages';
import type { AppContext } from '../../app-context';

export async function messageRoutes(app: FastifyInstance, context: AppContext) {
  const { database, clock, config } = context;

  app.post<{ Body: MessageCreate }>(
    `${LEGACY_BASE}${paths.messages}`,
    {
      schema: { body: MessageCreate },
      config: { rateLimit: { max: config.signupLimitPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const answer = await runIdempotent(
        database.db,
        { scope: `POST ${LEGACY_BASE}${paths.messages}`, key: Array.isArray(key) ? key[0] : key, payload: request.body },
        async (tx) => {
          const message = await createSignupMessage(
            tx,
            { ...request.body, userAgent: request.headers['user-agent'] },
            { perEmailPerHour: config.signupLimitPerEmailPerHour },
            clock(),
          );
          return { statusCode: 201, body: message };
        },
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(answer.statusCode).send(answer.body);
    },
  );
}
