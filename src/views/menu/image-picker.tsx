import { Button, Group, Image, Popover, Stack, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { validate } from 'superstruct';
import { ImageUrl } from '../../../contracts/menu';
import { useState } from 'react';
import { ImageDropzone } from '../../components/image-dropzone';
import { menuUploadMachine } from '../../machines/menu/menu-upload.machine';
import { useScreen } from '../shared/use-screen';

/**
 * A selection's image: a thumbnail, and a picker to add one by address (Add stays disabled
 * while the address is blank, spec section 2) or by upload.
 */
export function ImagePicker({ name, url, onPick }: { name: string; url: string | null; onPick: (url: string | null) => void }) {
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  // The address is checked as the server will check it, so the picker never takes one the page cannot show.
  const [textError, setTextError] = useState<string | null>(null);
  const [state, send, actor] = useMachine(menuUploadMachine);
  const { error } = state.context;
  // Each finished upload is handed over once, as the machine says it finished.
  useScreen(actor, {
    'upload.done': ({ url: uploaded }) => {
      onPick(uploaded);
      setOpened(false);
    },
  });

  const action = url ? 'Change image' : 'Add image';
  return (
    <Group gap={6} wrap="nowrap">
      {url ? <Image src={url} alt="" w={36} h={36} radius="sm" fit="cover" /> : null}
      <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
        <Popover.Target>
          {/* The name starts with the words shown (WCAG 2.5.3), then says whose image it is. */}
          <Button size="xs" variant="default" onClick={() => setOpened((open) => !open)} aria-label={`${action} for ${name.trim() || 'selection'}`}>
            {action}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" w={260}>
            <TextInput
              label="Image URL"
              size="xs"
              value={text}
              error={textError}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setTextError(null);
              }}
            />
            <ImageDropzone
              label="Image"
              currentUrl={url}
              file={null}
              onFileChange={(file) => {
                if (file) send({ type: 'image.upload', file });
              }}
              loading={state.hasTag('uploading')}
              error={error}
            />
            <Group gap={4} justify="flex-end">
              {url ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => {
                    onPick(null);
                    setOpened(false);
                  }}
                >
                  Remove
                </Button>
              ) : null}
              <Button
                size="xs"
                disabled={text.trim() === ''}
                onClick={() => {
                  const [refusal] = validate(text, ImageUrl, { coerce: true });
                  if (refusal) {
                    setTextError(refusal.message);
                    return;
                  }
                  onPick(text.trim());
                  setText('');
                  setOpened(false);
                }}
              >
                Add
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
