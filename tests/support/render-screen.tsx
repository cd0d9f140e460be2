/** Renders one screen with Mantine and a memory router at `path`, for an area's view tests. */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { theme } from '#src/theme';

/** The person's `user` and the `path` the router is at now. */
export function renderScreenAt(screen: ReactNode, path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={location.hook}>{screen}</Router>
    </MantineProvider>,
  );
  // No pause between keystrokes (a person types faster than a search waits): on a loaded machine
  // a real pause between two keys would let a search's debounce run between them.
  return { user: userEvent.setup({ delay: null }), path: () => location.history!.at(-1) };
}
