import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Link, useSearchParams } from 'wouter';
import { usePageTitle } from '../../components/page-title';
import { resetPasswordMachine, type ResetField, type ResetPasswordMachine } from '../../machines/accounts/reset-password.machine';
import { bindField } from '../shared/bind-field';
import { useAuthScreen } from './auth-form';
import { AuthPage, CardHeading, LoginButton, RefusalAlert, authClasses as classes } from './auth-layout';
import { CodeAndNewPassword } from './code-and-password';
import { EmailInput } from './email-input';
import { PasswordField } from './password-input';

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
  const [state, send, actor] = useMachine(machine, { input: { email: search.get('email') ?? '' } });
  const { form } = useAuthScreen(actor);
  const { context } = state;
  const saving = state.hasTag('saving');
  usePageTitle('Reset password');

  return (
    <AuthPage aside={<LoginButton />}>
      <form {...form(() => send({ type: 'form.submit' }))}>
        <Stack gap="lg">
          <CardHeading title="Reset password">Enter the 6-digit code from your email and choose a new password.</CardHeading>
          <RefusalAlert error={context.error} fieldErrors={context.fieldErrors} fields={FIELDS} />
          <EmailInput readOnly={saving} {...bindField(state, send, 'email')} />
          <CodeAndNewPassword state={state} send={send} readOnly={saving} toggleLabel="Show or hide new password" />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            readOnly={saving}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password confirmation' }}
            {...bindField(state, send, 'confirm')}
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
