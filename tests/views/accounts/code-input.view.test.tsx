import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '#src/theme';
import { CodeInput } from '#src/views/accounts/code-input';

/** The code boxes in a form of their own, holding the code as the machines do (a string of digits). */
function CodeForm({ initial, error, onSubmit }: { initial: string; error?: string; onSubmit: (code: string) => void }) {
  const [code, setCode] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(code);
      }}
    >
      <CodeInput value={code} onChange={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))} error={error} />
      <button type="submit">Verify</button>
    </form>
  );
}

function renderCode(initial = '', error?: string) {
  const submitted = vi.fn<(code: string) => void>();
  render(
    <MantineProvider env="test" theme={theme}>
      <CodeForm initial={initial} error={error} onSubmit={submitted} />
    </MantineProvider>,
  );
  return { user: userEvent.setup({ delay: null }), submitted };
}

const box = (digit: number) => screen.getByRole('textbox', { name: `Digit ${digit} of 6` });
const values = () => [1, 2, 3, 4, 5, 6].map((digit) => (box(digit) as HTMLInputElement).value).join('');

describe('the 6-digit code boxes', () => {
  it('are a group named by its label, each box named by its place', () => {
    renderCode();
    const group = screen.getByRole('group', { name: '6-digit code' });
    expect(group).not.toHaveAccessibleDescription();
    for (let digit = 1; digit <= 6; digit += 1) expect(box(digit)).not.toHaveAttribute('aria-invalid');
  });

  it('submit the form with Enter once the six digits are typed', async () => {
    const { user, submitted } = renderCode();
    await user.click(box(1));
    await user.keyboard('123456');
    expect(box(6)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(submitted).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('delete the digit before an empty box with Backspace and move there, one digit per press', async () => {
    const { user } = renderCode('1234');
    await user.click(box(5));
    await user.keyboard('{Backspace}');
    expect(values()).toBe('123');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toBe('12');
    expect(box(3)).toHaveFocus();
  });

  it('spread a pasted message’s digits over all six boxes, whichever box the paste lands in', async () => {
    const { user } = renderCode();
    await user.click(box(4));
    await user.paste('Your code: 123 456');
    expect(values()).toBe('123456');
    expect(box(6)).toHaveFocus();
  });

  it('mark every box invalid and describe them and the group with the sentence of a refused code', () => {
    renderCode('12', 'Enter the 6-digit code.');
    expect(screen.getByRole('group', { name: '6-digit code' })).toHaveAccessibleDescription('Enter the 6-digit code.');
    for (let digit = 1; digit <= 6; digit += 1) {
      expect(box(digit)).toHaveAttribute('aria-invalid', 'true');
      expect(box(digit)).toHaveAccessibleDescription('Enter the 6-digit code.');
    }
  });
});
