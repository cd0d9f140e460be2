import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/PinInput.css';
import { PinInput } from '@mantine/core';
import { useId, useRef, type ClipboardEvent } from 'react';
import { CODE_LENGTH } from '../../../contracts/accounts';
import classes from './auth.module.css';

export interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * The 6-box one-time code. Mantine's PinInput does the boxes, the focus moves and the
 * phone's "one-time-code" autofill; paste is handled here because PinInput only takes a pasted
 * text made of digits alone, while mail apps copy "123 456" or "Your code: 123456".
 */
export function CodeInput({ value, onChange, error, label = '6-digit code', disabled, autoFocus }: CodeInputProps) {
  const labelId = useId();
  const errorId = useId();
  const root = useRef<HTMLDivElement>(null);

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, CODE_LENGTH);
    if (digits === '') return;
    onChange(digits);
    const boxes = root.current?.querySelectorAll<HTMLInputElement>('input:not([type="hidden"])');
    boxes?.[Math.min(digits.length, CODE_LENGTH - 1)]?.focus();
  }

  return (
    <div>
      <span id={labelId} className={classes.codeLabel}>
        {label}
      </span>
      <PinInput
        rootRef={root}
        aria-labelledby={labelId}
        // On the group: Mantine's Input sets each box's own aria-describedby from its wrapper.
        aria-describedby={error ? errorId : undefined}
        length={CODE_LENGTH}
        type="number"
        inputMode="numeric"
        oneTimeCode
        placeholder=""
        size="lg"
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        disabled={disabled}
        autoFocus={autoFocus}
        gap={8}
        // Inline, so they win over PinInput's fixed box size: six boxes share the width of the
        // card, which is under 300 px on a phone.
        styles={{
          root: { width: '100%', justifyContent: 'space-between' },
          pinInput: { flex: '1 1 0', minWidth: 0, width: 'auto', maxWidth: 58, height: 56 },
          input: { height: 56, fontSize: '1.5rem', fontWeight: 700 },
        }}
        getInputProps={(index) => ({
          'aria-label': `Digit ${index + 1} of ${CODE_LENGTH}`,
          onPaste,
        })}
      />
      {error ? (
        <div id={errorId} className={classes.codeError}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
