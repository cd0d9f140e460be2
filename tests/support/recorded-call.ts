/**
 * A promise actor that answers each call at once with `answer` and keeps every input it was
 * called with, for a machine test that checks what the machine sent as well as what it did with
 * the answer. (tests/support/fake-actor.ts is the one whose calls wait for the test to answer.)
 */
import { fromPromise } from 'xstate';

export function recordedCall<TOutput, TInput>(answer: (input: TInput) => Promise<TOutput>) {
  const calls: TInput[] = [];
  const actor = fromPromise<TOutput, TInput>(({ input }) => {
    calls.push(input);
    return answer(input);
  });
  return { actor, calls };
}
