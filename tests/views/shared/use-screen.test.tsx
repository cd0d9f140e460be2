import { render } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { emit, setup } from 'xstate';
import { useScreen, type ScreenHandlers } from '#src/views/shared/use-screen';

/** A machine that emits what it is told to, as a screen's machine emits its effects. */
const effects = setup({
  types: {
    events: {} as { type: 'say'; message: string } | { type: 'focus' },
    emitted: {} as { type: 'screen.announce'; message: string } | { type: 'screen.focus' },
  },
}).createMachine({
  on: {
    say: { actions: emit(({ event }) => ({ type: 'screen.announce', message: event.message }) as const) },
    focus: { actions: emit({ type: 'screen.focus' }) },
  },
});

type Handlers = ScreenHandlers<{ type: 'screen.announce'; message: string } | { type: 'screen.focus' }>;
let send: (event: { type: 'say'; message: string } | { type: 'focus' }) => void = () => undefined;

function Screen({ handlers }: { handlers: Handlers }) {
  const actor = useActorRef(effects);
  send = actor.send;
  useScreen(actor, handlers);
  return null;
}

describe('useScreen', () => {
  it('performs each emitted effect once, with the latest handlers, and none after unmount', { timeout: 5_000 }, () => {
    const heard: string[] = [];
    const { rerender, unmount } = render(<Screen handlers={{ 'screen.announce': ({ message }) => heard.push(`first ${message}`) }} />);
    send({ type: 'say', message: 'New order #12 from Ada' });
    // A handler the screen did not give is no effect.
    send({ type: 'focus' });
    rerender(<Screen handlers={{ 'screen.announce': ({ message }) => heard.push(`second ${message}`), 'screen.focus': () => heard.push('focus') }} />);
    send({ type: 'say', message: 'Order #12 accepted.' });
    send({ type: 'focus' });
    unmount();
    send({ type: 'say', message: 'unheard' });
    expect(heard).toEqual(['first New order #12 from Ada', 'second Order #12 accepted.', 'focus']);
  });
});
