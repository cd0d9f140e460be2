import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { UploadedImage } from '#contracts/shared/upload';
import { menuUploadMachine } from '#src/machines/menu/menu-upload.machine';
import { ApiError } from '#src/services/shared/api';

/** The machine with its upload answered by `answer`; every file sent is logged. */
function start(answer: (file: Blob) => Promise<UploadedImage>) {
  const sent: Blob[] = [];
  const actor = createActor(
    menuUploadMachine.provide({
      actors: {
        uploadImage: fromPromise<UploadedImage, { file: Blob }>(({ input }) => {
          sent.push(input.file);
          return answer(input.file);
        }),
      },
    }),
  ).start();
  return { actor, sent, context: () => actor.getSnapshot().context };
}

describe('menu upload machine', () => {
  it('starts with no image, no upload and no alert', () => {
    const { actor, context } = start(async () => ({ url: '/u/a.png', path: 'a.png' }));
    expect(actor.getSnapshot().value).toBe('idle');
    expect(context()).toEqual({ url: null, uploads: 0, error: null });
  });

  it('sends the chosen file and gives the view the address of each upload, counting them', async () => {
    let n = 0;
    const { actor, sent, context } = start(async () => {
      n += 1;
      return { url: `/uploads/${n}.png`, path: `${n}.png` };
    });
    const done = vi.fn();
    actor.on('upload.done', done);
    const first = new Blob(['first']);
    actor.send({ type: 'image.upload', file: first });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().hasTag('uploading')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBe(first);
    expect(context()).toEqual({ url: '/uploads/1.png', uploads: 1, error: null });
    actor.send({ type: 'image.upload', file: new Blob(['second']) });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(context()).toEqual({ url: '/uploads/2.png', uploads: 2, error: null });
    // The screen is told of each upload once, with its address.
    expect(done.mock.calls).toEqual([[{ type: 'upload.done', url: '/uploads/1.png' }], [{ type: 'upload.done', url: '/uploads/2.png' }]]);
  });

  it('ignores a second file while one is on its way', async () => {
    let finish: (image: UploadedImage) => void = () => {};
    const { actor, sent } = start(
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    actor.send({ type: 'image.upload', file: new Blob(['a']) });
    actor.send({ type: 'image.upload', file: new Blob(['b']) });
    expect(sent).toHaveLength(1);
    finish({ url: '/u/a.png', path: 'a.png' });
    await waitFor(actor, (s) => s.matches('idle'));
  });

  it('says “Upload failed: ” with the server’s reason, clears it on dismiss and on the next success', async () => {
    let refuse = true;
    const { actor, context } = start(async () => {
      if (refuse) throw new ApiError('Not an image.', { status: 415 });
      return { url: '/u/ok.png', path: 'ok.png' };
    });
    actor.send({ type: 'image.upload', file: new Blob(['x']) });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(context()).toEqual({ url: null, uploads: 0, error: 'Upload failed: Not an image.' });
    actor.send({ type: 'alert.dismiss' });
    expect(context().error).toBeNull();

    actor.send({ type: 'image.upload', file: new Blob(['x']) });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(context().error).toBe('Upload failed: Not an image.');
    refuse = false;
    actor.send({ type: 'image.upload', file: new Blob(['png']) });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(context()).toEqual({ url: '/u/ok.png', uploads: 1, error: null });
  });

  it('says “Request failed” when the failure has no words', async () => {
    const { actor, context } = start(async () => {
      throw new Error('');
    });
    actor.send({ type: 'image.upload', file: new Blob(['x']) });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(context().error).toBe('Upload failed: Request failed');
  });
});
