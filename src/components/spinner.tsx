import '@mantine/core/styles/Loader.css';
import { Loader } from '@mantine/core';

/**
 * A quiet spinner that says what is loading. Mantine's Loader is a plain span, on which a name is
 * not allowed (axe: aria-prohibited-attr) and is not read; as an indeterminate progress bar (no
 * value) it is a thing with a name, "Loading the dashboard, busy".
 */
export function Spinner({ label }: { label: string }) {
  return <Loader size="sm" color="gray" role="progressbar" aria-label={label} />;
}
