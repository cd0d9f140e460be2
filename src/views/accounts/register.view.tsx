import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Button, Checkbox, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { MESSAGES } from '../../../contracts/accounts';
import { usePageTitle } from '../../components/page-title';
import { registrationMachine, type RegistrationErrorKey, type RegistrationMachine } from '../../machines/accounts/registration.machine';
import { bindField } from '../shared/bind-field';
import { useAuthScreen, type AuthForm } from './auth-form';
import { AuthPage, CardHeading, ErrorAlert, LoginButton, NoticeAlert, RefusalAlert, authClasses as classes } from './auth-layout';
import { CodeInput } from './code-input';
import { EmailInput } from './email-input';
import { NewPasswordField } from './password-input';
import { CodeStepActions } from './resend-control';
import { OrDivider, SocialButtons } from './social-buttons';

export interface RegisterViewProps {
  machine?: RegistrationMachine;
  resendSeconds?: number;
}

/** Spec section 4: the note shown when the address already has an account. */
export const EXISTING_NOTE = 'This email is already registered. Enter the code we sent to sign in.';

type Step = 'email' | 'code' | 'profile' | 'finish';

/** Each step's name in the tab, as its heading says (see `Finishing` for the last one). */
const STEP_TITLES: Record<Exclude<Step, 'finish'>, string> = {
  email: 'Create your account',
  code: 'Check Your Email',
  profile: 'Join',
};

type Fields = readonly (readonly [RegistrationErrorKey, string])[];
const EMAIL_FIELDS: Fields = [
  ['email', 'Email'],
  ['terms', 'the Terms and Privacy checkbox'],
];
const CODE_FIELDS: Fields = [['code', '6-digit code']];
const PROFILE_FIELDS: Fields = [
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['password', 'Password'],
];

export function RegisterView({ machine = registrationMachine, resendSeconds }: RegisterViewProps) {
  const [state, send, actor] = useMachine(machine, { input: { resendSeconds } });
  const { form } = useAuthScreen(actor);
  const step: Step = state.hasTag('emailStep') ? 'email' : state.hasTag('codeStep') ? 'code' : state.hasTag('profileStep') ? 'profile' : 'finish';
  // A new step is a new page for a screen reader: the title changes and the focus goes to its heading.
  usePageTitle(step === 'finish' ? (state.hasTag('signInFailed') ? 'Almost there' : 'Setting up your account') : STEP_TITLES[step]);

  return (
    <AuthPage
      aside={
        <>
          <span className={classes.headerHint}>Already have an account?</span>
          <LoginButton />
        </>
      }
    >
      {step === 'email' ? (
        <EmailStep state={state} send={send} form={form} />
      ) : step === 'code' ? (
        <CodeStep state={state} send={send} form={form} />
      ) : step === 'profile' ? (
        <ProfileStep state={state} send={send} form={form} />
      ) : (
        <Finishing state={state} send={send} />
      )}
    </AuthPage>
  );
}

type StepProps = {
  state: ReturnType<typeof useMachine<RegistrationMachine>>[0];
  send: ReturnType<typeof useMachine<RegistrationMachine>>[1];
};

type FormStepProps = StepProps & { form: AuthForm };

function EmailStep({ state, send, form }: FormStepProps) {
  const { context } = state;
  const sending = state.hasTag('sending');
  return (
    <form {...form(() => send({ type: 'email.submit' }))}>
      <Stack gap="lg">
        <CardHeading eyebrow="Step 1 of 3" title={STEP_TITLES.email}>
          Put your restaurant online in an afternoon.
        </CardHeading>
        <SocialButtons />
        <OrDivider />
        <RefusalAlert error={context.error} fieldErrors={context.fieldErrors} fields={EMAIL_FIELDS} />
        <EmailInput placeholder="you@yourrestaurant.com" readOnly={sending} {...bindField(state, send, 'email')} />
        <Checkbox
          size="md"
          checked={context.acceptedTerms}
          disabled={sending}
          error={context.fieldErrors.terms}
          onChange={(event) => send({ type: 'terms.change', accepted: event.currentTarget.checked })}
          label={
            <>
              I am at least 18 years old and I accept the{' '}
              <Anchor href="/terms" target="_blank" rel="noopener noreferrer" inherit fw={600} underline="always">
                Terms
              </Anchor>{' '}
              and{' '}
              <Anchor href="/privacy" target="_blank" rel="noopener noreferrer" inherit fw={600} underline="always">
                Privacy
              </Anchor>{' '}
              policy.
            </>
          }
        />
        <Stack gap={6}>
          <Button
            type="submit"
            size="lg"
            fullWidth
            disabled={!context.acceptedTerms}
            loading={sending}
            aria-describedby={context.acceptedTerms ? undefined : 'join-needs-terms'}
          >
            Join
          </Button>
          {/* Why Join is disabled, said where the person looks: under the button. */}
          {!context.acceptedTerms && !context.fieldErrors.terms ? (
            <Text id="join-needs-terms" size="sm" c="dimmed" ta="center">
              {MESSAGES.terms}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </form>
  );
}

function CodeStep({ state, send, form }: FormStepProps) {
  const { context } = state;
  const verifying = state.hasTag('verifying');
  const resending = state.hasTag('resending');
  return (
    <form {...form(() => send({ type: 'code.verify' }))}>
      <Stack gap="lg">
        <CardHeading eyebrow="Step 2 of 3" title={STEP_TITLES.code}>
          We sent a 6-digit code to <strong>{context.email.trim().toLowerCase()}</strong>. It is valid for 10 minutes.
        </CardHeading>
        {context.existing ? <NoticeAlert color="blue">{EXISTING_NOTE}</NoticeAlert> : null}
        {context.notice ? <NoticeAlert>{context.notice}</NoticeAlert> : null}
        <RefusalAlert error={context.error} fieldErrors={context.fieldErrors} fields={CODE_FIELDS} />
        <CodeInput value={context.code} error={context.fieldErrors.code} readOnly={verifying} onChange={(value) => send({ type: 'code.change', value })} />
        <CodeStepActions
          submit="Verify"
          busy={verifying}
          resending={resending}
          lock={context.resendLock}
          onResend={() => send({ type: 'code.resend' })}
          onBack={() => send({ type: 'step.back' })}
        />
      </Stack>
    </form>
  );
}

function ProfileStep({ state, send, form }: FormStepProps) {
  const { context } = state;
  const saving = state.hasTag('saving');
  return (
    <form {...form(() => send({ type: 'profile.submit' }))}>
      <Stack gap="lg">
        <CardHeading eyebrow="Step 3 of 3" title={STEP_TITLES.profile}>
          Tell us who you are and choose a password.
        </CardHeading>
        <RefusalAlert error={context.error} fieldErrors={context.fieldErrors} fields={PROFILE_FIELDS} />
        <div className={classes.names}>
          <TextInput label="First name" size="lg" autoComplete="given-name" readOnly={saving} {...bindField(state, send, 'first_name')} />
          <TextInput label="Last name" size="lg" autoComplete="family-name" readOnly={saving} {...bindField(state, send, 'last_name')} />
        </div>
        <NewPasswordField label="Password" toggleLabel="Show or hide password" readOnly={saving} {...bindField(state, send, 'password')} />
        <Group gap="sm" grow wrap="nowrap">
          <Button type="button" variant="default" size="lg" disabled={saving} onClick={() => send({ type: 'step.back' })}>
            Back
          </Button>
          <Button type="submit" size="lg" loading={saving}>
            Let's go
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Finishing({ state, send }: StepProps) {
  if (state.hasTag('signInFailed')) {
    return (
      <Stack gap="lg">
        <CardHeading title="Almost there">Your account is ready, but we could not sign you in just now.</CardHeading>
        <ErrorAlert>{state.context.error}</ErrorAlert>
        <Button size="lg" fullWidth onClick={() => send({ type: 'signin.retry' })}>
          Try again
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md" align="center" py="xl" className={classes.centered} aria-busy="true">
      <Loader color="ember" aria-hidden="true" />
      <Text fw={600} role="status">
        Setting up your account…
      </Text>
    </Stack>
  );
}
