/**
 * Every path of the menu upload model (tests/models/menu/menu-upload.model.ts) through the real
 * image field (src/views/menu/image-field.tsx) and its real machine, the upload answered on cue.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { UploadedImage } from '#contracts/shared/upload';
import { menuUploadMachine } from '#src/machines/menu/menu-upload.machine';
import { ApiError } from '#src/services/shared/api';
import { theme } from '#src/theme';
import { ImageField } from '#src/views/menu/image-field';
import { MENU_UPLOAD_VALUES as V, menuUploadModel } from '../../models/menu/menu-upload.model';
import { createFakeActor } from '../../support/fake-actor';
import { modelPathCases, type PathExecutors } from '../../support/model-paths';

type Driver = { user: UserEvent; upload: ReturnType<typeof createFakeActor<UploadedImage, { file: Blob }>>; files: number };

function FieldWithValue({ machine }: { machine: typeof menuUploadMachine }) {
  const [value, setValue] = useState('');
  return <ImageField label="Image URL" value={value} onChange={setValue} machine={machine} />;
}

function renderField(): Driver {
  const upload = createFakeActor<UploadedImage, { file: Blob }>('uploadImage');
  // Uploads are multipart, which no contract describes: the fake stands in alone (docs/architecture.md).
  const machine = menuUploadMachine.provide({ actors: { uploadImage: upload.actor } });
  render(
    <MantineProvider env="test" theme={theme}>
      <FieldWithValue machine={machine} />
    </MantineProvider>,
  );
  return { user: userEvent.setup({ delay: null }), upload, files: 0 };
}

const field = () => screen.getByRole('textbox', { name: 'Image URL' });
const chooseButton = () => screen.getByRole('button', { name: 'Choose image' });
const uploaded = (url: string): UploadedImage => ({ url, path: url.replace('/media/', '') });

/** The picker is busy: Mantine marks its button loading (disabled) while the file is sent. */
async function expectBusy(busy: boolean) {
  await waitFor(() => (busy ? expect(chooseButton()).toBeDisabled() : expect(chooseButton()).toBeEnabled()));
}

const executors: PathExecutors<Driver> = {
  events: {
    'image.choose': async (driver) => {
      driver.files += 1;
      await driver.user.upload(screen.getByLabelText('Image', { selector: 'input' }), new File(['png'], `photo-${driver.files}.png`, { type: 'image/png' }));
      await waitFor(() => expect(driver.upload.pending).toHaveLength(1));
      expect(driver.upload.received.at(-1)?.file).toBeInstanceOf(Blob);
    },
    'server.accept': (driver) => driver.upload.resolve(uploaded(driver.files === 1 ? V.firstUrl : V.secondUrl)),
    'server.reject': (driver) => driver.upload.reject(new ApiError(V.refusal, { status: 400, code: 'invalid' })),
    'alert.dismiss': async (driver) => {
      await driver.user.click(screen.getByRole('button', { name: 'Dismiss' }));
    },
  },
  states: {
    empty: async () => {
      expect(field()).toHaveValue('');
      expect(screen.queryByRole('alert')).toBeNull();
      await expectBusy(false);
    },
    uploading: async () => {
      await expectBusy(true);
      expect(field()).toHaveValue('');
    },
    uploaded: async () => {
      await waitFor(() => expect(field()).toHaveValue(V.firstUrl));
      await expectBusy(false);
      expect(screen.queryByRole('alert')).toBeNull();
    },
    replacing: async () => {
      await expectBusy(true);
      expect(field()).toHaveValue(V.firstUrl);
    },
    replaced: async () => {
      await waitFor(() => expect(field()).toHaveValue(V.secondUrl));
      await expectBusy(false);
    },
    failed: async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent(`Upload failed: ${V.refusal}`);
      expect(field()).toHaveValue('');
      await expectBusy(false);
    },
    dismissed: async () => {
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      expect(field()).toHaveValue('');
      await expectBusy(false);
    },
    retrying: async () => {
      await expectBusy(true);
      expect(screen.getByRole('alert')).toHaveTextContent(`Upload failed: ${V.refusal}`);
    },
    recovered: async () => {
      await waitFor(() => expect(field()).toHaveValue(V.secondUrl));
      expect(screen.queryByRole('alert')).toBeNull();
      await expectBusy(false);
    },
  },
};

const cases = modelPathCases(menuUploadModel, executors);

describe('menu image upload: every path of the model', () => {
  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderField());
    }, 30_000);
});
