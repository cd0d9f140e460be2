import { is } from 'superstruct';
import { OrderEvent } from '../../../contracts/ordering';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { buildUrl, type FetchLike } from '../shared/http-common';
import { renewAhead, renewBrowserSession } from '../shared/token-renewal';
import { browserTokens, type TokenReader } from '../shared/token-store';
import { createSseParser } from './sse-frames';

/**
 * The order board's live stream (issue 30): `GET /api/v2/orders/events/` read as Server-Sent
 * Events with fetch streaming, because EventSource cannot send the bearer header. It reconnects
 * after a drop with `Last-Event-ID` (the server resends what was missed), waiting longer after
 * each failure up to a cap, and stops for good when `signal` aborts (the board unmounts).
 */

export type OrderStreamMessage =
  /** An order was placed or moved: the board reads it again. */
  | { type: 'order'; event: OrderEvent }
  /** The server cannot replay what was missed: the board loads its list again. */
  | { type: 'reset' }
  /** The stream is open (again). */
  | { type: 'connected' }
  /** The stream dropped or was refused; it is tried again after a wait. */
  | { type: 'lost' };

export type OrderStreamOptions = {
  restaurantId: number | null;
  onMessage: (message: OrderStreamMessage) => void;
  signal: AbortSignal;
  /** Where the API lives: `/api/v2` on the page's own origin unless given. */
  baseUrl?: string;
  fetch?: FetchLike;
  tokens?: TokenReader;
  /** Renews the access token after a 401 (and ahead of one); true when it worked. */
  renew?: () => Promise<boolean>;
  /** Waits between attempts: the first, doubled after each failed one, never above the cap (ms). */
  backoff?: { first: number; cap: number };
};

export const STREAM_BACKOFF = { first: 1_000, cap: 30_000 } as const;

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Runs until `signal` aborts; never throws. */
export async function listenToOrderEvents(options: OrderStreamOptions): Promise<void> {
  const { signal, onMessage } = options;
  const tokens = options.tokens ?? browserTokens;
  const renew = options.renew ?? renewBrowserSession;
  const backoff = options.backoff ?? STREAM_BACKOFF;
  const url = buildUrl(options.baseUrl ?? API_BASE, paths.orders.events, options.restaurantId === null ? undefined : { restaurant_id: options.restaurantId });
  let lastEventId: string | null = null;
  // The server's `retry:` replaces the first wait, as EventSource would take it.
  let first: number = backoff.first;
  let wait = first;
  let renewed = false;

  while (!signal.aborted) {
    try {
      await renewAhead(tokens.accessToken(), renew);
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      const token = tokens.accessToken();
      if (token) headers.authorization = `Bearer ${token}`;
      if (lastEventId !== null) headers['last-event-id'] = lastEventId;
      const response = await (options.fetch ?? globalThis.fetch)(url, { headers, signal, cache: 'no-store' });
      // An expired token: renew once and connect again at once; a second 401 waits like any failure.
      if (response.status === 401 && !renewed) {
        renewed = true;
        if (await renew()) continue;
      }
      if (!response.ok || !response.body) throw new Error(`The order stream answered ${response.status}`);
      renewed = false;
      onMessage({ type: 'connected' });
      const parser = createSseParser(
        (frame) => {
          if (frame.id !== null) lastEventId = frame.id;
          if (frame.event === 'reset') onMessage({ type: 'reset' });
          if (frame.event !== 'order') return;
          // A frame this board cannot read is skipped, not fatal: the next one may be fine.
          const event = readJson(frame.data);
          if (is(event, OrderEvent)) onMessage({ type: 'order', event });
        },
        (ms) => {
          first = Math.min(ms, backoff.cap);
        },
      );
      const reader = response.body.getReader();
      // Ending the read on abort ourselves, not trusting every fetch to error its body.
      const stop = () => void reader.cancel().catch(() => undefined);
      signal.addEventListener('abort', stop, { once: true });
      const decoder = new TextDecoder();
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          // `stream: true` keeps a character split across two chunks for the next one.
          parser.push(decoder.decode(chunk.value, { stream: true }));
          // Events flowed: the connection was good, so the next drop starts the waits afresh.
          wait = first;
        }
      } finally {
        signal.removeEventListener('abort', stop);
      }
    } catch {
      // A drop, a refusal or an unreadable frame: all end in a wait and a new attempt.
    }
    if (signal.aborted) return;
    onMessage({ type: 'lost' });
    await pause(wait, signal);
    wait = Math.min(wait * 2, backoff.cap);
  }
}
