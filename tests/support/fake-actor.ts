/**
 * A promise actor whose calls wait until the test answers them, so a model's `server.*`
 * events decide what the "server" says and when. Views get it through `machine.provide`.
 */
import { expect } from 'vitest';
import { fromPromise } from 'xstate';

export type PendingCall<TInput, TOutput> = { input: TInput; resolve: (output: TOutput) => void; reject: (error: unknown) => void };

export function createFakeActor<TOutput, TInput>(name: string) {
  const pending: PendingCall<TInput, TOutput>[] = [];
  const received: TInput[] = [];
  const actor = fromPromise<TOutput, TInput>(({ input }) => {
    received.push(input);
    return new Promise<TOutput>((resolve, reject) => pending.push({ input, resolve, reject }));
  });
  const take = () => {
    expect(pending, `exactly one ${name} call should be waiting for an answer`).toHaveLength(1);
    return pending.shift()!;
  };
  return {
    actor,
    pending,
    received,
    resolve(output: TOutput) {
      take().resolve(output);
    },
    reject(error: unknown) {
      take().reject(error);
    },
  };
}
