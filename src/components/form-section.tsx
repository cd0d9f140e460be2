import '@mantine/core/styles/Paper.css';
import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled part of a long editor (the category editor, the territory editor): a bordered box
 * named by its heading, so a screen reader lists it among the page's regions. `phonePadding` is
 * the padding under the `sm` breakpoint, where the territory editor's map wants the width.
 */
export function FormSection({ title, phonePadding = 'md', children }: { title: string; phonePadding?: 'sm' | 'md'; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: phonePadding, sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
