import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Button, Stack, Switch, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Link, useSearchParams } from 'wouter';
import { usePageTitle } from '../../components/page-title';
import { loginMachine, type LoginField, type LoginMachine } from '../../machines/accounts/login.machine';
import { PRODUCT_NAME } from '../../theme';
import { bindField } from '../shared/bind-field';
import { useAuthScreen } from './auth-form';
import { AuthPage, CardHeading, NoticeAlert, RefusalAlert, authClasses as classes } from './auth-layout';
import { EmailInput } from './email-input';
import { PasswordField } from './password-input';
import { resetEmailForLogin } from './reset-handoff';
import { OrDivider, SocialButtons } from './social-buttons';

export interface LoginViewProps {
  machine?: LoginMachine;
}

/** After /forgot or /reset, which send the person to /login?reset=1. */
export const PASSWORD_CHANGED = 'Your password was changed. Sign in with your new password.';

const FIELDS: readonly (readonly [LoginField, string])[] = [
  ['email', 'Email'],
  ['password', 'Password'],
];

export function LoginView({ machine = loginMachine }: LoginViewProps) {
  const [search] = useSearchParams();
  const [state, send, actor] = useMachine(machine, { input: { next: search.get('next'), email: search.get('reset') === '1' ? resetEmailForLogin() : '' } });
  const { form } = useAuthScreen(actor);
  const { context } = state;
  const busy = state.hasTag('busy');
  usePageTitle('Sign in');

  return (
    <AuthPage
      aside={
        <>
          <span className={classes.headerHint}>New to {PRODUCT_NAME}?</span>
          <Button component={Link} href="/register" variant="filled" size="md" className={classes.touch}>
            Join
          </Button>
        </>
      }
    >
      <form {...form(() => send({ type: 'form.submit' }))}>
        <Stack gap="lg">
          <CardHeading title="Welcome back">Sign in to manage your restaurant.</CardHeading>
          {search.get('reset') === '1' && !context.error ? <NoticeAlert>{PASSWORD_CHANGED}</NoticeAlert> : null}
          <SocialButtons />
          <OrDivider />
          <RefusalAlert error={context.error} fieldErrors={context.fieldErrors} fields={FIELDS} />
          <EmailInput autoComplete="username" readOnly={busy} {...bindField(state, send, 'email')} />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            readOnly={busy}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            {...bindField(state, send, 'password')}
          />
          <div className={classes.row}>
            <Switch
              label="Remember me"
              size="md"
              checked={context.remember}
              onChange={(event) => send({ type: 'remember.change', remember: event.currentTarget.checked })}
            />
            <Anchor component={Link} href="/forgot" className={classes.inlineLink}>
              Forgot password?
            </Anchor>
          </div>
          <Button type="submit" size="lg" fullWidth loading={busy}>
            Login
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            New to {PRODUCT_NAME}?{' '}
            <Anchor component={Link} href="/register" fw={600} underline="always" className={classes.inlineLink}>
              Join
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthPage>
  );
}
