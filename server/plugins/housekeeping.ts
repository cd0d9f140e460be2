import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context';
import { purgeExpiredIdempotencyKeys } from '../domain/shared/idempotency';

const PURGE_EVERY_MS = 3_600_000;

/** Periodic clean-up of stored rows that have outlived their use (expired idempotency keys). */
async function housekeepingPlugin(app: FastifyInstance, { database, clock }: AppContext) {
  const purge = () =>
    purgeExpiredIdempotencyKeys(database.db, clock())
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'expired idempotency keys removed');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'idempotency key purge failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    void purge();
    timer = setInterval(purge, PURGE_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(housekeepingPlugin, { name: 'housekeeping' });
