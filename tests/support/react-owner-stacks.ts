/**
 * React's development build records, for every element it creates, an Error (for its stack) and
 * a console task, up to 10,000 a second, so that a warning can say which component made the
 * element. In the view tests that was a tenth of the time and much of the garbage collection. The
 * tests assert what is on the screen, not React's warnings' stacks: this tells React its budget
 * of recorded stacks is always spent, so a warning still prints, with "unknown owner".
 */
import * as React from 'react';

type Internals = { recentlyCreatedOwnerStacks?: number };

export function skipOwnerStacks(): void {
  const internals = (React as unknown as Record<string, Internals | undefined>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals === undefined || !('recentlyCreatedOwnerStacks' in internals)) return;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => 10_000, set: () => {} });
}
