import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/** Smaller answers gain less than the headers and CPU cost (health, single rows, errors). */
const THRESHOLD_BYTES = 1024;
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?!event-stream))/;

function addVary(reply: FastifyReply) {
  const current = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding|\*/i.test(current)) reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
}

/**
 * Compresses the answers of the routes registered after it (the API and /uploads/; the built app
 * is precompressed at build time, see static-app.ts): brotli or gzip as the client prefers, JSON
 * and text only (images are compressed already), from 1 KB up. Brotli at quality 4 costs about
 * what gzip does per request; quality 11 is for the build. Request bodies are never decompressed:
 * the clients send plain JSON, and inflating would let a small upload exceed the body limit.
 */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // An answer small enough to go out plain today may be compressed tomorrow (a list grows), so
  // every compressible answer tells caches that its encoding depends on Accept-Encoding.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) addVary(reply);
    return payload;
  });
}

export default fp(compressionPlugin, { name: 'compression' });
