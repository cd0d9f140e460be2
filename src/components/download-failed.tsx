import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';

/** Why a CSV download failed, said at once (an alert) beside its button; nothing when it did not. */
export function DownloadFailed({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Text c="red.8" role="alert">
      {message}
    </Text>
  );
}
