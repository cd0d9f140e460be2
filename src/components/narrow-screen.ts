import { useMantineTheme, type MantineBreakpoint } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the window is at most Mantine's `breakpoint` wide. Read at the first render, not after
 * the first paint, so a screen never shows the other layout for a frame (or, for the phone
 * menu, a closed menu that can briefly take the focus).
 */
export function useNarrowerThan(breakpoint: MantineBreakpoint): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${theme.breakpoints[breakpoint]})`, undefined, { getInitialValueInEffect: false });
}
