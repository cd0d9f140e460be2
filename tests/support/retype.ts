import type { UserEvent } from '@testing-library/user-event';

/**
 * Clears `input`, then types `value` key by key, as a person retyping a field does: every key is
 * an edit the screen sees (the browser runners do the same with tests/e2e/retype.ts).
 */
export async function retype(user: UserEvent, input: HTMLElement, value: string): Promise<void> {
  await user.clear(input);
  await user.type(input, value);
}
