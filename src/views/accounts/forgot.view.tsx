import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Button, Stack } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Link } from 'wouter';
import { usePageTitle } from '../../components/page-title';
import { forgotPasswordMachine, type ForgotField, type ForgotPasswordMachine } from '../../machines/accounts/forgot-password.machine';
import { bindField } from '../shared/bind-field';
import { useAuthScreen, type AuthForm } from './auth-form';
import { AuthPage, CardHeading, LoginButton, ErrorAlert, NoticeAlert, RefusalAlert, authClasses as classes } from './auth-layout';
import { CodeAndNewPassword } from './code-and-password';
import { EmailInput } from './email-input';
import { CodeStepActions } from './resend-control';

export interface ForgotViewProps {
  machine?: ForgotPasswordMachine;
  resendSeconds?: number;
}

export function ForgotView({ machine = forgotPasswordMachine, resendSeconds }: ForgotViewProps) {
  const [state, send, actor] = useMachine(machine, { input: { resendSeconds } });
  const { form } = useAuthScreen(actor);
  const stage = state.hasTag('requestStep') ? 'request' : 'reset';
  // The second stage is a new page for a screen reader: the title changes and the focus goes to its heading.
  usePageTitle(STAGE_TITLES[stage]);

  return (
    <AuthPage aside={<LoginButton />}>
      {stage === 'request' ? <RequestStage state={state} send={send} form={form} /> : <ResetStage state={state} send={send} form={form} />}
    </AuthPage>
  );
}

const STAGE_TITLES = { request: 'Forgot password', reset: 'Set a new password' } as const;

type StageProps = {
  state: ReturnType<typeof useMachine<ForgotPasswordMachine>>[0];
  send: ReturnType<typeof useMachine<ForgotPasswordMachine>>[1];
  form: AuthForm;
};

const REQUEST_FIELDS: readonly (readonly [ForgotField, string])[] = [['email', 'Email']];
const RESET_FIELDS: readonly (readonly [ForgotField, string])[] = [
  ['code', '6-digit code'],
  ['password', 'New password'],
];

function RequestStage({ state, send, form }: StageProps) {
  const { context } = state;
  const sending = state.hasTag('sending');
  return (
    <form {...form(() => send({ type: 'request.submit' }))}>
      <Stack gap="lg">
        <CardHeading title={STAGE_TITLES.request}>Enter the email of your account and we will send you a 6-digit code.</CardHeading>
        <RefusalAlert error={context.error} fieldErrors={context.fieldErrors} fields={REQUEST_FIELDS} />
        <EmailInput readOnly={sending} {...bindField(state, send, 'email')} />
        <Button type="submit" size="lg" fullWidth loading={sending}>
          Send code
        </Button>
        <Anchor component={Link} href="/login" className={classes.inlineLink}>
          Back to login
        </Anchor>
      </Stack>
    </form>
  );
}

function ResetStage({ state, send, form }: StageProps) {
  const { context } = state;
  const saving = state.hasTag('saving');
  const resending = state.hasTag('resending');
  return (
    <form {...form(() => send({ type: 'reset.submit' }))}>
      <Stack gap="lg">
        <CardHeading title={STAGE_TITLES.reset}>
          Enter the code sent to <strong>{context.email.trim().toLowerCase()}</strong> and choose a new password.
        </CardHeading>
        {context.notice ? <NoticeAlert color="blue">{context.notice}</NoticeAlert> : null}
        <RefusalAlert error={context.error} fieldErrors={context.fieldErrors} fields={RESET_FIELDS} />
        {/* This stage has no email field: a refused address is said on its own. */}
        {context.fieldErrors.email ? <ErrorAlert>{context.fieldErrors.email}</ErrorAlert> : null}
        <CodeAndNewPassword state={state} send={send} readOnly={saving} toggleLabel="Show or hide password" />
        <CodeStepActions
          submit="Reset password"
          busy={saving}
          resending={resending}
          lock={context.resendLock}
          onResend={() => send({ type: 'code.resend' })}
          onBack={() => send({ type: 'step.back' })}
        />
      </Stack>
    </form>
  );
}
