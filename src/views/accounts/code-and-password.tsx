import type { FieldChange, FormContext } from '../shared/bind-field';
import { bindField } from '../shared/bind-field';
import { CodeInput } from './code-input';
import { NewPasswordField } from './password-input';

type Field = 'code' | 'password';

/**
 * The emailed code and the new password, as both ways of resetting a password ask for them
 * (the forgot flow's second stage and the /reset screen), bound to the screen's machine; each
 * screen names its own toggle.
 */
export function CodeAndNewPassword({
  state,
  send,
  readOnly,
  toggleLabel,
}: {
  state: { context: FormContext<Field> & Readonly<Record<Field, string>> };
  send: (event: FieldChange<Field>) => void;
  readOnly: boolean;
  toggleLabel: string;
}) {
  const { context } = state;
  return (
    <>
      <CodeInput
        value={context.code}
        error={context.fieldErrors.code}
        readOnly={readOnly}
        onChange={(value) => send({ type: 'field.change', field: 'code', value })}
      />
      <NewPasswordField label="New password" toggleLabel={toggleLabel} readOnly={readOnly} {...bindField(state, send, 'password')} />
    </>
  );
}
