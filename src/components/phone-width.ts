import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is phone-sized (below Mantine's `xs` breakpoint), where a list of many
 * columns becomes one card per row: a table would hide its last columns and actions behind a
 * sideways scroll. Read at once, not after the first paint, so a phone never sees the table.
 */
export function usePhoneWidth(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${theme.breakpoints.xs})`, undefined, { getInitialValueInEffect: false });
}
