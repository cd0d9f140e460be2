/**
 * Issue 30, item 5: the order board's live events, GET /api/v2/orders/events/, read as the board
 * reads them (fetch streaming from a listening server). Orders are stored with plain SQL
 * (tests/fixtures/ordering/insert-order.ts), which fires the NOTIFY trigger as placing one will.
 * Runs on PGlite in `npm test` and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { AddressInfo } from 'node:net';
import { is } from 'superstruct';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderEvent } from '#contracts/ordering';
import { ApiErrorBody } from '#contracts/shared/errors';
import { insertOrder, type InsertedOrder } from '#tests/fixtures/ordering/insert-order';
import { ownerWithRestaurant, superadmin, type Caller } from '../menu/menu-helpers';
import { createTestApp, type TestApp } from '../test-app';
import { readStream, type StreamReader } from './event-stream-reader';

const STREAMS_PER_USER = 3;

let t: TestApp;
let base: string;
let ada: Caller & { restaurantId: number };
let bob: Caller & { restaurantId: number };
const opened: StreamReader[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { orderStreamHeartbeatMs: 100, orderStreamsPerUser: STREAMS_PER_USER } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v2/orders/events/`;
  ada = (await ownerWithRestaurant(t, 'ada@example.com')) as typeof ada;
  bob = (await ownerWithRestaurant(t, 'bob@example.com')) as typeof bob;
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((stream) => stream.close()));
});
afterAll(async () => {
  // After an aborted stream, fetch (undici) opens a spare connection that never sends a request,
  // which the server's close would wait for: the test's client, not the server, leaves it.
  t?.app.server.closeAllConnections();
  await t?.close();
});

async function open(caller: Caller | null, { query = '', lastEventId }: { query?: string; lastEventId?: number | string } = {}): Promise<StreamReader> {
  const stream = await readStream(`${base}${query}`, {
    ...(caller ? { authorization: `Bearer ${caller.token}` } : {}),
    ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
  });
  opened.push(stream);
  return stream;
}

/** The stream's opening: the `retry:` hint, then (without Last-Event-ID) the id it starts after. */
async function opening(stream: StreamReader): Promise<number> {
  expect(await stream.next()).toEqual({ retry: '3000' });
  const mark = await stream.next();
  expect(mark?.id).toMatch(/^\d+$/);
  return Number(mark!.id);
}

/** The event the stream should send for an order just stored with the fixture. */
async function expectOrderEvent(stream: StreamReader, order: InsertedOrder, restaurantId: number, status = 'placed') {
  const message = await stream.nextEvent();
  expect(message?.event).toBe('order');
  expect(message?.id).toBe(String(order.eventId));
  const data = JSON.parse(message!.data!) as unknown;
  expect(is(data, OrderEvent)).toBe(true);
  expect(data).toMatchObject({ event_id: order.eventId, order_id: order.id, restaurant_id: restaurantId, number: order.number, status });
}

async function refusal(stream: StreamReader, status: number, code: string) {
  expect(stream.response.status).toBe(status);
  const body = (await stream.response.json()) as ApiErrorBody;
  expect(is(body, ApiErrorBody)).toBe(true);
  expect(body.code).toBe(code);
  return body;
}

describe('GET /api/v2/orders/events/', () => {
  it("sends an owner each order of their restaurant as it is stored, never another restaurant's, between heartbeats", { timeout: 10_000 }, async () => {
    const stream = await open(ada);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    await opening(stream);

    // Bob's first: had it been sent to Ada, it would come before her own.
    await insertOrder(t.database, { restaurantId: bob.restaurantId });
    const order = await insertOrder(t.database, { restaurantId: ada.restaurantId, fulfilment: 'delivery' });
    await expectOrderEvent(stream, order, ada.restaurantId);

    let message = await stream.next();
    while (message && message.comment === undefined) message = await stream.next();
    expect(message).toEqual({ comment: 'heartbeat' });
  });

  it("keeps each restaurant's orders to its own streams while both are watched (issue 40)", { timeout: 10_000 }, async () => {
    // Dora, not Ada: each user's streams are counted, and Ada's later tests open their own.
    const dora = (await ownerWithRestaurant(t, 'dora@example.com')) as typeof ada;
    const [doras, bobs] = [await open(dora), await open(bob)];
    await Promise.all([opening(doras), opening(bobs)]);
    // Each other's first: had either been fanned out, it would come before the stream's own.
    const bobsOrder = await insertOrder(t.database, { restaurantId: bob.restaurantId });
    const dorasOrder = await insertOrder(t.database, { restaurantId: dora.restaurantId });
    await expectOrderEvent(doras, dorasOrder, dora.restaurantId);
    await expectOrderEvent(bobs, bobsOrder, bob.restaurantId);
    const bobsNext = await insertOrder(t.database, { restaurantId: bob.restaurantId });
    await expectOrderEvent(bobs, bobsNext, bob.restaurantId);
  });

  it('lets a superadmin follow any restaurant they name, and answers an owner naming another 404', { timeout: 10_000 }, async () => {
    const admin = await superadmin(t, 'root@example.com');
    const stream = await open(admin, { query: `?restaurant_id=${bob.restaurantId}` });
    await opening(stream);
    const order = await insertOrder(t.database, { restaurantId: bob.restaurantId, status: 'accepted' });
    // Placed, then accepted: two events, in order.
    const placed = await stream.nextEvent();
    expect(JSON.parse(placed!.data!)).toMatchObject({ order_id: order.id, status: 'placed' });
    await expectOrderEvent(stream, order, bob.restaurantId, 'accepted');

    await refusal(await open(ada, { query: `?restaurant_id=${bob.restaurantId}` }), 404, 'not_found');
  });

  it('answers 401 without a token and 400 to a Last-Event-ID that is no event id', async () => {
    await refusal(await open(null), 401, 'not_authenticated');
    const body = await refusal(await open(ada, { lastEventId: 'abc' }), 400, 'invalid');
    expect(Object.keys(body.fields ?? {})).toEqual(['Last-Event-ID']);
  });

  it('replays exactly the events after Last-Event-ID, then goes on live', { timeout: 10_000 }, async () => {
    const seen = await insertOrder(t.database, { restaurantId: ada.restaurantId });
    const accepted = await insertOrder(t.database, { restaurantId: ada.restaurantId, status: 'accepted' });
    await insertOrder(t.database, { restaurantId: bob.restaurantId });
    const placed = await insertOrder(t.database, { restaurantId: ada.restaurantId });

    const stream = await open(ada, { lastEventId: seen.eventId });
    expect(await stream.next()).toEqual({ retry: '3000' });
    const replayed = [await stream.nextEvent(), await stream.nextEvent(), await stream.nextEvent()];
    expect(replayed.map((message) => [message?.event, Number(message?.id), JSON.parse(message!.data!).order_id])).toEqual([
      ['order', accepted.eventId - 1, accepted.id],
      ['order', accepted.eventId, accepted.id],
      ['order', placed.eventId, placed.id],
    ]);
    // Nothing else was owed: the next event is the next order.
    const live = await insertOrder(t.database, { restaurantId: ada.restaurantId });
    await expectOrderEvent(stream, live, ada.restaurantId);
  });

  it('says reset, with the latest id, when more were missed than one replay carries', { timeout: 10_000 }, async () => {
    const first = await insertOrder(t.database, { restaurantId: ada.restaurantId });
    // 201 more events of that order in one statement: one more than a replay carries.
    await t.database.query(`insert into order_events (restaurant_id, order_id, status) select $1, $2, 'placed' from generate_series(1, 201)`, [
      ada.restaurantId,
      first.id,
    ]);
    const [last] = await t.database.query('select max(id) as id from order_events where restaurant_id = $1', [ada.restaurantId]);

    const stream = await open(ada, { lastEventId: first.eventId });
    expect(await stream.next()).toEqual({ retry: '3000' });
    const reset = await stream.nextEvent();
    expect(reset).toMatchObject({ event: 'reset', id: String(last!.id) });
    const live = await insertOrder(t.database, { restaurantId: ada.restaurantId });
    await expectOrderEvent(stream, live, ada.restaurantId);
  });

  it(`refuses a user's stream beyond ${STREAMS_PER_USER} with 429, and admits one again when another ends`, { timeout: 10_000 }, async () => {
    const carol = (await ownerWithRestaurant(t, 'carol@example.com')) as typeof ada;
    const streams = [];
    for (let i = 0; i < STREAMS_PER_USER; i += 1) streams.push(await open(carol));
    expect(streams.map((stream) => stream.response.status)).toEqual(Array(STREAMS_PER_USER).fill(200));
    const refused = await open(carol);
    await refusal(refused, 429, 'too_many_streams');
    expect(refused.response.headers.get('retry-after')).toMatch(/^\d+$/);

    await streams[0]!.close();
    // The server learns of the closed connection on its own time: ask until it has.
    let again = await open(carol);
    while (again.response.status === 429) again = await open(carol);
    expect(again.response.status).toBe(200);
  });

  it('ends its open streams as soon as the server starts draining, so a shutdown never waits for them', { timeout: 10_000 }, async () => {
    // Bob's: the server may not have counted Ada's earlier streams as closed yet.
    const stream = await open(bob);
    await opening(stream);
    expect(await t.app.drain(5_000)).toBe(true);
    let message = await stream.next();
    while (message) message = await stream.next();
    expect(message).toBeNull();
  });
});
