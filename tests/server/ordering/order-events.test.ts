/**
 * Issue 30, item 5: the order board's live events, GET /api/v2/orders/events/, read as the board
 * reads them (fetch streaming from a listening server). Orders are stored with plain SQL
 * (tests/fixtures/ordering/insert-order.ts), which fires the NOTIFY trigger as placing one will.
 * Runs on PGlite in `npm test` and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { is } from 'superstruct';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderEvent } from '#contracts/ordering';
import { ApiErrorBody } from '#contracts/shared/errors';
import { issueSession } from '#server/domain/accounts/sessions';
import { findOrCreateUserByEmail } from '#server/domain/accounts/users';
import { deriveKeys } from '#server/domain/shared/keys';
import { insertOrder, type InsertedOrder } from '#tests/fixtures/ordering/insert-order';
import { accessTokenFor } from '../accounts/auth-helpers';
import { ownerWithRestaurant, superadmin, type Caller } from '../menu/menu-helpers';
import { createTestApp, testConfig, type TestApp } from '../test-app';
import { readStream, type StreamReader } from './event-stream-reader';

const STREAMS_PER_USER = 3;
/** An address's and a restaurant's share: a fiftieth of the process's streams (server/routes/ordering/stream-limits.ts). */
const STREAMS_PER_SHARE = 8;

let t: TestApp;
let base: string;
let ada: Caller & { restaurantId: number };
let bob: Caller & { restaurantId: number };
const opened: StreamReader[] = [];

beforeAll(async () => {
  t = await createTestApp({
    config: { orderStreamHeartbeatMs: 100, orderStreamsPerUser: STREAMS_PER_USER, orderStreamsPerProcess: STREAMS_PER_SHARE * 50 },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v2/orders/events/`;
  ada = await launchedOwner('ada@example.com');
  bob = await launchedOwner('bob@example.com');
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((stream) => stream.close()));
  for (const stream of rawOpened.splice(0)) stream.close();
});
afterAll(async () => {
  // After an aborted stream, fetch (undici) opens a spare connection that never sends a request,
  // which the server's close would wait for: the test's client, not the server, leaves it.
  t?.app.server.closeAllConnections();
  await t?.close();
});

/** An owner whose restaurant is launched: the only owners with a board to follow. */
async function launchedOwner(email: string): Promise<Caller & { restaurantId: number }> {
  const owner = (await ownerWithRestaurant(t, email)) as Caller & { restaurantId: number };
  await t.database.query('update onboardings set launched_at = now() where restaurant_id = $1', [owner.restaurantId]);
  return owner;
}

type RawStream = { status: number; body: () => Promise<ApiErrorBody>; close: () => void };
const rawOpened: RawStream[] = [];

/** A stream opened from another loopback address (fetch cannot choose its own), for the caps per client address. */
function openFrom(address: string, caller: Caller, query = ''): Promise<RawStream> {
  return new Promise((resolve, reject) => {
    const request = get(`${base}${query}`, { localAddress: address, headers: { authorization: `Bearer ${caller.token}` } }, (response: IncomingMessage) => {
      const body = async () => {
        let text = '';
        for await (const chunk of response) text += String(chunk);
        return JSON.parse(text) as ApiErrorBody;
      };
      const stream = { status: response.statusCode ?? 0, body, close: () => request.destroy() };
      rawOpened.push(stream);
      resolve(stream);
    });
    request.on('error', reject);
  });
}

/** Reads the stream to its end: resolves once the server has ended it. */
async function ended(stream: StreamReader): Promise<void> {
  let message = await stream.next();
  while (message) message = await stream.next();
}

async function open(caller: Caller | null, { query = '', lastEventId }: { query?: string; lastEventId?: number | string } = {}): Promise<StreamReader> {
  const stream = await readStream(`${base}${query}`, {
    ...(caller ? { authorization: `Bearer ${caller.token}` } : {}),
    ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
  });
  opened.push(stream);
  return stream;
}

/**
 * The stream's opening: the `retry:` hint, then (without Last-Event-ID) the id it starts after.
 * Heartbeats are comments a client skips: on a busy machine one may come before the mark.
 */
async function opening(stream: StreamReader): Promise<number> {
  expect(await stream.next()).toEqual({ retry: '3000' });
  let mark = await stream.next();
  while (mark?.comment === 'heartbeat') mark = await stream.next();
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
    // Erin, not Ada: each user's streams are counted, and Ada's later tests open their own.
    const erin = await launchedOwner('erin@example.com');
    const [erins, bobs] = [await open(erin), await open(bob)];
    await Promise.all([opening(erins), opening(bobs)]);
    // Each other's first: had either been fanned out, it would come before the stream's own.
    const bobsOrder = await insertOrder(t.database, { restaurantId: bob.restaurantId });
    const erinsOrder = await insertOrder(t.database, { restaurantId: erin.restaurantId });
    await expectOrderEvent(erins, erinsOrder, erin.restaurantId);
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
    const carol = await launchedOwner('carol@example.com');
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

  it('refuses an owner whose restaurant is not launched 403, and lets staff follow it', async () => {
    const starter = await ownerWithRestaurant(t, 'starter@example.com');
    const body = await refusal(await open(starter), 403, 'store_not_launched');
    expect(body.detail).toBe('Live orders start once your store is launched. Launch it, then open the order board again.');
    const admin = await superadmin(t, 'watcher@example.com');
    expect((await open(admin, { query: `?restaurant_id=${starter.restaurantId}` })).response.status).toBe(200);
  });

  it(`holds at most ${STREAMS_PER_SHARE} streams from one client address, whoever signs in, and ${STREAMS_PER_SHARE} of one restaurant`, {
    timeout: 10_000,
  }, async () => {
    const owners = [await launchedOwner('one@example.com'), await launchedOwner('two@example.com'), await launchedOwner('three@example.com')];
    const fromOneAddress = [];
    for (let i = 0; i < STREAMS_PER_SHARE; i += 1) fromOneAddress.push(await openFrom('127.0.0.2', owners[i % owners.length]!));
    expect(fromOneAddress.map((stream) => stream.status)).toEqual(Array(STREAMS_PER_SHARE).fill(200));
    const refused = await openFrom('127.0.0.2', owners[2]!);
    expect(refused.status).toBe(429);
    expect((await refused.body()).detail).toBe(`This network already has ${STREAMS_PER_SHARE} order boards open. Close one, or try again in a moment.`);
    // Another address is still served.
    expect((await openFrom('127.0.0.3', owners[2]!)).status).toBe(200);

    // One restaurant, watched by staff from three addresses: its share is full whoever asks.
    const target = owners[0]!.restaurantId;
    const admins = [await superadmin(t, 'a1@example.com'), await superadmin(t, 'a2@example.com'), await superadmin(t, 'a3@example.com')];
    // The owner's own streams from 127.0.0.2 already hold some of its places.
    const held = Math.ceil(STREAMS_PER_SHARE / owners.length);
    const statuses = [];
    for (let i = 0; i < STREAMS_PER_SHARE - held; i += 1)
      statuses.push((await openFrom(`127.0.1.${1 + (i % admins.length)}`, admins[i % admins.length]!, `?restaurant_id=${target}`)).status);
    expect(statuses).toEqual(Array(STREAMS_PER_SHARE - held).fill(200));
    const full = await openFrom('127.0.1.9', admins[0]!, `?restaurant_id=${target}`);
    expect(full.status).toBe(429);
    expect((await full.body()).detail).toBe(`This restaurant already has ${STREAMS_PER_SHARE} order boards open. Close one, or try again in a moment.`);
  });

  it("ends a stream when its token expires, and when its user signs out (on any server: it is the database's session epoch)", { timeout: 10_000 }, async () => {
    const dora = await launchedOwner('dora@example.com');
    const config = testConfig();
    // Signed so that it expires two seconds from now.
    const expiring = await accessTokenFor(t, 'dora@example.com', { clock: () => new Date(Date.now() - (config.accessTokenTtlSeconds - 2) * 1000) });
    const short = await open({ token: expiring, restaurantId: dora.restaurantId });
    await opening(short);
    await ended(short);

    const { user } = await findOrCreateUserByEmail(t.database.db, { email: 'dora@example.com' });
    const keys = deriveKeys(config.secretKey ?? '');
    const session = await issueSession(t.database.db, user.id, {
      accessKey: keys.accessToken,
      accessTtlSeconds: config.accessTokenTtlSeconds,
      refreshTtlDays: config.refreshTokenTtlDays,
      clock: () => new Date(),
    });
    const stream = await open({ token: session.access, restaurantId: dora.restaurantId });
    await opening(stream);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v2/auth/logout/', payload: { refresh: session.refresh } });
    expect(logout.statusCode).toBe(200);
    await ended(stream);
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
