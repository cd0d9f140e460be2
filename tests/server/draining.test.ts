// The drain that starts a graceful shutdown (server/plugins/draining.ts) counts the answers still
// owed. A client that hangs up while its request is being worked on is owed nothing: found under
// load (issue 30's orders bench), where every connection the load generator dropped mid-request
// stayed counted, so each shutdown waited its whole grace and the count only ever grew.
import { request } from 'node:http';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import drainingPlugin from '../../server/plugins/draining';

let app: ReturnType<typeof Fastify> | undefined;
afterEach(async () => {
  await app?.close();
});

/**
 * A server whose one route answers only when `release` is called: `requestTaken` resolves when it
 * has a request, `clientGone` when that request's connection has closed on the server's side.
 */
async function serverWithSlowRoute() {
  let release!: () => void;
  let taken!: () => void;
  let gone!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requestTaken = new Promise<void>((resolve) => (taken = resolve));
  const clientGone = new Promise<void>((resolve) => (gone = resolve));
  const server = Fastify();
  app = server;
  await server.register(drainingPlugin);
  server.post('/slow', async (request) => {
    request.raw.socket.once('close', gone);
    taken();
    await released;
    return { done: true };
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, release, requestTaken, clientGone };
}

describe('draining', () => {
  it('owes nothing to a client that hung up after sending its whole request', { timeout: 10_000 }, async () => {
    const { port, release, requestTaken, clientGone } = await serverWithSlowRoute();
    const outgoing = request({ host: '127.0.0.1', port, path: '/slow', method: 'POST', headers: { 'content-type': 'application/json' } });
    outgoing.on('error', () => {});
    outgoing.end('{}');
    await requestTaken;
    outgoing.destroy();
    await clientGone;
    // The handler finishes after its client has gone, as a database write would.
    release();
    expect(await app!.drain(1_000)).toBe(true);
  });

  it('waits for an answer still being worked on, and resolves as soon as it is sent', { timeout: 10_000 }, async () => {
    const { port, release, requestTaken } = await serverWithSlowRoute();
    const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const outgoing = request({ host: '127.0.0.1', port, path: '/slow', method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
      });
      outgoing.on('error', reject);
      outgoing.end('{}');
    });
    await requestTaken;
    const drained = app!.drain(5_000);
    release();
    expect(await drained).toBe(true);
    expect(await answer).toEqual({ status: 200, connection: 'close' });
  });
});
