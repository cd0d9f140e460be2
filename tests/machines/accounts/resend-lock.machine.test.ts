import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { RESEND_LOCK_SECONDS } from '#contracts/accounts';
import { resendLockMachine } from '#src/machines/accounts/resend-lock.machine';
import { assertPathCoverage } from '../../support/path-coverage';

describe('resend lock machine: path coverage', () => {
  it('reaches every state and transition', () => {
    const report = assertPathCoverage(resendLockMachine, { input: { seconds: 2 } });
    expect(report.states.reached).toEqual(['ready', 'locked']);
    expect(report.transitions.reached).toHaveLength(4);
  });
});

describe('resend lock machine: behaviour', () => {
  it('locks for the spec’s 60 seconds by default', () => {
    const actor = createActor(resendLockMachine, { input: {} }).start();
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'code.sent' });
    expect(actor.getSnapshot().value).toBe('locked');
    expect(actor.getSnapshot().context.left).toBe(RESEND_LOCK_SECONDS);
    actor.stop();
  });

  it('counts down one tick at a time, unlocks after the last, and starts again on each send', async () => {
    const fast = resendLockMachine.provide({ delays: { tick: 5 } });
    const actor = createActor(fast, { input: { seconds: 3 } }).start();
    const seen: number[] = [];
    actor.subscribe((snapshot) => seen.push(snapshot.context.left));
    actor.send({ type: 'code.sent' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(seen).toEqual([3, 2, 1, 0]);

    actor.send({ type: 'code.sent' });
    await waitFor(actor, (snapshot) => snapshot.context.left === 1);
    actor.send({ type: 'code.sent' });
    expect(actor.getSnapshot().context.left).toBe(3);
    actor.stop();
  });
});

describe('resend lock machine: lengths and seconds', () => {
  it('locks for at least one whole second, whatever length it is given', () => {
    const lengthOf = (seconds: number) => {
      const actor = createActor(resendLockMachine, { input: { seconds } }).start();
      actor.send({ type: 'code.sent' });
      const { left } = actor.getSnapshot().context;
      actor.stop();
      return left;
    };
    expect(lengthOf(0)).toBe(1);
    expect(lengthOf(-5)).toBe(1);
    expect(lengthOf(2.7)).toBe(2);
    expect(lengthOf(4)).toBe(4);
  });

  it('counts real seconds: Resend stays locked until the 60th second has passed', () => {
    vi.useFakeTimers();
    try {
      const actor = createActor(resendLockMachine, { input: undefined }).start();
      actor.send({ type: 'code.sent' });
      vi.advanceTimersByTime(999);
      expect(actor.getSnapshot().context.left).toBe(RESEND_LOCK_SECONDS);
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().context.left).toBe(RESEND_LOCK_SECONDS - 1);
      vi.advanceTimersByTime((RESEND_LOCK_SECONDS - 2) * 1000);
      expect(actor.getSnapshot().value).toBe('locked');
      expect(actor.getSnapshot().context.left).toBe(1);
      vi.advanceTimersByTime(1000);
      expect(actor.getSnapshot().value).toBe('ready');
      expect(actor.getSnapshot().context.left).toBe(0);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
