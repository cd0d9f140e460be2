/**
 * Work a request starts and does not wait for (a reset code looked up and mailed after the
 * answer). Tracked so that shutdown finishes it before the database closes, and so a caller
 * can wait for it (`app.backgroundSettled()`: the tests' way to see what the work did).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every background task started so far (and any they started) has ended. */
    backgroundSettled: () => Promise<void>;
  }
}

/** Tasks that start tasks are waited for too, up to this many rounds. */
const SETTLE_ROUNDS = 10;

export function createBackgroundTasks() {
  const pending = new Set<Promise<unknown>>();
  return {
    run(task: Promise<unknown>): void {
      const tracked = task.finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    async settled(): Promise<void> {
      for (let round = 0; round < SETTLE_ROUNDS && pending.size > 0; round += 1) await Promise.allSettled([...pending]);
    },
  };
}
