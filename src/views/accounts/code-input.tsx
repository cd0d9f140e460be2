import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/PinInput.css';
import { PinInput } from '@mantine/core';
import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { CODE_LENGTH } from '../../../contracts/accounts';
import classes from './auth.module.css';

export interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
  /** While the code is being checked: the boxes keep the focus but take no typing. */
  readOnly?: boolean;
}

/** The code once the digit before box `index` is taken out (the code never has gaps). */
function withoutDigitBefore(code: string, index: number): string {
  return code.slice(0, index - 1) + code.slice(index);
}

/**
 * The 6-box one-time code: a group named by its label, each box "Digit n of 6". Mantine's
 * PinInput does the boxes, the focus moves and the phone's "one-time-code" autofill. Added
 * here, before PinInput's own key handling sees the key:
 * - Enter submits the form, as in any text field (PinInput swallows it for numeric boxes);
 * - Backspace in an empty box deletes the digit before it and moves there, so each press
 *   deletes one digit (PinInput only moves back);
 * - a paste in any box fills the boxes from the first, keeping only the digits: mail apps copy
 *   "123 456" or "Your code: 123456", which PinInput refuses.
 * A refused code marks every box invalid and describes the boxes and the group with its sentence.
 */
export function CodeInput({ value, onChange, error, label = '6-digit code', readOnly = false }: CodeInputProps) {
  const labelId = useId();
  const errorId = useId();
  const root = useRef<HTMLDivElement>(null);
  const boxes = () => [...(root.current?.querySelectorAll<HTMLInputElement>('input:not([type="hidden"])') ?? [])];

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    if (readOnly) return;
    const digits = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, CODE_LENGTH);
    if (digits === '') return;
    onChange(digits);
    boxes()[Math.min(digits.length, CODE_LENGTH - 1)]?.focus();
  }

  function onKeyDownCapture(event: KeyboardEvent<HTMLDivElement>) {
    const box = event.target as HTMLInputElement;
    const index = boxes().indexOf(box);
    if (index === -1) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      box.form?.requestSubmit();
    } else if (event.key === 'Backspace' && box.value === '' && index > 0 && !readOnly) {
      event.preventDefault();
      event.stopPropagation();
      onChange(withoutDigitBefore(value, index));
      boxes()[index - 1]?.focus();
    }
  }

  const described = error ? errorId : undefined;
  return (
    <div>
      <span id={labelId} className={classes.codeLabel}>
        {label}
      </span>
      <PinInput
        rootRef={root}
        aria-labelledby={labelId}
        aria-describedby={described}
        onKeyDownCapture={onKeyDownCapture}
        length={CODE_LENGTH}
        type="number"
        inputMode="numeric"
        oneTimeCode
        placeholder=""
        size="lg"
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        readOnly={readOnly}
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
          // Mantine's own aria attributes would replace these with a wrapper's, which the boxes lack.
          withAria: false,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': described,
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
