/** Renders one territories screen with Mantine and a memory router, for the area's view tests. */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { theme } from '#src/theme';

export function renderScreen(screen: ReactNode, path = '/territories') {
  const location = memoryLocation({ path, record: true });
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={location.hook}>{screen}</Router>
    </MantineProvider>,
  );
  // No pause between keystrokes (a person types faster than the search waits): on a loaded machine
  // a real pause between two keys would let the search's debounce run between them.
  return { user: userEvent.setup({ delay: null }), path: () => location.history!.at(-1) };
}
