/**
 * A fake of the four order routes the board calls, at the fetch level, so the board's real
 * machine, services and ky client run (issue 30). Every request is first checked as the server
 * checks it: with the real server's own route table once it has the route
 * (tests/support/contract-routes.ts), else with the very structs of contracts/ordering.ts the
 * routes validate with, answered in the server's words (`toAnswer`). The stream is a real
 * `text/event-stream` body the test writes frames into.
 */
import type { Struct } from 'superstruct';
import { OrderEventsQuery, OrdersQuery, TransitionBody, type OrderEvent, type OwnerOrder } from '#contracts/ordering';
import { allows, nextStatuses } from '#contracts/ordering/order-lifecycle';
import type { BusyState } from '#contracts/ordering/kitchen-pause';
import { IdParams } from '#contracts/shared/lists';
import { wallClock } from '#contracts/shared/opening-status';
import { ContractViolation, parseWith } from '#contracts/shared/validation';
import { toAnswer } from '#server/plugins/errors';
import { checkAgainstServer, findServerRoute } from '../../support/contract-routes';
const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Route = { method: string; pattern: RegExp; params?: Struct<unknown, unknown>; query?: Struct<unknown, unknown>; body?: Struct<unknown, unknown> };

/** Static paths before `:id`, as Fastify matches them. */
const ROUTES: Route[] = [
  { method: 'GET', pattern: /^\/api\/v2\/orders\/events\/$/, query: OrderEventsQuery as Struct<unknown, unknown> },
  { method: 'GET', pattern: /^\/api\/v2\/orders\/$/, query: OrdersQuery as Struct<unknown, unknown> },
  { method: 'GET', pattern: /^\/api\/v2\/orders\/([^/]+)\/$/, params: IdParams as Struct<unknown, unknown> },
  {
    method: 'POST',
    pattern: /^\/api\/v2\/orders\/([^/]+)\/transition\/$/,
    params: IdParams as Struct<unknown, unknown>,
    body: TransitionBody as Struct<unknown, unknown>,
  },
];

type Checked = { method: string; url: URL; body: unknown };

/** null when the contracts accept the request, else the server's refusal. */
async function refusalOf({ method, url, body }: Checked): Promise<Response | null> {
  if (await findServerRoute(method, url.pathname)) {
    const refusal = await checkAgainstServer({ method, url: url.href, body });
    return refusal ? jsonResponse(refusal.status, refusal.body) : null;
  }
  const route = ROUTES.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
  if (!route) throw new Error(`No order route answers ${method} ${url.pathname}`);
  const id = route.pattern.exec(url.pathname)?.[1];
  try {
    if (route.params) parseWith(route.params, { id });
    if (route.body) parseWith(route.body, body);
    if (route.query) parseWith(route.query, Object.fromEntries(url.searchParams));
    return null;
  } catch (error) {
    if (!(error instanceof ContractViolation)) throw error;
    const answer = toAnswer(error);
    return jsonResponse(answer.status, answer.body);
  }
}

export type BoardServer = ReturnType<typeof boardServer>;

export function boardServer(initial: OwnerOrder[]) {
  const orders = new Map(initial.map((order) => [order.id, structuredClone(order)]));
  const requests: { method: string; path: string; body: unknown; headers: Headers }[] = [];
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  /** Moves the test makes the server refuse (409), by order id, with the server's sentence. */
  const refuseNext = new Map<number, string>();
  let eventId = 0;

  const list = (url: URL) => {
    const status = url.searchParams.get('status');
    const day = url.searchParams.get('day');
    const size = Number(url.searchParams.get('page_size') ?? 20);
    const rows = [...orders.values()]
      .filter((order) => status === null || order.status === status)
      .filter((order) => day === null || wallClock(order.restaurant.time_zone, new Date(order.placed_at)).date === day)
      .sort((a, b) => b.id - a.id);
    return jsonResponse(200, { count: rows.length, next: null, previous: null, results: rows.slice(0, size) });
  };

  const move = (order: OwnerOrder, body: TransitionBody) => {
    const refusal = refuseNext.get(order.id);
    refuseNext.delete(order.id);
    if (refusal) return jsonResponse(409, { detail: refusal, code: 'conflict' });
    const at = new Date().toISOString();
    if (!allows(order.status, order.fulfilment, { ...body, scheduled_for: order.scheduled_for, at })) {
      return jsonResponse(409, { detail: 'This order cannot make that move now.', code: 'conflict' });
    }
    order.status = body.to;
    order.next_statuses = nextStatuses(body.to, order.fulfilment);
    order.timeline.push({ status: body.to, at, detail: body.reason ?? (body.prep_minutes === undefined ? null : String(body.prep_minutes)) });
    if (body.reason) order.cancel_reason = body.reason;
    return jsonResponse(200, order);
  };

  /** Busy mode (issue 45): a calm kitchen until the test's board changes it; the times from the test's clock. */
  const pace: BusyState = {
    paused: false,
    paused_until: null,
    busy_extra_minutes: 0,
    busy_until: null,
    time_zone: 'America/Chicago',
    country: 'United States',
  };
  const paceAnswer = (method: string, path: string, body: unknown) => {
    const { minutes } = (body ?? {}) as { minutes?: number | null };
    const later = (count: number) => new Date(Date.now() + count * 60_000).toISOString();
    if (path.endsWith('/pause/')) Object.assign(pace, { paused: method === 'POST', paused_until: method === 'POST' && minutes ? later(minutes) : null });
    if (path.endsWith('/busy/')) Object.assign(pace, { busy_extra_minutes: minutes ?? 0, busy_until: minutes ? later(120) : null });
    return jsonResponse(200, pace);
  };

  const stream = () =>
    new Response(new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) }), {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
    });

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url, 'http://localhost');
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text === '' ? undefined : (JSON.parse(text) as unknown);
    requests.push({ method: request.method, path: url.pathname + url.search, body, headers: request.headers });
    const refused = await refusalOf({ method: request.method, url, body });
    if (refused) return refused;
    if (url.pathname === '/api/v2/orders/events/') return stream();
    if (/^\/api\/v2\/orders\/(pace|pause|busy)\/$/.test(url.pathname)) return paceAnswer(request.method, url.pathname, body);
    if (url.pathname === '/api/v2/orders/') return list(url);
    const order = orders.get(Number(/\/orders\/(\d+)\//.exec(url.pathname)?.[1]));
    if (!order) return jsonResponse(404, { detail: 'Order not found.', code: 'not_found' });
    return request.method === 'POST' ? move(order, body as TransitionBody) : jsonResponse(200, order);
  };

  return {
    fetch,
    requests,
    orders,
    refuseNext,
    pace,
    /** Stores `order` (placed or changed elsewhere) and writes its event into every open stream. */
    publish(order: OwnerOrder) {
      orders.set(order.id, structuredClone(order));
      eventId += 1;
      const event: OrderEvent = {
        event_id: eventId,
        order_id: order.id,
        restaurant_id: order.restaurant_id,
        number: order.number,
        status: order.status,
        at: order.placed_at,
      };
      const frame = new TextEncoder().encode(`event: order\nid: ${eventId}\ndata: ${JSON.stringify(event)}\n\n`);
      for (const controller of streams) controller.enqueue(frame);
    },
    get openStreams() {
      return streams.length;
    },
  };
}
