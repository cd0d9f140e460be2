import { Button, FileButton, Group, Image, Stack, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { menuUploadMachine, type MenuUploadMachine } from '../../machines/menu/menu-upload.machine';
import { MenuAlert } from './menu-page';

/** An image by address or upload, with a preview: the uploaded file's address lands in the field. */
export function ImageField(props: { label: string; value: string; error?: string; onChange: (url: string) => void; machine?: MenuUploadMachine; preview?: boolean }) {
  const [state, send] = useMachine(props.machine ?? menuUploadMachine);
  const { url, uploads, error } = state.context;
  const { onChange } = props;
  useEffect(() => {
    if (uploads > 0 && url) onChange(url);
  }, [uploads, url, onChange]);
  return (
    <Stack gap="xs">
      {error ? <MenuAlert onClose={() => send({ type: 'alert.dismiss' })}>{error}</MenuAlert> : null}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput label={props.label} style={{ flex: '1 1 200px' }} value={props.value} error={props.error} onChange={(event) => props.onChange(event.currentTarget.value)} />
        <FileButton accept="image/*" onChange={(file) => { if (file) send({ type: 'image.upload', file }); }}>
          {(buttonProps) => <Button {...buttonProps} variant="default" loading={state.matches('uploading')}>Upload</Button>}
        </FileButton>
      </Group>
      {props.preview !== false && props.value.trim() !== '' ? <Image src={props.value} alt="Preview" h={96} w={96} radius="md" fit="cover" /> : null}
    </Stack>
  );
}
