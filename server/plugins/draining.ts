import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '../../contracts/shared/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops taking work: from now on every request is answered 503 with `Connection: close`.
     * Resolves true once the requests already taken have finished, false if `graceMs` passes first.
     */
    drain: (graceMs: number) => Promise<boolean>;
  }
}

const SHUTTING_DOWN: ApiErrorBody = { detail: 'The server is restarting. Please try again shortly.', code: 'shutting_down' };

/**
 * The first half of a graceful shutdown (server/shutdown.ts does the rest). While draining the
 * server keeps its connections: a request on a kept-alive connection, or on a new one while the
 * balancer has not yet noticed, gets a clear 503 and the connection is closed after that answer,
 * instead of the connection being reset under a request already on its way.
 */
async function drainingPlugin(app: FastifyInstance) {
  let draining = false;
  let inFlight = 0;
  let onIdle: (() => void) | undefined;

  const taken = new WeakSet<FastifyRequest>();
  const done = async (request: FastifyRequest) => {
    if (!taken.delete(request)) return;
    inFlight -= 1;
    if (inFlight === 0) onIdle?.();
  };

  app.addHook('onRequest', async (request, reply) => {
    if (draining) {
      return reply
        .code(503)
        .headers({ connection: 'close', 'retry-after': '5' })
        .type('application/json; charset=utf-8')
        .send(SHUTTING_DOWN);
    }
    inFlight += 1;
    taken.add(request);
    return undefined;
  });
  // Whichever comes first: the answer sent, or the client gone before it was.
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);

  // A request taken before the shutdown began still gets its answer, and then its connection closes.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  app.decorate('drain', (graceMs: number) => {
    draining = true;
    if (inFlight === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), graceMs);
      onIdle = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
  });
}

export default fp(drainingPlugin, { name: 'draining' });
