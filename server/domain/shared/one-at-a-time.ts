/**
 * Turns taken one after another, in arrival order (issue 28). Requests that may write hundreds of
 * rows take a turn before their body is checked and give it back when answered, so at most one
 * of them works at a time per process: checking a 500-row body and writing it are each a stretch
 * of the event loop (and, on PGlite, which runs one transaction at a time in this very thread, of
 * the database), and ten arriving at once queued health and other owners' reads behind all ten.
 * On PostgreSQL they also hold one pooled connection between them, not ten.
 */
export function oneAtATime(): () => Promise<() => void> {
  let last: Promise<void> = Promise.resolve();
  return () => {
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const turn = last.then(() => release);
    last = last.then(() => done);
    return turn;
  };
}
