import { Stack, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { ImageDropzone } from '../../components/image-dropzone';
import { menuUploadMachine, type MenuUploadMachine } from '../../machines/menu/menu-upload.machine';
import { useScreen } from '../shared/use-screen';
import { MenuAlert } from './menu-page';

/** An image by address or upload, with a preview: the uploaded file's address lands in the field. */
export function ImageField(props: { label: string; value: string; error?: string; onChange: (url: string) => void; machine?: MenuUploadMachine }) {
  const [state, send, actor] = useMachine(props.machine ?? menuUploadMachine);
  const { error } = state.context;
  // The uploaded file's address lands in the field.
  useScreen(actor, { 'upload.done': ({ url }) => props.onChange(url) });
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
        loading={state.hasTag('uploading')}
      />
    </Stack>
  );
}
