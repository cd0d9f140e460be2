import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../components/page-title';
import { PLACEHOLDER_TEXTS, screenLabel, type PlaceholderScreen } from './navigation';

export type { BackOfficeBase } from './navigation';

/**
 * A back-office screen the specification shows only as one line of text (notifications, coupons,
 * reviews, media, point of sale, support). The areas' own screens are routed in src/app.tsx.
 */
export function BackOfficeArea({ screen }: { screen: PlaceholderScreen }) {
  return <Placeholder title={screenLabel(screen)} text={PLACEHOLDER_TEXTS[screen]} />;
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
