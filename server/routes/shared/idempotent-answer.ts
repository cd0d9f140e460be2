import type { FastifyReply, FastifyRequest } from 'fastify';
import { refusal } from '../../../contracts/shared/answers';
import type { IdempotentAnswer } from '../../domain/shared/idempotency';

/** What an idempotent POST may answer beside its own answers (docs/architecture.md, "Idempotent POSTs"). */
export const IDEMPOTENT_REFUSALS = {
  409: refusal('The Idempotency-Key was used before with another body.'),
} as const;

/** The Idempotency-Key header's value (the first one, should a client send several). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return Array.isArray(key) ? key[0] : key;
}

/** Sends a stored or fresh answer; a replay says so in `Idempotent-Replayed`. */
export function sendIdempotent(reply: FastifyReply, answer: IdempotentAnswer) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.statusCode).send(answer.body);
}
