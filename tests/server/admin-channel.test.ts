import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { askAdminChannel, openAdminChannel, type AdminAnswer } from '#server/cli/admin-channel';

const silent = { info: () => undefined, warn: () => undefined };

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rp-channel-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** What a client that does not speak the protocol gets back. */
function sendRaw(text: string): Promise<AdminAnswer> {
  return new Promise((done, fail) => {
    const socket = createConnection(join(dataDir, 'control', 'admin.sock'));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('end', () => done(JSON.parse(reply) as AdminAnswer));
    socket.on('error', fail);
    socket.end(text);
  });
}

describe('the create-admin channel of a running server', () => {
  it('runs the command with the arguments given and returns its output and exit code', async () => {
    const received: string[][] = [];
    const channel = await openAdminChannel(
      dataDir,
      async (argv) => {
        received.push(argv);
        return { code: 0, out: ['Created a@example.com'], err: [] };
      },
      silent,
    );
    try {
      expect(await askAdminChannel(dataDir, ['--email', 'a@example.com'])).toEqual({ code: 0, out: ['Created a@example.com'], err: [] });
      expect(received).toEqual([['--email', 'a@example.com']]);
    } finally {
      await channel?.close();
    }
  });

  it('is open only to its owner: a 0700 folder holding a 0600 socket', async () => {
    const channel = await openAdminChannel(dataDir, async () => ({ code: 0, out: [], err: [] }), silent);
    try {
      expect((await stat(join(dataDir, 'control'))).mode & 0o777).toBe(0o700);
      expect((await stat(join(dataDir, 'control', 'admin.sock'))).mode & 0o777).toBe(0o600);
    } finally {
      await channel?.close();
    }
  });

  it('refuses anything but a create-admin request, without running it', async () => {
    let ran = false;
    const channel = await openAdminChannel(
      dataDir,
      async () => {
        ran = true;
        return { code: 0, out: [], err: [] };
      },
      silent,
    );
    try {
      expect(await sendRaw('{"command":"drop-database","argv":[]}\n')).toEqual({ code: 2, out: [], err: ['The server could not read this request.'] });
      expect((await sendRaw('not json\n')).code).toBe(1);
      expect(ran).toBe(false);
    } finally {
      await channel?.close();
    }
  });

  it('is reported absent when no server listens, so the command can say to stop the server', async () => {
    expect(await askAdminChannel(dataDir, ['--email', 'a@example.com'])).toBeUndefined();
  });
});
