import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Button, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { resendLockMachine } from '../../machines/accounts/resend-lock.machine';
import classes from './auth.module.css';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The Resend button under the 60-second lock. The countdown sits beside the button, not in
 * its name, so the button keeps the spec's word and screen readers are not told every second.
 */
export function ResendControl({ lock, busy, onResend }: { lock: ActorRefFrom<typeof resendLockMachine>; busy: boolean; onResend: () => void }) {
  const left = useSelector(lock, (snapshot) => snapshot.context.left);
  return (
    <div className={classes.resend}>
      <Text size="sm" c="dimmed">
        No email?
      </Text>
      <Button variant="subtle" size="md" className={classes.touch} disabled={left > 0} loading={busy} onClick={onResend}>
        Resend
      </Button>
      {left > 0 ? (
        <Text size="sm" c="dimmed" data-testid="resend-countdown">
          You can resend in {clock(left)}
        </Text>
      ) : null}
    </div>
  );
}

/**
 * The foot of a step that waits for an emailed code (registration's code, the forgot-password
 * reset): its submit button, held while a new code is on its way; Resend; and the way back to
 * the email step.
 */
export function CodeStepActions({
  submit,
  busy,
  resending,
  lock,
  onResend,
  onBack,
}: {
  submit: string;
  busy: boolean;
  resending: boolean;
  lock: ActorRefFrom<typeof resendLockMachine>;
  onResend: () => void;
  onBack: () => void;
}) {
  return (
    <>
      <Button type="submit" size="lg" fullWidth loading={busy} disabled={resending}>
        {submit}
      </Button>
      <ResendControl lock={lock} busy={resending} onResend={onResend} />
      <Anchor component="button" type="button" className={classes.inlineLink} onClick={onBack}>
        Use a different email
      </Anchor>
    </>
  );
}
