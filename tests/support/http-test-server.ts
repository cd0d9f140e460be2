import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { checkAgainstServer, findServerRoute, serverRoutes } from './contract-routes';

/**
 * A real HTTP server on 127.0.0.1 for client tests: every request is recorded, every answer
 * comes from a script, so retries, time-outs and dropped connections are provoked for real
 * instead of being mocked. By default a request to one of the real server's routes is first
 * checked against that route's contract (tests/support/contract-routes.ts) and refused with the
 * server's own 400 before any script sees it, so a client test cannot pass with a body the
 * server would refuse.
 */

export type RecordedRequest = {
  method: string;
  /** Path and query as sent, e.g. `/api/messages/?page=2`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  rawBody: Buffer;
  /** performance.now() when the request arrived (before its body was read). */
  at: number;
};

export type ScriptedReply =
  | {
      status?: number;
      statusText?: string;
      headers?: Record<string, string>;
      /** Sent as application/json. */
      json?: unknown;
      /** Sent as is (text/plain unless headers say otherwise). */
      body?: string;
      /** Hold the answer this long: longer than the client's time-out provokes a time-out. */
      delayMs?: number;
    }
  | {
      /** Cut the connection without answering: the client sees a failed fetch. */
      destroy: true;
      delayMs?: number;
    };

export type Responder = (request: RecordedRequest) => ScriptedReply;

export type TestServer = {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Answers for the next requests, in order; used before the responder. */
  enqueue(...replies: ScriptedReply[]): void;
  /** Answers once the queue is empty. */
  respondWith(responder: Responder): void;
  close(): Promise<void>;
};

const noScript: Responder = (request) => ({
  // 418 on purpose: not a status any client retries, so a missing script fails loudly once.
  status: 418,
  body: `test server: no scripted reply for ${request.method} ${request.url}`,
});

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, reply: Exclude<ScriptedReply, { destroy: true }>): void {
  const headers: Record<string, string> = { ...reply.headers };
  let body = reply.body ?? '';
  if (reply.json !== undefined) {
    body = JSON.stringify(reply.json);
    headers['content-type'] ??= 'application/json';
  } else if (body !== '') {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
  }
  const status = reply.status ?? 200;
  if (reply.statusText === undefined) response.writeHead(status, headers);
  else response.writeHead(status, reply.statusText, headers);
  response.end(body);
}

export type TestServerOptions = {
  /**
   * false for tests of the HTTP clients' own mechanics (retries, time-outs, error parsing),
   * which send arbitrary bodies to arbitrary paths on purpose.
   */
  contracts?: boolean;
};

/** The real server's answer to a request its contracts refuse; null when they accept it (or it is to no route of the server's). */
async function contractRefusal(request: RecordedRequest): Promise<ScriptedReply | null> {
  const url = new URL(request.url, 'http://localhost');
  if (!(await findServerRoute(request.method, url.pathname))) return null;
  const json = (request.headers['content-type'] ?? '').includes('json');
  const body = request.body === '' ? undefined : json ? (JSON.parse(request.body) as unknown) : request.body;
  const refusal = await checkAgainstServer({ method: request.method, url: url.toString(), body });
  return refusal && { status: refusal.status, json: refusal.body };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  // Read before the first request, so no client time-out a test sets is spent building it.
  if (options.contracts !== false) await serverRoutes();
  const requests: RecordedRequest[] = [];
  const queue: ScriptedReply[] = [];
  let responder: Responder = noScript;
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((request, response) => {
    const at = performance.now();
    void (async () => {
      const rawBody = await readBody(request);
      const recorded: RecordedRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: rawBody.toString('utf8'),
        rawBody,
        at,
      };
      requests.push(recorded);
      const refused = options.contracts === false ? null : await contractRefusal(recorded);
      const reply = refused ?? queue.shift() ?? responder(recorded);
      const answer = () => {
        // The client may have given up (time-out) while we were holding the answer.
        if (response.destroyed || request.socket.destroyed) return;
        if ('destroy' in reply) request.socket.destroy();
        else send(response, reply);
      };
      if (!reply.delayMs) return answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, reply.delayMs);
      timers.add(timer);
    })().catch(() => request.socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    respondWith: (next) => void (responder = next),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
