/** The session a stream was opened with: its user, the epoch its token carries, and when the token expires. */
export type StreamSession = { userId: number; epoch: number; expiresAt: Date };

type Logger = { warn(details: object, message: string): void };

/** Reads the session epoch of each of these users now (server/domain/shared/session-epochs.ts); a user who is gone is absent. */
export type ReadEpochs = (userIds: readonly number[]) => Promise<Map<number, number>>;

/**
 * Ends each open stream when the session that opened it ends (issue 40, item 12): at its
 * token's expiry (a timer), and once its user's session epoch has moved on (logout, a password
 * reset), which is read from the database for every watched stream in one statement each
 * `everyMs`, so a logout on any server process ends the stream on this one within that time.
 */
export function watchStreamSessions(readEpochs: ReadEpochs, { everyMs, clock, log }: { everyMs: number; clock: () => Date; log: Logger }) {
  const watched = new Map<() => void, StreamSession>();
  let checking = false;

  const check = async () => {
    if (checking || watched.size === 0) return;
    checking = true;
    try {
      // Only the streams watched when the read began are judged by it: one opened meanwhile, by
      // a user the read did not ask about, would find no epoch and be ended at once.
      const judged = [...watched];
      const epochs = await readEpochs([...new Set(judged.map(([, session]) => session.userId))]);
      for (const [end, session] of judged) if (watched.has(end) && epochs.get(session.userId) !== session.epoch) end();
    } catch (error) {
      // Checked again at the next turn; the stream's own maximum age bounds it meanwhile.
      log.warn({ err: error }, 'could not read the session epochs of open order streams');
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();

  return {
    /** Watches one stream's session; `end` ends the stream. Returns the watch's own end, for when the stream ends first. */
    watch(session: StreamSession, end: () => void): () => void {
      // setTimeout takes at most 2^31 - 1 ms; an access token lives minutes.
      const expiry = setTimeout(end, Math.min(2 ** 31 - 1, Math.max(0, session.expiresAt.getTime() - clock().getTime())));
      watched.set(end, session);
      return () => {
        clearTimeout(expiry);
        watched.delete(end);
      };
    },
    close() {
      clearInterval(timer);
    },
  };
}
