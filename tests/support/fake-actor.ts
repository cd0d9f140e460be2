/**
 * A promise actor whose calls wait until the test answers them, so a model's `server.*`
 * events decide what the "server" says and when. Views get it through `provideChecked`
 * (tests/support/contract-double.ts), which also checks each call's requests against the
 * server's contracts: a call the server would refuse fails with the server's 400 instead.
 */
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { contractChecksDone, describeRefusal, refusals } from './contract-double';

export type PendingCall<TInput, TOutput> = { input: TInput; resolve: (output: TOutput) => void; reject: (error: unknown) => void };

/** Lets the contract checks under way finish and the machine take the answer before the test looks. */
async function settle(): Promise<void> {
  await contractChecksDone();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

export function createFakeActor<TOutput, TInput>(name: string) {
  const pending: PendingCall<TInput, TOutput>[] = [];
  const received: TInput[] = [];
  const refusalsBefore = refusals.length;
  const actor = fromPromise<TOutput, TInput>(({ input }) => {
    received.push(input);
    return new Promise<TOutput>((resolve, reject) => pending.push({ input, resolve, reject }));
  });
  const take = () => {
    const refused = refusals.slice(refusalsBefore).map(describeRefusal).join('\n');
    expect(pending, `exactly one ${name} call should be waiting for an answer${refused ? `; the server refused:\n${refused}` : ''}`).toHaveLength(1);
    return pending.shift()!;
  };
  return {
    actor,
    pending,
    received,
    async resolve(output: TOutput) {
      take().resolve(output);
      await settle();
    },
    async reject(error: unknown) {
      take().reject(error);
      await settle();
    },
  };
}
