import { describe, expect, it } from 'vitest';
import { OrderEventsQuery, type OrderEvent } from '#contracts/ordering';
import { parseWith } from '#contracts/shared/validation';
import { listenToOrderEvents, type OrderStreamMessage } from '#src/services/ordering/order-events';
import { createSseParser, type SseFrame } from '#src/services/ordering/sse-frames';

const event = (id: number): OrderEvent => ({
  event_id: id,
  order_id: 100 + id,
  restaurant_id: 42,
  number: 10 + id,
  status: 'placed',
  at: '2026-11-27T17:45:00.000Z',
});
const frame = (id: number) => `event: order\nid: ${id}\ndata: ${JSON.stringify(event(id))}\n\n`;

describe('Server-Sent Events frames', () => {
  it('joins lines split across chunks, CRLF and multi-line data; skips comments; reads retry', { timeout: 5_000 }, () => {
    const frames: SseFrame[] = [];
    const retries: number[] = [];
    const parser = createSseParser(
      (found) => frames.push(found),
      (ms) => retries.push(ms),
    );
    for (const chunk of [': keep-alive\n\nev', 'ent: order\r', '\nid: 7\r\ndata: {"a":', '1}\ndata: 2\n', '\nretry: 5000\n', 'data: plain\n\n'])
      parser.push(chunk);
    expect(frames).toEqual([
      { event: 'order', data: '{"a":1}\n2', id: '7' },
      { event: 'message', data: 'plain', id: null },
    ]);
    expect(retries).toEqual([5000]);
  });
});

/**
 * A stream server: each connection is checked with the route's query contract and gets the
 * next script (an answer status, the frames to write, then the connection drops).
 */
function streamServer(scripts: { status?: number; frames?: string[] }[]) {
  const seen: { query: unknown; authorization: string | null; lastEventId: string | null }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const query = parseWith(OrderEventsQuery, Object.fromEntries(url.searchParams));
    seen.push({ query, authorization: request.headers.get('authorization'), lastEventId: request.headers.get('last-event-id') });
    const script = scripts.shift() ?? { frames: [] };
    if (script.status && script.status !== 200) return new Response('{}', { status: script.status });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const text of script.frames ?? []) controller.enqueue(new TextEncoder().encode(text));
        // The last script never drops: the listener waits on it until aborted.
        if (scripts.length > 0) controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return { fetch, seen };
}

describe('listenToOrderEvents', () => {
  it('sends the bearer, renews once after a 401, resumes after a drop with Last-Event-ID, skips unreadable frames and stops when aborted', {
    timeout: 5_000,
  }, async () => {
    let token = 'old';
    const server = streamServer([
      { status: 401 },
      { frames: [frame(1), 'event: order\ndata: {"broken"\n\n', frame(2)] },
      { frames: ['event: reset\ndata: {}\n\n', frame(3)] },
    ]);
    const messages: OrderStreamMessage[] = [];
    const controller = new AbortController();
    const stopped = listenToOrderEvents({
      restaurantId: 42,
      baseUrl: 'http://board.test/api/v2',
      signal: controller.signal,
      fetch: server.fetch,
      tokens: { accessToken: () => token },
      renew: async () => {
        token = 'new';
        return true;
      },
      backoff: { first: 1, cap: 4 },
      onMessage: (message) => {
        messages.push(message);
        if (message.type === 'order' && message.event.event_id === 3) controller.abort();
      },
    });
    await stopped;
    expect(messages).toEqual([
      { type: 'connected' },
      { type: 'order', event: event(1) },
      { type: 'order', event: event(2) },
      { type: 'lost' },
      { type: 'connected' },
      { type: 'reset' },
      { type: 'order', event: event(3) },
    ]);
    expect(server.seen).toEqual([
      { query: { restaurant_id: 42 }, authorization: 'Bearer old', lastEventId: null },
      { query: { restaurant_id: 42 }, authorization: 'Bearer new', lastEventId: null },
      { query: { restaurant_id: 42 }, authorization: 'Bearer new', lastEventId: '2' },
    ]);
  });
});
