import { Stack, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { ImageDropzone } from '../../components/image-dropzone';
import { menuUploadMachine, type MenuUploadMachine } from '../../machines/menu/menu-upload.machine';
import { MenuAlert } from './menu-page';

/** An image by address or upload, with a preview: the uploaded file's address lands in the field. */
export function ImageField(props: { label: string; value: string; error?: string; onChange: (url: string) => void; machine?: MenuUploadMachine }) {
  const [state, send] = useMachine(props.machine ?? menuUploadMachine);
  const { url, uploads, error } = state.context;
  const { onChange } = props;
  useEffect(() => {
    if (uploads > 0 && url) onChange(url);
  }, [uploads, url, onChange]);
  return (
    <Stack gap="xs">
      {error ? <MenuAlert onClose={() => send({ type: 'alert.dismiss' })}>{error}</MenuAlert> : null}
      <TextInput label={props.label} value={props.value} error={props.error} onChange={(event) => props.onChange(event.currentTarget.value)} />
      <ImageDropzone
        label="Image"
        currentUrl={props.value.trim() || null}
        file={null}
        onFileChange={(file) => {
          if (file) send({ type: 'image.upload', file });
        }}
        loading={state.matches('uploading')}
      />
    </Stack>
  );
}
