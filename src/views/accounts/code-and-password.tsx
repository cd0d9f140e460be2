import { CodeInput } from './code-input';
import { NewPasswordField } from './password-input';

type Field = 'code' | 'password';

/**
 * The emailed code and the new password, as both ways of resetting a password ask for them
 * (the forgot flow's second stage and the /reset screen); each screen names its own toggle.
 */
export function CodeAndNewPassword(props: {
  code: string;
  password: string;
  errors: Partial<Record<Field, string>>;
  readOnly: boolean;
  toggleLabel: string;
  onChange: (field: Field, value: string) => void;
}) {
  return (
    <>
      <CodeInput value={props.code} error={props.errors.code} readOnly={props.readOnly} onChange={(value) => props.onChange('code', value)} />
      <NewPasswordField
        label="New password"
        toggleLabel={props.toggleLabel}
        value={props.password}
        error={props.errors.password}
        readOnly={props.readOnly}
        onChange={(event) => props.onChange('password', event.currentTarget.value)}
      />
    </>
  );
}
