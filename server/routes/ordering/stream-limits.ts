import { HttpError } from '../../http-error';

/** Seconds a refused client is asked to wait (`Retry-After`) before opening another stream. */
const RETRY_AFTER_SECONDS = 30;

/**
 * How many order event streams this process holds open, per user and in all. A stream is a
 * socket and a few timers for as long as it lasts, so each is counted while it is open and
 * given back when it ends. Counted per process on purpose: the streams themselves live in it.
 */
export function streamLimits({ perUser, perProcess }: { perUser: number; perProcess: number }) {
  const byUser = new Map<number, number>();
  let total = 0;
  return {
    /** Counts one stream of `userId`, or refuses it (429 over the user's share, 503 when the process is full); returns its release. */
    admit(userId: number): () => void {
      const held = byUser.get(userId) ?? 0;
      const headers = { 'retry-after': String(RETRY_AFTER_SECONDS) };
      if (held >= perUser) {
        throw new HttpError(429, 'too_many_streams', `You already have ${perUser} order boards open. Close one, or try again in a moment.`, { headers });
      }
      if (total >= perProcess)
        throw new HttpError(503, 'streams_full', 'The server is serving as many order boards as it can. Please try again shortly.', { headers });
      byUser.set(userId, held + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left === 0) byUser.delete(userId);
        else byUser.set(userId, left);
      };
    },
  };
}
