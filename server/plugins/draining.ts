import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '../../contracts/shared/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops taking work: from now on every request is answered 503 with `Connection: close`.
     * Resolves true once the requests already taken have finished, false if `graceMs` passes first.
     */
    drain: (graceMs: number) => Promise<boolean>;
    /**
     * Told when draining begins. For answers that never finish on their own (the order board's
     * event streams): they end then, instead of holding the shutdown for its whole grace.
     */
    whenDraining: (listener: () => void) => void;
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
  let onIdle: (() => void) | undefined;
  // The answers still owed, each request with its reply: a map rather than a count, so that
  // draining can mark each one.
  const owed = new Map<FastifyRequest, FastifyReply>();
  const drainListeners: Array<() => void> = [];

  const markClosing = (reply: FastifyReply) => {
    if (!reply.sent) reply.header('connection', 'close');
  };
  const settle = (request: FastifyRequest) => {
    if (!owed.delete(request)) return;
    if (owed.size === 0) onIdle?.();
  };

  // A callback-style hook: it runs on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    if (draining) {
      // Answered here: `done` is not called, so nothing else runs for this request.
      void reply.code(503).headers({ connection: 'close', 'retry-after': '5' }).type('application/json; charset=utf-8').send(SHUTTING_DOWN);
      return;
    }
    owed.set(request, reply);
    // The raw response closes once, whichever comes first: the answer sent, or the client gone.
    // Not the onResponse and onRequestAbort hooks: a client that hangs up after its body arrived
    // but before the answer fires neither, and its entry would stay owed for good (a leak, and
    // a shutdown that waits its whole grace).
    reply.raw.once('close', () => settle(request));
    done();
  });

  app.decorate('whenDraining', (listener: () => void) => {
    drainListeners.push(listener);
  });
  app.decorate('drain', (graceMs: number) => {
    draining = true;
    // A request taken before the shutdown began still gets its answer, and then its connection closes.
    owed.forEach(markClosing);
    for (const listener of drainListeners) listener();
    if (owed.size === 0) return Promise.resolve(true);
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
