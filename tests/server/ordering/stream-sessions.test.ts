/**
 * The watcher that ends an order stream with its session (server/routes/ordering/stream-sessions.ts),
 * with its reads of the session epochs held open, as a slow database would hold them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchStreamSessions, type ReadEpochs } from '#server/routes/ordering/stream-sessions';

const EVERY_MS = 100;
const LATER = new Date('2026-11-29T12:00:00Z');
const NOW = new Date('2026-11-29T11:00:00Z');

/** Reads answered by the test: each call waits until `answer` is called with the epochs. */
function heldReads() {
  const calls: { userIds: readonly number[]; answer: (epochs: Map<number, number>) => void }[] = [];
  const read: ReadEpochs = (userIds) => new Promise((answer) => calls.push({ userIds, answer }));
  return { read, calls };
}

let watcher: ReturnType<typeof watchStreamSessions> | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  watcher?.close();
  vi.useRealTimers();
});

describe('watchStreamSessions', () => {
  it('keeps a stream opened while a read is under way, and ends it when its epoch moves on', { timeout: 5_000 }, async () => {
    const { read, calls } = heldReads();
    watcher = watchStreamSessions(read, { everyMs: EVERY_MS, clock: () => NOW, log: { warn: () => {} } });
    const ada = vi.fn();
    const bob = vi.fn();
    watcher.watch({ userId: 1, epoch: 0, expiresAt: LATER }, ada);
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(calls.map((call) => call.userIds)).toEqual([[1]]);

    // Bob's board opens while the read about Ada is still out: it says nothing of Bob.
    watcher.watch({ userId: 2, epoch: 0, expiresAt: LATER }, bob);
    calls[0]!.answer(new Map([[1, 0]]));
    await vi.advanceTimersByTimeAsync(0);
    expect(bob).not.toHaveBeenCalled();
    expect(ada).not.toHaveBeenCalled();

    // The next read asks about both; Bob has signed out meanwhile.
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(calls[1]!.userIds).toEqual([1, 2]);
    calls[1]!.answer(
      new Map([
        [1, 0],
        [2, 1],
      ]),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(bob).toHaveBeenCalledOnce();
    expect(ada).not.toHaveBeenCalled();
  });

  it('ends a stream at its token’s expiry, and the stream of a user who is gone', { timeout: 5_000 }, async () => {
    const { read, calls } = heldReads();
    watcher = watchStreamSessions(read, { everyMs: 10 * 60_000, clock: () => NOW, log: { warn: () => {} } });
    const expiring = vi.fn();
    const gone = vi.fn();
    watcher.watch({ userId: 1, epoch: 0, expiresAt: new Date(NOW.getTime() + 5_000) }, expiring);
    watcher.watch({ userId: 2, epoch: 0, expiresAt: LATER }, gone);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(expiring).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    calls[0]!.answer(new Map([[1, 0]]));
    await vi.advanceTimersByTimeAsync(0);
    expect(gone).toHaveBeenCalledOnce();
  });
});
