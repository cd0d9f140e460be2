/**
 * Reads of one key shared by the requests waiting for them, never older than a request: a
 * request joins a read only if that read has not started yet. While a read of a key runs, the
 * requests arriving meanwhile wait together for the next one, which starts when it ends, so
 * each is answered by a read that began after it arrived (a change committed before a request
 * came is always seen), and 50 requests in flight cost a read or two instead of 50. Nothing is
 * kept once a read has answered.
 */
export function freshReads<T>(read: (key: string) => Promise<T>) {
  type Waiting = { promise: Promise<T>; start: () => void };
  const running = new Map<string, Promise<T>>();
  const next = new Map<string, Waiting>();

  function start(key: string): Promise<T> {
    const reading = read(key).finally(() => {
      running.delete(key);
      const queued = next.get(key);
      if (queued) {
        next.delete(key);
        queued.start();
      }
    });
    running.set(key, reading);
    return reading;
  }

  return (key: string): Promise<T> => {
    if (!running.has(key)) return start(key);
    let queued = next.get(key);
    if (!queued) {
      let begin!: () => void;
      const promise = new Promise<T>((resolve, reject) => {
        begin = () => start(key).then(resolve, reject);
      });
      queued = { promise, start: begin };
      next.set(key, queued);
    }
    return queued.promise;
  };
}
