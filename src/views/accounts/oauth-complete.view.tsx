import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { usePageTitle } from '../../components/page-title';
import { oauthCompleteMachine, type OAuthCompleteMachine, type OAuthResult } from '../../machines/accounts/oauth-complete.machine';
import { useScreen } from '../shared/use-screen';
import { AuthPage, CardHeading, ErrorAlert, authClasses } from './auth-layout';

export interface OAuthCompleteViewProps {
  machine?: OAuthCompleteMachine;
  /** What the address carried; the machine reads (and cleans) the address itself when not given. */
  result?: OAuthResult;
}

const FAILED_TITLE = 'Sign-in did not complete';

/** /oauth/complete: no interface of its own while it works (spec), a clear way out when it fails. */
export function OAuthCompleteView({ machine = oauthCompleteMachine, result }: OAuthCompleteViewProps) {
  const [state, send, actor] = useMachine(machine, { input: result });
  const [, navigate] = useLocation();
  useScreen(actor, { 'screen.navigate': ({ to, replace }) => navigate(to, { replace }) });
  const { context } = state;
  const failed = state.hasTag('failed');
  usePageTitle(failed ? FAILED_TITLE : 'Signing you in');

  if (failed) {
    return (
      <AuthPage>
        <Stack gap="lg">
          <CardHeading title={FAILED_TITLE}>We could not sign you in with Google.</CardHeading>
          <ErrorAlert>{context.error}</ErrorAlert>
          {context.tokens ? (
            <Button size="lg" fullWidth onClick={() => send({ type: 'signin.retry' })}>
              Try again
            </Button>
          ) : null}
          <Button component={Link} href="/login" size="lg" fullWidth variant={context.tokens ? 'default' : 'filled'} className={authClasses.touch}>
            Back to login
          </Button>
        </Stack>
      </AuthPage>
    );
  }

  return (
    <AuthPage>
      <Stack gap="md" align="center" py="xl" aria-busy="true">
        <Loader color="ember" aria-hidden="true" />
        <Text fw={600} role="status">
          Signing you in…
        </Text>
      </Stack>
    </AuthPage>
  );
}
