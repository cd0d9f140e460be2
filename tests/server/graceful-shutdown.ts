// The graceful shutdown scenario both engines run (graceful-shutdown.test.ts on PGlite,
// graceful-shutdown.pg.test.ts on PostgreSQL): the real server process, a request in flight
// when SIGTERM arrives, and new requests during the shutdown.
import { request, Agent, type IncomingHttpHeaders } from 'node:http';
import { expect } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';

type Answer = { status: number; headers: IncomingHttpHeaders; body: unknown; reusedSocket: boolean };

/** One request; `bodyParts` are written one by one, the next only when `release` resolves. */
function send(url: string, options: { method: 'GET' | 'POST'; path: string; agent?: Agent; body?: string; release?: Promise<void> }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(options.path, url);
    const outgoing = request(
      target,
      {
        method: options.method,
        agent: options.agent ?? false,
        headers: options.body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(options.body) },
        timeout: 20_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text === '' ? undefined : JSON.parse(text),
            reusedSocket: outgoing.reusedSocket,
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${options.path}: no answer within 20 s`)));
    if (options.body === undefined) {
      outgoing.end();
    } else if (options.release) {
      // Half the body now, the rest later: the request is in flight, its handler waiting for it.
      const half = Math.floor(options.body.length / 2);
      outgoing.write(options.body.slice(0, half));
      void options.release.then(() => outgoing.end(options.body!.slice(half)));
    } else {
      outgoing.end(options.body);
    }
  });
}

async function logShows(server: ServerProcess, text: string): Promise<void> {
  for (let attempt = 0; attempt < 200 && !server.log().includes(text); attempt += 1) {
    await new Promise((done) => setTimeout(done, 50));
  }
  expect(server.log()).toContain(text);
}

const SHUTTING_DOWN = { detail: 'The server is restarting. Please try again shortly.', code: 'shutting_down' };

/**
 * Runs the scenario on a started server (LOG_LEVEL info, so its log says when the shutdown
 * began) and returns the email of the sign-up that was in flight, for the caller to find stored.
 */
export async function shutDownWithRequestsInFlight(server: ServerProcess): Promise<string> {
  const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect((await send(server.url, { method: 'GET', path: '/api/v2/health/', agent: keptAlive })).status).toBe(200);

    const email = 'in-flight@example.com';
    let finishBody!: () => void;
    const inFlight = send(server.url, {
      method: 'POST',
      path: '/api/messages/',
      body: JSON.stringify({ zip_code: '10001', email }),
      release: new Promise<void>((resolve) => (finishBody = resolve)),
    });
    // The server has taken the request (and logged it) before the signal.
    await logShows(server, '"url":"/api/messages/"');
    server.child.kill('SIGTERM');
    await logShows(server, 'shutting down');

    // A new request on the connection kept alive from before: 503 in the common shape, and the
    // connection is closed after it.
    const onKeptAlive = await send(server.url, { method: 'GET', path: '/api/v2/health/', agent: keptAlive });
    expect(onKeptAlive.reusedSocket).toBe(true);
    expect(onKeptAlive.status).toBe(503);
    expect(onKeptAlive.headers.connection).toBe('close');
    expect(onKeptAlive.headers['retry-after']).toBe('5');
    expect(onKeptAlive.body).toEqual(SHUTTING_DOWN);

    // A new connection while the request in flight holds the shutdown open: the same answer.
    const onNewConnection = await send(server.url, {
      method: 'POST',
      path: '/api/messages/',
      body: JSON.stringify({ zip_code: '10001', email: 'late@example.com' }),
    });
    expect(onNewConnection.status).toBe(503);
    expect(onNewConnection.headers.connection).toBe('close');
    expect(onNewConnection.body).toEqual(SHUTTING_DOWN);

    // The request in flight finishes normally, and the process then exits 0.
    finishBody();
    const finished = await inFlight;
    expect(finished.status).toBe(201);
    expect(finished.body).toMatchObject({ email });
    expect(finished.headers.connection).toBe('close');
    expect(await server.exited).toBe(0);
    expect(server.log()).toContain('"msg":"stopped"');
    return email;
  } finally {
    keptAlive.destroy();
  }
}
