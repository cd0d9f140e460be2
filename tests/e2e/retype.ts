import type { Locator } from 'playwright-core';

/**
 * Clears, then types, as a person retyping a field does (and as the happy-dom runners do, with
 * tests/support/retype.ts). A bare `fill` with the value already there fires no input event, so
 * it would not be an edit.
 */
export async function retype(field: Locator, value: string): Promise<void> {
  await field.fill('');
  await field.fill(value);
}
