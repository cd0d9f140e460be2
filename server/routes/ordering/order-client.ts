import { createHmac } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * Who places a public order, as far as an anonymous client can be told apart: its address
 * (request.ip, read through TRUST_PROXY's proxies only), an IPv6 one by its /64 as the rate
 * limits count it, so a phone whose temporary address changes between retries is still itself.
 */
const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

const slugOf = (request: FastifyRequest) => (request.params as { slug?: string }).slug ?? '';

/** The order limit's counter: one per client address and store, so orders on one store leave another's budget alone. */
export const orderLimitKey = (request: FastifyRequest) => `${clientAddress(request)} ${slugOf(request)}`;

/** The quote limit's counter: the same client and store, counted apart from its orders (a Redis store shares one namespace). */
export const quoteLimitKey = (request: FastifyRequest) => `quote ${orderLimitKey(request)}`;

/**
 * The client's part of the order's idempotency scope (issue 40): a keyed hash of its address, so
 * another client sending the same Idempotency-Key and body never receives this client's order,
 * and no address is stored with the key.
 */
export const clientScope = (clientHashKey: Buffer, request: FastifyRequest) =>
  createHmac('sha256', clientHashKey).update(clientAddress(request)).digest('base64url');
