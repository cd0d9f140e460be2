import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context';
import { purgeExpiredIdempotencyKeys } from '../domain/shared/idempotency';
import { runOncePerPeriod } from '../domain/shared/once-per-period';

const PURGE_EVERY_MS = 3_600_000;

/**
 * Periodic clean-up of stored rows that have outlived their use (expired idempotency keys). Every
 * process keeps the timer; of several on one database, one purges per period (the others skip).
 */
async function housekeepingPlugin(app: FastifyInstance, { database, clock }: AppContext) {
  const purge = () =>
    runOncePerPeriod(database.db, { name: 'purge-idempotency-keys', periodMs: PURGE_EVERY_MS, now: clock() }, async (tx) => {
      const removed = await purgeExpiredIdempotencyKeys(tx, clock());
      if (removed > 0) app.log.info({ removed }, 'expired idempotency keys removed');
    }).catch((error: unknown) => app.log.warn({ err: error }, 'idempotency key purge failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    void purge();
    timer = setInterval(purge, PURGE_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(housekeepingPlugin, { name: 'housekeeping' });
