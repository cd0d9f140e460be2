import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { HttpError } from '../../http-error';

/** Seconds a refused client is asked to wait (`Retry-After`) before opening another stream. */
const RETRY_AFTER_SECONDS = 30;

/**
 * The share of a process's streams one address, or one restaurant, may hold: a fiftieth (20 of
 * the default 1,000), never fewer than one user's. So filling a process takes fifty addresses
 * and fifty launched restaurants, not one address with throwaway accounts (issue 40, item 11).
 */
export const SHARE_OF_PROCESS = 50;

/** Who a stream belongs to, each counted against its own cap. */
export type StreamHolder = { userId: number; address: string; restaurantId: number };

type Cap = { key: string; max: number; refusal: () => HttpError };

const headers = { 'retry-after': String(RETRY_AFTER_SECONDS) };

const tooMany = (detail: string) => () => new HttpError(429, 'too_many_streams', detail, { headers });

/**
 * Counts of open streams under keys, in Redis, so that every server process sees the same
 * ones. Each stream is a lease that lapses by itself after `leaseMs` (a stream never lives
 * longer: it ends at ORDER_STREAM_MAX_AGE_MS), so a process that dies never leaves a count
 * behind. One script checks every key and takes a place in all of them, or in none.
 */
const TAKE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[2 + i]) then return i end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + lease, ARGV[2])
  redis.call('PEXPIRE', key, lease)
end
return 0`;

type SharedCounts = {
  /** The index of the first full cap, or -1 when a place was taken in each (also when Redis cannot be reached: see below). */
  take(caps: Cap[], id: string): Promise<number>;
  give(caps: Cap[], id: string): void;
};

function redisCounts(redis: Redis, leaseMs: number, onError: (error: unknown) => void): SharedCounts {
  const keyOf = (cap: Cap) => `streams:${cap.key}`;
  return {
    async take(caps, id) {
      try {
        const full = Number(await redis.eval(TAKE_SCRIPT, caps.length, ...caps.map(keyOf), leaseMs, id, ...caps.map((cap) => cap.max)));
        return full - 1;
      } catch (error) {
        // Like the rate limits: a Redis outage leaves the process's own counts, it does not refuse every board.
        onError(error);
        return -1;
      }
    },
    give(caps, id) {
      const pipeline = redis.pipeline();
      for (const cap of caps) pipeline.zrem(keyOf(cap), id);
      pipeline.exec().catch(onError);
    },
  };
}

export type StreamLimitOptions = {
  perUser: number;
  perProcess: number;
  /** Shares the per-user, per-address and per-restaurant counts among server processes (REDIS_URL). */
  redis?: Redis | undefined;
  /** How long a shared count may outlive its stream when a process dies: the streams' maximum age. */
  leaseMs?: number;
  onRedisError?: (error: unknown) => void;
};

/**
 * How many order event streams may be open: per user, per client address and per restaurant
 * (on every process together when Redis is configured, else on this one), and in all on this
 * process, whose sockets and timers they are. Each stream is counted while it is open and given
 * back when it ends.
 */
export function streamLimits({ perUser, perProcess, redis, leaseMs = 10 * 60_000, onRedisError = () => {} }: StreamLimitOptions) {
  const perShare = Math.max(perUser, Math.floor(perProcess / SHARE_OF_PROCESS));
  const held = new Map<string, number>();
  const shared = redis ? redisCounts(redis, leaseMs, onRedisError) : undefined;
  let total = 0;

  const capsOf = ({ userId, address, restaurantId }: StreamHolder): Cap[] => [
    { key: `user:${userId}`, max: perUser, refusal: tooMany(`You already have ${perUser} order boards open. Close one, or try again in a moment.`) },
    {
      key: `address:${address}`,
      max: perShare,
      refusal: tooMany(`This network already has ${perShare} order boards open. Close one, or try again in a moment.`),
    },
    {
      key: `restaurant:${restaurantId}`,
      max: perShare,
      refusal: tooMany(`This restaurant already has ${perShare} order boards open. Close one, or try again in a moment.`),
    },
  ];

  const count = (caps: Cap[], step: 1 | -1) => {
    for (const { key } of caps) {
      const left = (held.get(key) ?? 0) + step;
      if (left === 0) held.delete(key);
      else held.set(key, left);
    }
    total += step;
  };

  return {
    /**
     * Counts one stream of `holder`, or refuses it: 429 over a user's, an address's or a
     * restaurant's share, 503 when this process is full. Returns its release.
     */
    async admit(holder: StreamHolder): Promise<() => void> {
      const caps = capsOf(holder);
      const local = caps.find((cap) => (held.get(cap.key) ?? 0) >= cap.max);
      if (local) throw local.refusal();
      if (total >= perProcess)
        throw new HttpError(503, 'streams_full', 'The server is serving as many order boards as it can. Please try again shortly.', { headers });
      // Counted here before the shared count answers, so streams opened at once cannot all pass.
      count(caps, 1);
      const id = randomUUID();
      const full = shared ? await shared.take(caps, id) : -1;
      if (full >= 0) {
        count(caps, -1);
        throw caps[full]!.refusal();
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        count(caps, -1);
        shared?.give(caps, id);
      };
    },
  };
}
