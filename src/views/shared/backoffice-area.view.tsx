import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { ComingSoon } from '../../components/coming-soon';
import { usePageTitle } from '../../components/page-title';
import { PLACEHOLDER_TEXTS, screenLabel, type BackOfficeBase } from './navigation';

export type { BackOfficeBase } from './navigation';

/**
 * A back-office screen no area has built yet: placeholder screens show their line of the spec,
 * the rest say they are coming. The areas' own screens are routed in src/app.tsx.
 */
export function BackOfficeArea({ screen }: { base: BackOfficeBase; screen: string }) {
  const text = PLACEHOLDER_TEXTS[screen];
  const label = screenLabel(screen);
  if (text === undefined) return <ComingSoon area={label} />;
  return <Placeholder title={label} text={text} />;
}

function Placeholder({ title, text }: { title: string; text: string }) {
  usePageTitle(title, 'Back office');
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder radius="md" p="lg">
        <Text>{text}</Text>
      </Paper>
    </Stack>
  );
}
