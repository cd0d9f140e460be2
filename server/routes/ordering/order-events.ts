import { Redis } from 'ioredis';
import { decodeJwt } from 'jose';
import { OrderEventsQuery, type OrderEvent } from '../../../contracts/ordering';
import { eventStream, refusal } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { isLaunched } from '../../domain/ordering/order-event-reads';
import { createOrderFeed, REPLAY_MAX, type FeedSink } from '../../domain/ordering/order-feed';
import { isAdmin } from '../../domain/shared/people';
import { sessionEpochs } from '../../domain/shared/session-epochs';
import { restaurantForNewRow, scopeOf } from '../../domain/shared/tenancy';
import { HttpError } from '../../http-error';
import { signedInUser } from '../../plugins/auth';
import { openEventStream, type EventStream } from '../shared/event-stream';
import { SHARE_OF_PROCESS, streamLimits } from './stream-limits';
import { watchStreamSessions } from './stream-sessions';
import type { ContractApp } from '../../plugins/contract-types';

/** The `retry:` hint: a board whose stream ended reconnects after this long. */
export const RETRY_MS = 3_000;

const LAST_EVENT_ID_MESSAGE = 'Last-Event-ID must be the id of an event this stream sent.';

/** The `Last-Event-ID` header: absent or empty means "from now"; anything but an event id is refused. */
function lastEventIdOf(header: string | string[] | undefined): number | undefined {
  const value = [header].flat()[0]?.trim();
  if (!value) return undefined;
  if (!/^\d{1,15}$/.test(value)) throw new HttpError(400, 'invalid', 'Some fields are not valid.', { fields: { 'Last-Event-ID': LAST_EVENT_ID_MESSAGE } });
  return Number(value);
}

/** The feed's events as the stream's lines. */
const sinkOf = (stream: EventStream): FeedSink => ({
  send: (events: OrderEvent[]) => {
    for (const event of events) stream.event('order', event.event_id, event);
  },
  mark: (eventId) => stream.id(eventId),
  reset: (eventId) => stream.event('reset', eventId, {}),
  end: () => stream.end(),
});

const STREAM_DESCRIPTION = [
  "Server-Sent Events of the restaurant's orders, placed or moved, from every server process.",
  'Each is `event: order`, `id: <event id>`, `data: <OrderEvent JSON>` (`event_id`, `order_id`, `restaurant_id`, `number`, `status`, `at`).',
  `It opens with \`retry: ${RETRY_MS}\` and, without Last-Event-ID, an \`id:\` line of the latest event, so a reconnect misses nothing.`,
  `With the Last-Event-ID header it first sends the events after that id (at most ${REPLAY_MAX});`,
  'when more were missed, `event: reset` (the board reloads its list) with the latest id.',
  'A comment line every ORDER_STREAM_HEARTBEAT_MS (default 15 s);',
  'the stream ends after ORDER_STREAM_MAX_AGE_MS (default 5 minutes) and on shutdown: reconnect with Last-Event-ID.',
  "It also ends when the session that opened it does: at its access token's expiry, and within a heartbeat of a logout or password reset (renew the token, then reconnect).",
].join(' ');

const NOT_LAUNCHED = 'Live orders start once your store is launched. Launch it, then open the order board again.';

/** The verified bearer token's expiry (the auth guard has checked it). */
function tokenExpiry(authorization: string | undefined): Date {
  const exp = decodeJwt(authorization?.trim().replace(/^Bearer /, '') ?? '').exp ?? 0;
  return new Date(exp * 1000);
}

/**
 * GET /api/v2/orders/events/: the order board's live events (issue 30). Owners and staff get
 * their active restaurant's, or the `restaurant_id` they act in; superadmins any restaurant's.
 * An owner's restaurant must be launched. Each stream ends with the session that opened it.
 * The streams end when the server starts draining or closes, so a shutdown never waits on them.
 */
export async function orderEventRoutes(app: ContractApp, context: AppContext) {
  const { config, database } = context;
  const feed = createOrderFeed(database, app.log);
  // The per-user, per-address and per-restaurant counts are shared through Redis like the rate limits.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 }) : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'order stream counts: Redis unreachable'));
  const limits = streamLimits({
    perUser: config.orderStreamsPerUser,
    perProcess: config.orderStreamsPerProcess,
    redis,
    // A stream never outlives its maximum age; its shared count lapses a little after.
    leaseMs: config.orderStreamMaxAgeMs + 60_000,
    onRedisError: (error) => app.log.warn({ err: error }, 'order stream counts: Redis unreachable, counting on this process only'),
  });
  const sessions = watchStreamSessions((userIds) => sessionEpochs(database.db, userIds), {
    everyMs: config.orderStreamHeartbeatMs,
    clock: context.clock,
    log: app.log,
  });
  const open = new Set<EventStream>();
  const endAll = () => {
    for (const stream of [...open]) stream.end();
  };
  app.whenDraining(endAll);
  app.addHook('preClose', async () => endAll());
  app.addHook('onClose', async () => {
    sessions.close();
    redis?.disconnect();
    await feed.close();
  });

  app.get(
    `${API_BASE}${paths.orders.events}`,
    {
      preValidation: app.requireUser,
      schema: {
        querystring: OrderEventsQuery,
        response: {
          200: eventStream(STREAM_DESCRIPTION),
          403: refusal('The restaurant is not launched yet: only a launched restaurant has orders to follow (staff may follow any).'),
          429: refusal(
            'Too many requests from this address, or too many streams open: ORDER_STREAMS_PER_USER (default 5) of the user, ' +
              `or 1/${SHARE_OF_PROCESS} of ORDER_STREAMS_PER_PROCESS (default 20) from one client address or of one restaurant ` +
              '(counted on every server process together when REDIS_URL is set); `Retry-After` says when to try again.',
          ),
          503: refusal(
            'The database is unreachable, or this server process already holds ORDER_STREAMS_PER_PROCESS streams (default 1,000); ' +
              '`Retry-After` says when to try again.',
          ),
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      // The one restaurant the stream follows: the named one the caller acts in (else 404), or the active one.
      const restaurantId = await restaurantForNewRow(database.db, scopeOf(user), request.query.restaurant_id);
      const lastEventId = lastEventIdOf(request.headers['last-event-id']);
      // An account whose restaurant was only started has nothing to watch, and takes no place (issue 40, item 11).
      if (!isAdmin(user) && !(await isLaunched(database.db, restaurantId))) throw new HttpError(403, 'store_not_launched', NOT_LAUNCHED);
      const release = await limits.admit({ userId: user.id, address: request.ip, restaurantId });
      const stream = openEventStream({ retryMs: RETRY_MS, heartbeatMs: config.orderStreamHeartbeatMs, maxAgeMs: config.orderStreamMaxAgeMs });
      open.add(stream);
      const unwatch = sessions.watch({ userId: user.id, epoch: user.sessionEpoch, expiresAt: tokenExpiry(request.headers.authorization) }, () => stream.end());
      stream.onClose(() => {
        open.delete(stream);
        unwatch();
        release();
      });
      // A client gone, whenever it goes: its stream ends and gives back its place.
      reply.raw.once('close', () => stream.end());
      try {
        stream.onClose(await feed.subscribe(restaurantId, lastEventId, sinkOf(stream)));
      } catch (error) {
        stream.end();
        throw error;
      }
      return reply
        .headers({ 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store, no-transform', 'x-accel-buffering': 'no' })
        .send(stream.body);
    },
  );
}
