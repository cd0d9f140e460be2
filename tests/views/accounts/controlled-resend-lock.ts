import { act } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, type AnyActorRef } from 'xstate';
import { RESEND_LOCK_SECONDS } from '#contracts/accounts';
import { lockSeconds, resendLockMachine } from '#src/machines/accounts/resend-lock.machine';

/**
 * The real resend lock, with its clock in the test's hands: ticks never come by themselves (so
 * a countdown read on a loaded machine still shows its first second), and `expire` delivers
 * them (the same `xstate.after` events the timer would send) until the lock opens.
 */
export function controlledResendLock() {
  const locks: AnyActorRef[] = [];
  const machine = resendLockMachine.provide({
    delays: { tick: 2 ** 30 },
    actions: {
      lock: assign(({ context, event, self }) => {
        locks.push(self);
        return { left: lockSeconds(context, event) };
      }),
    },
  });
  const expire = () => {
    // One tick per second of the lock at most: a lock that never unlocks fails here instead of hanging.
    for (const lock of locks) {
      for (let tick = 0; tick <= RESEND_LOCK_SECONDS && lock.getSnapshot().value === 'locked'; tick += 1) {
        act(() => lock.send({ type: 'xstate.after.tick.resendLock.locked' }));
      }
      expect(lock.getSnapshot().value, 'the resend lock should open after its seconds have ticked').not.toBe('locked');
    }
  };
  return { machine, expire };
}
