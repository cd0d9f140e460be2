import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { usePageTitle } from '../../components/page-title';
import { resetPasswordMachine, type ResetField, type ResetPasswordMachine } from '../../machines/accounts/reset-password.machine';
import { useAuthForm } from './auth-form';
import { AuthPage, CardHeading, RefusalAlert, authClasses as classes } from './auth-layout';
import { CodeAndNewPassword } from './code-and-password';
import { EmailInput } from './email-input';
import { PasswordField } from './password-input';
import { handOverResetEmail } from './reset-handoff';

export interface ResetViewProps {
  machine?: ResetPasswordMachine;
}

const FIELDS: readonly (readonly [ResetField, string])[] = [
  ['email', 'Email'],
  ['code', '6-digit code'],
  ['password', 'New password'],
  ['confirm', 'Confirm password'],
];

export function ResetView({ machine = resetPasswordMachine }: ResetViewProps) {
  const [search] = useSearchParams();
  const [state, send] = useMachine(machine, { input: { email: search.get('email') ?? '' } });
  const [, navigate] = useLocation();
  const { context } = state;
  const saving = state.matches('saving') || state.matches('done');
  const form = useAuthForm(() => send({ type: 'form.submit' }), state.matches('editing'));
  usePageTitle('Reset password');

  useEffect(() => {
    if (!state.matches('done')) return;
    handOverResetEmail(state.context.email);
    navigate('/login?reset=1', { replace: true });
  }, [state, navigate]);

  return (
    <AuthPage
      aside={
        <Button component={Link} href="/login" variant="subtle" color="dark" size="md" className={classes.touch}>
          Login
        </Button>
      }
    >
      <form {...form}>
        <Stack gap="lg">
          <CardHeading title="Reset password">Enter the 6-digit code from your email and choose a new password.</CardHeading>
          <RefusalAlert error={context.error} fieldErrors={context.fieldErrors} fields={FIELDS} />
          <EmailInput
            value={context.email}
            error={context.fieldErrors.email}
            readOnly={saving}
            onChange={(event) => send({ type: 'field.change', field: 'email', value: event.currentTarget.value })}
          />
          <CodeAndNewPassword
            code={context.code}
            password={context.password}
            errors={context.fieldErrors}
            readOnly={saving}
            toggleLabel="Show or hide new password"
            onChange={(field, value) => send({ type: 'field.change', field, value })}
          />
          <PasswordField
            label="Confirm password"
            name="confirm"
            autoComplete="new-password"
            value={context.confirm}
            error={context.fieldErrors.confirm}
            readOnly={saving}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password confirmation' }}
            onChange={(event) => send({ type: 'field.change', field: 'confirm', value: event.currentTarget.value })}
          />
          <Button type="submit" size="lg" fullWidth loading={saving}>
            Reset password
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            No code yet?{' '}
            <Anchor component={Link} href="/forgot" fw={600} underline="always" className={classes.inlineLink}>
              Request one
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthPage>
  );
}
