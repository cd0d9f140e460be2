import { assign, setup } from 'xstate';
import { RESEND_LOCK_SECONDS } from '../../../contracts/accounts';

/**
 * The resend countdown (spec section 4: Resend is locked for 60 s after each code send).
 * Used as a child (invoke id `resendLock`) by the registration and forgot-password machines,
 * which send `code.sent` whenever a code goes out. The server enforces the same lock; this
 * only spares the person a request that would be refused.
 *
 *   ready --code.sent--> locked (left = seconds, or the event's own seconds)
 *   locked --after tick [left > 1]--> locked (left - 1)
 *   locked --after tick [last second]--> ready
 *   locked --code.sent--> locked (starts again from `seconds`)
 */

export interface ResendLockInput {
  /** Length of the lock in ticks (seconds in the app; tests keep it small). */
  seconds?: number;
}

export interface ResendLockContext {
  seconds: number;
  /** Seconds until Resend is allowed again; 0 when ready. */
  left: number;
}

/** `seconds`: the lock the server named (a 429's Retry-After) instead of the usual length. */
export type ResendLockEvent = { type: 'code.sent'; seconds?: number };

/** The seconds a `code.sent` locks Resend for: the server's own wait when it named one, else the usual length. */
export function lockSeconds(context: ResendLockContext, event: ResendLockEvent): number {
  return event.seconds === undefined ? context.seconds : Math.max(1, Math.ceil(event.seconds));
}

export const resendLockMachine = setup({
  types: {
    context: {} as ResendLockContext,
    events: {} as ResendLockEvent,
    input: {} as ResendLockInput | undefined,
  },
  // One second per tick; tests shorten it through `provide({ delays: { tick } })`.
  delays: { tick: 1000 },
  guards: {
    lastSecond: ({ context }) => context.left <= 1,
  },
  actions: {
    lock: assign(({ context, event }) => ({ left: lockSeconds(context, event) })),
    countDown: assign(({ context }) => ({ left: context.left - 1 })),
    unlock: assign(() => ({ left: 0 })),
  },
}).createMachine({
  id: 'resendLock',
  context: ({ input }) => {
    const seconds = Math.max(1, Math.floor(input?.seconds ?? RESEND_LOCK_SECONDS));
    return { seconds, left: 0 };
  },
  initial: 'ready',
  states: {
    ready: {
      on: { 'code.sent': { target: 'locked', actions: 'lock' } },
    },
    locked: {
      after: {
        tick: [
          { guard: 'lastSecond', target: 'ready', actions: 'unlock' },
          { target: 'locked', reenter: true, actions: 'countDown' },
        ],
      },
      on: { 'code.sent': { target: 'locked', reenter: true, actions: 'lock' } },
    },
  },
});

export type ResendLockMachine = typeof resendLockMachine;
