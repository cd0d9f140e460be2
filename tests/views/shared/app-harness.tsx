/** Renders the whole app (its route table) at one address, for tests that go through the real routes. */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppRoutes } from '../../../src/app';
import { theme } from '../../../src/theme';

export function openAppAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={location.hook}>
        <AppRoutes />
      </Router>
    </MantineProvider>,
  );
  return { currentPath: () => location.history!.at(-1) };
}
