import { useRef, type FormEvent } from 'react';
import type { ActorRef, Snapshot } from 'xstate';
import { useLocation } from 'wouter';
import { focusFirstInError } from '../../components/form-errors';
import type { AuthScreenEffect } from '../../machines/accounts/screen-effects';
import { useScreen } from '../shared/use-screen';
import { handOverResetEmail } from './reset-handoff';

/**
 * What the sign-in screens do when their machine says so (docs/architecture.md, "Screens: one
 * way from machine to view"): leave for the next page, hand the reset address to the login
 * screen, and after a refused submit (refused here or by the server) move the focus to the first
 * field in error, else the alert, once React has drawn them. Returns `form(submit)`, the props
 * of the screen's one form: no browser checks (the machine checks, with the spec's sentences).
 */
export function useAuthScreen(actor: ActorRef<Snapshot<unknown>, never, AuthScreenEffect>) {
  const ref = useRef<HTMLFormElement>(null);
  const [, navigate] = useLocation();
  useScreen(actor, {
    'screen.navigate': ({ to, replace }) => navigate(to, { replace }),
    'screen.passwordChanged': ({ email }) => handOverResetEmail(email),
    'screen.refused': () =>
      setTimeout(() => {
        if (ref.current) focusFirstInError(ref.current);
      }),
  });
  return {
    form: (submit: () => void) => ({
      ref,
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        submit();
      },
    }),
  };
}

/** The props of one of the sign-in forms, from `useAuthScreen`. */
export type AuthForm = ReturnType<typeof useAuthScreen>['form'];
