import type { OrderEvent } from '../../../contracts/ordering';
import type { Database } from '../../db/database';
import { eventsAfter, eventsByIds, latestEventId } from './order-event-reads';

/** The channel migration 0012's trigger notifies, with the payload "<restaurant_id>:<event_id>". */
export const ORDER_EVENTS_CHANNEL = 'order_events';
/** Events one stream is sent when it resumes (Last-Event-ID) or catches up; more missed, and it is told to reload. */
export const REPLAY_MAX = 200;
/** Ids read in one statement when a burst of notifications is read. */
const IDS_PER_READ = 500;
/** Ids each stream remembers having sent, so an event read twice (a replay overlapping a notification) goes out once. */
const REMEMBERED_IDS = 256;

/** Where the feed sends one stream's events. */
export type FeedSink = {
  /** Events to send, oldest first. */
  send(events: OrderEvent[]): void;
  /** A fresh stream's starting point: the restaurant's latest event id, so a reconnect resumes from it. */
  mark(eventId: number): void;
  /** More were missed than one replay carries: the board reloads its list, and the stream goes on after `eventId`. */
  reset(eventId: number): void;
  /** The feed can no longer promise this stream every event (a read failed): end it; its client resumes with Last-Event-ID. */
  end(): void;
};

type Subscriber = {
  restaurantId: number;
  sink: FeedSink;
  /** The highest event id sent (or the starting point): a catch-up reads after it. */
  lastId: number;
  recent: Set<number>;
  /** Events that arrived while the stream's own replay was being read: sent after it, in order. */
  held: OrderEvent[] | null;
};

type Logger = { error(details: object, message: string): void };

export type OrderFeed = {
  /**
   * Adds a stream of one restaurant's events: those after `lastEventId` first (at most
   * REPLAY_MAX, else a reset), then every event as it is committed, by any server process.
   * Resolves once it is listening; rejects (nothing added) when the database cannot be reached.
   */
  subscribe(restaurantId: number, lastEventId: number | undefined, sink: FeedSink): Promise<() => void>;
  /** Stops listening and ends every stream. */
  close(): Promise<void>;
};

function parsePayload(payload: string): { restaurantId: number; eventId: number } | null {
  const match = /^(\d+):(\d+)$/.exec(payload);
  return match ? { restaurantId: Number(match[1]), eventId: Number(match[2]) } : null;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * One per server process: one LISTEN (started by the first stream, so a process nobody watches
 * holds no connection for it), fanned out in process to the streams of each restaurant.
 * Notifications are gathered and read in one statement per restaurant per batch, one batch at a
 * time, so a burst of 40 orders costs a few reads, not 40 per stream. When PostgreSQL's
 * listening connection was lost and is back, every stream reads what it missed after its last
 * event; a stream whose read fails is ended, and its client resumes with Last-Event-ID.
 */
export function createOrderFeed(database: Database, logger?: Logger): OrderFeed {
  const db = database.db;
  const byRestaurant = new Map<number, Set<Subscriber>>();
  let listening: Promise<() => Promise<void>> | undefined;
  let closed = false;
  const noted = new Map<number, Set<number>>();
  let reading: Promise<void> | undefined;

  const deliver = (subscriber: Subscriber, events: OrderEvent[]) => {
    if (subscriber.held) {
      subscriber.held.push(...events);
      return;
    }
    const fresh = events.filter((event) => !subscriber.recent.has(event.event_id));
    if (fresh.length === 0) return;
    for (const event of fresh) {
      subscriber.recent.add(event.event_id);
      if (subscriber.recent.size > REMEMBERED_IDS) subscriber.recent.delete(subscriber.recent.values().next().value!);
      subscriber.lastId = Math.max(subscriber.lastId, event.event_id);
    }
    subscriber.sink.send(fresh);
  };

  const resetTo = (subscriber: Subscriber, eventId: number) => {
    subscriber.lastId = eventId;
    subscriber.recent.clear();
    subscriber.sink.reset(eventId);
  };

  const endAll = (subscribers: Iterable<Subscriber>, error: unknown) => {
    logger?.error({ err: error }, 'order events could not be read; ending their streams so they resume');
    for (const subscriber of [...subscribers]) subscriber.sink.end();
  };

  /** Reads the noted events, restaurant by restaurant, until nothing more was noted meanwhile. */
  const readNoted = async () => {
    while (noted.size > 0) {
      const batch = [...noted];
      noted.clear();
      for (const [restaurantId, ids] of batch) {
        const subscribers = byRestaurant.get(restaurantId);
        if (!subscribers?.size) continue;
        try {
          for (const part of chunks(
            [...ids].sort((a, b) => a - b),
            IDS_PER_READ,
          )) {
            const events = await eventsByIds(db, restaurantId, part);
            for (const subscriber of byRestaurant.get(restaurantId) ?? []) deliver(subscriber, events);
          }
        } catch (error) {
          endAll(byRestaurant.get(restaurantId) ?? [], error);
        }
      }
    }
  };

  // One batch read at a time; ids noted while it ran are read by the next.
  const readSoon = () => {
    if (reading) return;
    reading = readNoted().finally(() => {
      reading = undefined;
      if (noted.size > 0) readSoon();
    });
  };

  const onPayload = (payload: string) => {
    const parsed = parsePayload(payload);
    // Restaurants nobody watches here cost nothing.
    if (!parsed || !byRestaurant.get(parsed.restaurantId)?.size) return;
    const ids = noted.get(parsed.restaurantId) ?? new Set<number>();
    ids.add(parsed.eventId);
    noted.set(parsed.restaurantId, ids);
    readSoon();
  };

  /** Once listening again after a lost connection: what each restaurant's streams missed meanwhile. */
  const catchUp = async () => {
    for (const [restaurantId, all] of [...byRestaurant]) {
      // A stream still starting reads its own start, and holds what is delivered meanwhile.
      const subscribers = [...all].filter((subscriber) => subscriber.held === null);
      if (subscribers.length === 0) continue;
      const after = Math.min(...subscribers.map((subscriber) => subscriber.lastId));
      try {
        const missed = await eventsAfter(db, restaurantId, after, REPLAY_MAX + 1);
        const overflow = missed.length > REPLAY_MAX;
        const latest = overflow ? await latestEventId(db, restaurantId) : 0;
        for (const subscriber of subscribers) {
          if (overflow) resetTo(subscriber, latest);
          else
            deliver(
              subscriber,
              missed.filter((event) => event.event_id > subscriber.lastId),
            );
        }
      } catch (error) {
        endAll(subscribers, error);
      }
    }
  };

  const listen = () => {
    listening ??= database.listen(ORDER_EVENTS_CHANNEL, { onPayload, onReconnect: () => void catchUp() }).catch((error: unknown) => {
      // The next stream tries again.
      listening = undefined;
      throw error;
    });
    return listening;
  };

  const remove = (subscriber: Subscriber) => {
    const subscribers = byRestaurant.get(subscriber.restaurantId);
    subscribers?.delete(subscriber);
    if (subscribers?.size === 0) byRestaurant.delete(subscriber.restaurantId);
  };

  /**
   * The stream's start: its replay after `lastEventId`, or, starting afresh or after too much was
   * missed, the latest id. Events notified meanwhile were held, and follow in id order.
   */
  const start = async (subscriber: Subscriber, lastEventId: number | undefined) => {
    const missed = lastEventId === undefined ? [] : await eventsAfter(db, subscriber.restaurantId, lastEventId, REPLAY_MAX + 1);
    const overflow = missed.length > REPLAY_MAX;
    const from = lastEventId === undefined || overflow ? await latestEventId(db, subscriber.restaurantId) : lastEventId;
    const held = subscriber.held ?? [];
    subscriber.held = null;
    subscriber.lastId = from;
    if (overflow) resetTo(subscriber, from);
    else if (lastEventId === undefined) subscriber.sink.mark(from);
    const replayed = overflow ? held : [...missed, ...held];
    deliver(
      subscriber,
      replayed.sort((a, b) => a.event_id - b.event_id),
    );
  };

  return {
    async subscribe(restaurantId, lastEventId, sink) {
      if (closed) throw new Error('the order feed is closed');
      // Listening before reading: an event committed after the read is notified, one before it is read.
      await listen();
      const subscriber: Subscriber = { restaurantId, sink, lastId: 0, recent: new Set(), held: [] };
      const subscribers = byRestaurant.get(restaurantId) ?? new Set<Subscriber>();
      subscribers.add(subscriber);
      byRestaurant.set(restaurantId, subscribers);
      try {
        await start(subscriber, lastEventId);
      } catch (error) {
        remove(subscriber);
        throw error;
      }
      return () => remove(subscriber);
    },
    async close() {
      closed = true;
      const subscribers = [...byRestaurant.values()].flatMap((set) => [...set]);
      byRestaurant.clear();
      for (const subscriber of subscribers) subscriber.sink.end();
      const stop = await listening?.catch(() => undefined);
      await stop?.();
    },
  };
}
