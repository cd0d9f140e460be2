import { describe, expect, it } from 'vitest';
import { oneAtATime } from '#server/domain/shared/one-at-a-time';

/** Issue 28: big deep creates take turns, so at most one works at a time per process. */
describe('oneAtATime', () => {
  it('gives turns in arrival order, each only once the one before is given back', async () => {
    const turn = oneAtATime();
    const order: string[] = [];
    const first = await turn();
    const second = turn().then((release) => {
      order.push('second');
      return release;
    });
    const third = turn().then((release) => {
      order.push('third');
      return release;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    first();
    const releaseSecond = await second;
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['second']);
    // Giving a turn back twice (answered, then the connection closed) lets only the next one go.
    releaseSecond();
    releaseSecond();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    await turn().then((release) => release());
  });
});
