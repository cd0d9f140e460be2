import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { RESEND_LOCK_SECONDS } from '../../../contracts/accounts';
import { resendLockMachine } from '../../../src/machines/accounts/resend-lock.machine';
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
