/**
 * Reads of one key shared by the requests waiting for them, never older than a request: a
 * request joins a read only if that read has not started yet. A read starts at the end of the
 * event loop's turn (setImmediate), so every request the server took in during that turn joins
 * it; while it runs, the requests arriving meanwhile wait together for the next one. Each is
 * answered by a read that began after it arrived (a change committed before a request came is
 * always seen), and 50 requests in flight cost a read or two instead of 50. On PGlite, whose
 * reads are work on the server's own thread, waiting for the end of the turn is what lets them
 * share at all. Nothing is kept once a read has answered.
 */
export function freshReads<T>(read: (key: string) => Promise<T>) {
  type Waiting = { promise: Promise<T>; start: () => void };
  const running = new Set<string>();
  const next = new Map<string, Waiting>();

  function start(key: string, waiting: Waiting) {
    next.delete(key);
    running.add(key);
    waiting.start();
  }

  function finished(key: string) {
    running.delete(key);
    const queued = next.get(key);
    if (queued) setImmediate(() => start(key, queued));
  }

  return (key: string): Promise<T> => {
    const queued = next.get(key);
    if (queued) return queued.promise;
    let begin!: () => void;
    const promise = new Promise<T>((resolve, reject) => {
      begin = () =>
        read(key)
          .then(resolve, reject)
          .finally(() => finished(key));
    });
    const waiting = { promise, start: begin };
    next.set(key, waiting);
    if (!running.has(key)) setImmediate(() => start(key, waiting));
    return promise;
  };
}
