import pg from 'pg';

/** What a listener is told: each payload on its channel, and each time it listens again after losing its connection. */
export type ChannelHandlers = {
  onPayload: (payload: string) => void;
  /**
   * Called once LISTEN holds again after a lost connection: notifications sent meanwhile are
   * gone, so whoever listens reads what it missed from the tables.
   */
  onReconnect?: () => void;
};

type ListenerLogger = { error(details: object, message: string): void };

/** The waits between attempts to listen again: doubling from the first, never above the last. */
export type Backoff = { firstMs: number; capMs: number };
export const RECONNECT_BACKOFF: Backoff = { firstMs: 100, capMs: 5_000 };

/**
 * LISTEN on a dedicated connection of its own, not a pooled one: a pooled client is handed to
 * other queries and dropped when idle, and notifications reach only the session that listens.
 * When that connection is lost (a restart, a terminated backend, a network blip) it connects
 * and listens again, waiting 100 ms, 200 ms, … up to 5 s between attempts, until stopped.
 * The first LISTEN is awaited: if the database cannot be reached then, the caller is told.
 */
export async function listenOnOwnConnection(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
  { logger, backoff = RECONNECT_BACKOFF }: { logger?: ListenerLogger; backoff?: Backoff } = {},
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;

  const connect = async (): Promise<pg.Client> => {
    // keepAlive: a connection whose server vanished without a word is noticed, not waited on forever.
    const next = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onPayload(message.payload ?? '');
    });
    // An 'error' nobody listens to ends the process; 'end' follows it, and is what is acted on.
    next.on('error', (error) => logger?.error({ err: error }, `listening on ${channel}: connection lost`));
    next.once('end', () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw error;
    }
    return next;
  };

  const lost = () => {
    client = undefined;
    if (stopped) return;
    const waitMs = Math.min(backoff.capMs, backoff.firstMs * 2 ** attempt);
    attempt += 1;
    retry = setTimeout(() => void listenAgain(), waitMs);
  };

  const listenAgain = async () => {
    retry = undefined;
    if (stopped) return;
    try {
      const next = await connect();
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
      attempt = 0;
      handlers.onReconnect?.();
    } catch (error) {
      logger?.error({ err: error }, `listening on ${channel}: reconnect failed`);
      lost();
    }
  };

  client = await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}
