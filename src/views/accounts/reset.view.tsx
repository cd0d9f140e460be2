import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { resetPasswordMachine, type ResetPasswordMachine } from '../../machines/accounts/reset-password.machine';
import { AuthPage, CardHeading, ErrorAlert, authClasses as classes } from './auth-layout';
import { CodeInput } from './code-input';
import { EmailInput } from './email-input';

export interface ResetViewProps {
  machine?: ResetPasswordMachine;
}

export function ResetView({ machine = resetPasswordMachine }: ResetViewProps) {
  const [search] = useSearchParams();
  const [state, send] = useMachine(machine, { input: { email: search.get('email') ?? '' } });
  const [, navigate] = useLocation();
  const { context } = state;
  const saving = state.matches('saving') || state.matches('done');

  useEffect(() => {
    if (state.matches('done')) navigate('/login?reset=1', { replace: true });
  }, [state, navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send({ type: 'form.submit' });
  }

  return (
    <AuthPage
      aside={
        <Button component={Link} href="/login" variant="subtle" color="dark" size="md" className={classes.touch}>
          Login
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="lg">
          <CardHeading title="Reset password">Enter the 6-digit code from your email and choose a new password.</CardHeading>
          {context.error ? <ErrorAlert>{context.error}</ErrorAlert> : null}
          <EmailInput
            value={context.email}
            error={context.fieldErrors.email}
            readOnly={saving}
            onChange={(event) => send({ type: 'field.change', field: 'email', value: event.currentTarget.value })}
          />
          <CodeInput
            value={context.code}
            error={context.fieldErrors.code}
            disabled={saving}
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
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password' }}
            onChange={(event) => send({ type: 'field.change', field: 'password', value: event.currentTarget.value })}
          />
          <PasswordInput
            label="Confirm password"
            name="confirm"
            size="lg"
            autoComplete="new-password"
            value={context.confirm}
            error={context.fieldErrors.confirm}
            readOnly={saving}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password confirmation' }}
            onChange={(event) => send({ type: 'field.change', field: 'confirm', value: event.currentTarget.value })}
          />
          <Button type="submit" size="lg" fullWidth loading={saving}>
            Reset password
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            No code yet?{' '}
            <Anchor component={Link} href="/forgot" fw={600} className={classes.inlineLink}>
              Request one
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthPage>
  );
}
