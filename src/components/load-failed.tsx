import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Stack, Text } from '@mantine/core';

/** A screen's data that could not be loaded: what went wrong, in red, and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <Alert role="alert" color="red" variant="light" radius="md" title="Couldn't load this page">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
