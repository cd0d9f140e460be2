import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { ComingSoon } from '../../components/coming-soon';
import { PLACEHOLDER_SCREENS, type BackOfficeBase } from './navigation';

export type { BackOfficeBase } from './navigation';

/**
 * A back-office screen no area has built yet: placeholder screens show their line of the spec,
 * the rest say they are coming. The areas' own screens are routed in src/app.tsx.
 */
export function BackOfficeArea({ screen }: { base: BackOfficeBase; screen: string }) {
  const placeholder = PLACEHOLDER_SCREENS[screen];
  if (!placeholder) return <ComingSoon area="Back office" />;
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {placeholder.title}
      </Title>
      <Paper withBorder radius="md" p="lg">
        <Text>{placeholder.text}</Text>
      </Paper>
    </Stack>
  );
}
