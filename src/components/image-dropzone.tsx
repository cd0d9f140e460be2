import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/LoadingOverlay.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/dropzone/styles.css';
import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useEffect, useId, useRef, useState } from 'react';
import { UPLOAD_MAX_BYTES } from '../../contracts/shared/upload';

/**
 * One image picked by drag and drop or by click (or Enter/Space): the image types the server
 * re-encodes, the size limit shown before anyone tries, a preview of the chosen file (or of the
 * image already saved), a loading state while it is sent, and a sentence for a refused file.
 * The picking is local: the screen decides when the file is sent.
 */

/** What the server's upload rules accept and the browser can preview (server/domain/shared/images.ts). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
const TYPE_NAMES = 'PNG, JPEG, WebP or GIF';
const SIZE_LIMIT = `${Math.round(UPLOAD_MAX_BYTES / (1024 * 1024))} MB`;

export const IMAGE_REFUSALS = {
  type: `This file is not an image we accept. Please choose a ${TYPE_NAMES} picture.`,
  size: `This image is larger than ${SIZE_LIMIT}. Please choose a smaller one.`,
  other: 'This file cannot be used. Please choose one image.',
} as const;

function refusalOf(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  if (codes.includes('file-invalid-type')) return IMAGE_REFUSALS.type;
  if (codes.includes('file-too-large')) return IMAGE_REFUSALS.size;
  return IMAGE_REFUSALS.other;
}

/** A preview address for a chosen file, released when the file changes or the picker goes away. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const address = URL.createObjectURL(file);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [file]);
  return url;
}

export type ImageDropzoneProps = {
  /** What the image is, e.g. "Representative photo": the picker's accessible name starts with it. */
  label: string;
  /** The image saved already, if any. */
  currentUrl: string | null;
  /** The file chosen and not yet sent. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** While the file is being sent. */
  loading?: boolean;
  /** A sentence after the types and size, e.g. how the image is fitted. */
  note?: string;
  /** Why the last file could not be used (the server's refusal, say). */
  error?: string | null;
  /** Offered while a saved image is shown: takes it away. */
  onRemove?: () => void;
};

export function ImageDropzone({ label, currentUrl, file, onFileChange, loading = false, note, error, onRemove }: ImageDropzoneProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const preview = usePreview(file);
  const shown = preview ?? currentUrl;
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const openRef = useRef<() => void>(null);
  const problem = refusal ?? error ?? null;
  return (
    // A group named by its label, not a heading: the screens around it own the heading levels.
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Text id={labelId} fw={600} size="sm">
        {label}
      </Text>
      <Group align="flex-start" gap="md" wrap="wrap">
        {shown ? (
          <Image src={shown} alt={`${label} preview${preview ? ' (new, not saved yet)' : ''}`} w={120} h={90} radius="sm" fit="contain" bg="gray.1" />
        ) : (
          <Text size="xs" c="dimmed" w={120} h={90} ta="center" lh="90px" bg="gray.1" style={{ borderRadius: 4 }}>
            No image
          </Text>
        )}
        <Stack gap={6} style={{ flex: '1 1 200px', minWidth: 0 }}>
          {/* The area takes a drop or a click; keyboard users have the button below (a focusable
              drop area would be a button holding the file input, which assistive technologies trip on). */}
          <Dropzone
            onDrop={(files) => {
              setRefusal(null);
              onFileChange(files[0] ?? null);
            }}
            onReject={(rejections) => setRefusal(refusalOf(rejections))}
            accept={[...IMAGE_TYPES]}
            maxSize={UPLOAD_MAX_BYTES}
            multiple={false}
            loading={loading}
            activateOnKeyboard={false}
            openRef={openRef}
            inputProps={{ 'aria-label': label }}
            p="md"
          >
            <Text size="sm" ta="center">
              {file ? `Chosen: ${file.name}` : 'Drag an image here or click to choose one'}
            </Text>
          </Dropzone>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={() => openRef.current?.()}
              loading={loading}
              aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
            >
              {`Choose ${label.toLowerCase()}`}
            </Button>
            {file && !loading ? (
              <Button size="xs" variant="subtle" onClick={() => onFileChange(null)} aria-label={`Undo choice of ${label.toLowerCase()}`}>
                Undo choice
              </Button>
            ) : null}
            {onRemove && currentUrl && !file && !loading ? (
              <Button size="xs" variant="subtle" color="gray" onClick={onRemove}>
                {`Remove ${label.toLowerCase()}`}
              </Button>
            ) : null}
          </Group>
          <Text id={hintId} size="xs" c="dimmed">
            {[`${TYPE_NAMES}, up to ${SIZE_LIMIT}.`, note, loading ? 'Uploading…' : null].filter(Boolean).join(' ')}
          </Text>
          {problem ? (
            <Text id={errorId} size="sm" c="red" role="alert">
              {problem}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Stack>
  );
}
