import { useRef, type FormEvent } from 'react';
import { useFocusAfterRefusal } from '../../components/form-errors';

/**
 * The props of a sign-in form: no browser checks (the machine checks, with the spec's
 * sentences), `submit` on submit, and once the form is `editing` again after a refused
 * submit (refused here or by the server), the focus on the first field in error, else the alert.
 */
export function useAuthForm(submit: () => void, editing: boolean) {
  const ref = useRef<HTMLFormElement>(null);
  const focusAfterRefusal = useFocusAfterRefusal(ref, editing);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    focusAfterRefusal();
    submit();
  };
  return { ref, onSubmit, noValidate: true };
}
