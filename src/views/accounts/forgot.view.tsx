import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { forgotPasswordMachine, type ForgotPasswordMachine } from '../../machines/accounts/forgot-password.machine';
import { AuthPage, CardHeading, ErrorAlert, NoticeAlert, authClasses as classes } from './auth-layout';
import { CodeInput } from './code-input';
import { EmailInput } from './email-input';
import { ResendControl } from './resend-control';

export interface ForgotViewProps {
  machine?: ForgotPasswordMachine;
  resendSeconds?: number;
}

export function ForgotView({ machine = forgotPasswordMachine, resendSeconds }: ForgotViewProps) {
  const [state, send] = useMachine(machine, { input: { resendSeconds } });
  const [, navigate] = useLocation();
  const top = useRef<HTMLDivElement>(null);
  const stage = state.matches('request') ? 'request' : 'reset';
  const previous = useRef(stage);
  const { context } = state;

  useEffect(() => {
    if (state.matches('done')) navigate('/login?reset=1', { replace: true });
  }, [state, navigate]);

  useEffect(() => {
    if (previous.current !== stage) top.current?.focus();
    previous.current = stage;
  }, [stage]);

  const onSubmit = (type: 'request.submit' | 'reset.submit') => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type });
  };

  const aside = (
    <Button component={Link} href="/login" variant="subtle" color="dark" size="md" className={classes.touch}>
      Login
    </Button>
  );

  if (stage === 'request') {
    const sending = state.matches({ request: 'sending' });
    return (
      <AuthPage aside={aside}>
        <div ref={top} tabIndex={-1} style={{ outline: 'none' }}>
          <form noValidate onSubmit={onSubmit('request.submit')}>
            <Stack gap="lg">
              <CardHeading title="Forgot password">Enter the email of your account and we will send you a 6-digit code.</CardHeading>
              {context.error ? <ErrorAlert>{context.error}</ErrorAlert> : null}
              <EmailInput
                value={context.email}
                error={context.fieldErrors.email}
                readOnly={sending}
                onChange={(event) => send({ type: 'field.change', field: 'email', value: event.currentTarget.value })}
              />
              <Button type="submit" size="lg" fullWidth loading={sending}>
                Send code
              </Button>
              <Anchor component={Link} href="/login" className={classes.inlineLink}>
                Back to login
              </Anchor>
            </Stack>
          </form>
        </div>
      </AuthPage>
    );
  }

  const saving = state.matches({ reset: 'saving' }) || state.matches('done');
  const resending = state.matches({ reset: 'resending' });
  return (
    <AuthPage aside={aside}>
      <div ref={top} tabIndex={-1} style={{ outline: 'none' }}>
        <form noValidate onSubmit={onSubmit('reset.submit')}>
          <Stack gap="lg">
            <CardHeading title="Set a new password">
              Enter the code sent to <strong>{context.email.trim().toLowerCase()}</strong> and choose a new password.
            </CardHeading>
            {context.notice ? <NoticeAlert color="blue">{context.notice}</NoticeAlert> : null}
            {context.error ? <ErrorAlert>{context.error}</ErrorAlert> : null}
            {context.fieldErrors.email ? <ErrorAlert>{context.fieldErrors.email}</ErrorAlert> : null}
            <CodeInput
              value={context.code}
              error={context.fieldErrors.code}
              disabled={saving}
              autoFocus
              onChange={(value) => send({ type: 'field.change', field: 'code', value })}
            />
            <PasswordInput
              label="New password"
              name="password"
              size="lg"
              autoComplete="new-password"
              description="At least 8 characters."
              value={context.password}
              error={context.fieldErrors.password}
              readOnly={saving}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              onChange={(event) => send({ type: 'field.change', field: 'password', value: event.currentTarget.value })}
            />
            <Button type="submit" size="lg" fullWidth loading={saving} disabled={resending}>
              Reset password
            </Button>
            <ResendControl lock={context.resendLock} busy={resending} onResend={() => send({ type: 'code.resend' })} />
            <Anchor component="button" type="button" className={classes.inlineLink} onClick={() => send({ type: 'step.back' })}>
              Use a different email
            </Anchor>
          </Stack>
        </form>
      </div>
    </AuthPage>
  );
}
