import type { FastifyReply, FastifyRequest } from 'fastify';
import { oneAtATime } from '../../domain/shared/one-at-a-time';

/**
 * Route hooks for a request that may write 500 rows (issue 28): one such request works at a time
 * per server, from its body's check to its answer, so health and other callers wait for at most
 * one of them, not for all that arrived together. Put `take` after the sign-in guard (anonymous
 * calls never queue) and `give` on onResponse.
 */
export function takingTurns() {
  const turn = oneAtATime();
  const held = new WeakMap<FastifyRequest, () => void>();
  return {
    take: async (request: FastifyRequest, reply: FastifyReply) => {
      const release = await turn();
      held.set(request, release);
      // A connection closed before the answer must not keep the turn for good.
      reply.raw.once('close', release);
    },
    // Sent or failed, refused or written: the next one goes (releasing twice does nothing).
    give: async (request: FastifyRequest) => held.get(request)?.(),
  };
}
