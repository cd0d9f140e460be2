import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { selectSound, type OrderBoardActor } from '../../machines/ordering/order-board.machine';
import { unblockSound, watchSoundBlocked } from './order-tone';

export const SOUND_BLOCKED = 'Your browser is blocking the sound of new orders until you use this page.';
export const TURN_SOUND_ON = 'Turn sound on';

/**
 * The board's sound is on by default (issue 40), but a browser plays none until the page has
 * been used. While it blocks it, this says so with a button that lets it play; any click or key
 * on the page does too, after which the note goes.
 */
export function SoundBlockedNote({ actor }: { actor: OrderBoardActor }) {
  const sound = useSelector(actor, selectSound);
  const blocked = useSoundBlocked(sound);
  if (!sound || !blocked) return null;
  return (
    <Alert color="yellow" variant="light" title="Sound is blocked">
      <Text inherit mb="xs">
        {SOUND_BLOCKED}
      </Text>
      <Button size="xs" variant="default" onClick={unblockSound}>
        {TURN_SOUND_ON}
      </Button>
    </Alert>
  );
}

/** Whether the browser blocks the sound while it is wanted; the first use of the page asks it to stop. */
function useSoundBlocked(wanted: boolean): boolean {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (!wanted) return undefined;
    const unwatch = watchSoundBlocked(setBlocked);
    const events = ['pointerdown', 'keydown'] as const;
    for (const name of events) window.addEventListener(name, unblockSound);
    return () => {
      unwatch();
      for (const name of events) window.removeEventListener(name, unblockSound);
    };
  }, [wanted]);
  return blocked;
}
