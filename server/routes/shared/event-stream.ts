import { PassThrough } from 'node:stream';

/**
 * Bytes a stream may hold unsent for a client that does not read: past them it is ended (the
 * client resumes with Last-Event-ID) rather than kept growing in this process's memory.
 */
export const MAX_UNSENT_BYTES = 64 * 1024;

export type EventStreamOptions = {
  /** The `retry:` hint: how long a client waits before reconnecting. */
  retryMs: number;
  /** A comment line this often, so proxies keep the connection and clients notice a dead one. */
  heartbeatMs: number;
  /** Ended after this long, whatever happens. */
  maxAgeMs: number;
};

export type EventStream = {
  /** What the reply sends. */
  readonly body: PassThrough;
  /** One event: `event:`, `id:`, `data:` (JSON on one line). */
  event(name: string, id: number, data: unknown): void;
  /** Only an `id:` line: moves the client's Last-Event-ID without an event. */
  id(id: number): void;
  end(): void;
  /** Runs `cleanup` once the stream has ended (for whatever reason), or now if it has. */
  onClose(cleanup: () => void): void;
};

/**
 * A Server-Sent Events body (https://html.spec.whatwg.org/multipage/server-sent-events.html):
 * opens with the `retry:` hint, sends a heartbeat comment, ends after its maximum age or when
 * the client reads too slowly. Every timer is cleared when it ends, however it ends.
 */
export function openEventStream({ retryMs, heartbeatMs, maxAgeMs }: EventStreamOptions): EventStream {
  const body = new PassThrough();
  const cleanups: Array<() => void> = [];
  let closed = false;
  const write = (text: string) => {
    if (closed) return;
    if (body.writableLength > MAX_UNSENT_BYTES) {
      end();
      return;
    }
    body.write(text);
  };
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
  const expiry = setTimeout(() => end(), maxAgeMs);
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(expiry);
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  function end() {
    if (closed) return;
    finish();
    body.end();
  }
  // Fastify destroys the body when its client goes away.
  body.once('close', finish);
  write(`retry: ${retryMs}\n\n`);
  return {
    body,
    event: (name, id, data) => write(`event: ${name}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`),
    id: (id) => write(`id: ${id}\n\n`),
    end,
    onClose(cleanup) {
      if (closed) cleanup();
      else cleanups.push(cleanup);
    },
  };
}
