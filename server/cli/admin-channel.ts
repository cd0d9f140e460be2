// The server that holds an embedded database runs `create-admin` for the command line, since no
// second process may open that database (server/db/data-dir-lock.ts). The channel is a Unix
// socket inside `<DATA_DIR>/control/`, a folder only its owner may enter: reaching it takes the
// same OS account that can already read the data folder, the secret key and the database.
import { chmod, mkdir, unlink } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { array, literal, object, size, string } from 'superstruct';
import { checkWith } from '../../contracts/shared/validation';

/** One request: the command's arguments, exactly as typed after `npm run create-admin --`. */
const AdminRequest = object({ command: literal('create-admin'), argv: size(array(size(string(), 0, 1024)), 0, 16) });

/** What the command printed and its exit code, for the caller to print and exit with. */
export type AdminAnswer = { code: number; out: string[]; err: string[] };

type Handler = (argv: string[]) => Promise<AdminAnswer>;

const MAX_REQUEST_BYTES = 64 * 1024;
// Unix socket paths are limited to 107 bytes on Linux (103 on macOS).
const MAX_SOCKET_PATH = 100;

const adminSocketPath = (dataDir: string) => join(dataDir, 'control', 'admin.sock');

function readLine(socket: Socket, limit: number): Promise<string> {
  return new Promise((done, fail) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) done(text.slice(0, text.indexOf('\n')));
      else if (text.length > limit) fail(new Error('The request is too large.'));
    });
    socket.on('end', () => done(text));
    socket.on('error', fail);
  });
}

type Log = { info(details: object, message: string): void; warn(details: object, message: string): void };

async function answer(socket: Socket, handle: Handler, log: Log): Promise<void> {
  let reply: AdminAnswer;
  try {
    const checked = checkWith(AdminRequest, JSON.parse(await readLine(socket, MAX_REQUEST_BYTES)));
    reply = checked.ok ? await handle(checked.value.argv) : { code: 2, out: [], err: ['The server could not read this request.'] };
  } catch (error) {
    reply = { code: 1, out: [], err: [`The server could not run this request: ${(error as Error).message}`] };
  }
  // Granting staff is worth a line in the log. Not the arguments nor the errors, which may
  // quote them: they can hold a password.
  log.info({ exitCode: reply.code, ...(reply.code === 0 ? { result: reply.out[0] } : {}) }, 'create-admin ran for the command line');
  socket.end(`${JSON.stringify(reply)}\n`);
}

/**
 * Listens on `<dataDir>/control/admin.sock`; undefined (with a warning) when the path is too long
 * for a socket, in which case the command line asks the operator to stop the server instead.
 */
export async function openAdminChannel(dataDir: string, handle: Handler, log: Log): Promise<{ close(): Promise<void> } | undefined> {
  const path = adminSocketPath(dataDir);
  if (path.length > MAX_SOCKET_PATH) {
    log.warn({ path }, 'create-admin channel not opened: the data folder path is too long for a Unix socket');
    return undefined;
  }
  await mkdir(join(dataDir, 'control'), { recursive: true, mode: 0o700 });
  await chmod(join(dataDir, 'control'), 0o700);
  // A socket left by a killed server; this process holds the data folder's lock, so it is ours.
  await unlink(path).catch(() => undefined);
  const server: Server = createServer((socket) => void answer(socket, handle, log));
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, done);
  });
  await chmod(path, 0o600);
  return {
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * Sends one request to the server holding `dataDir`; undefined when no server listens there
 * (none runs, it is still starting, or its data folder path is too long for a socket).
 */
export async function askAdminChannel(dataDir: string, argv: string[], timeoutMs = 60_000): Promise<AdminAnswer | undefined> {
  const socket = createConnection(adminSocketPath(dataDir));
  socket.setTimeout(timeoutMs, () => socket.destroy(new Error('The server did not answer in time.')));
  try {
    await new Promise<void>((done, fail) => {
      socket.once('connect', done);
      socket.once('error', fail);
    });
  } catch {
    socket.destroy();
    return undefined;
  }
  socket.write(`${JSON.stringify({ command: 'create-admin', argv })}\n`);
  try {
    return JSON.parse(await readLine(socket, MAX_REQUEST_BYTES)) as AdminAnswer;
  } catch (error) {
    // Not "created" and not "refused": the caller must not claim either.
    throw new Error(`The server did not answer (${(error as Error).message}); check whether the account was made before trying again.`);
  } finally {
    socket.destroy();
  }
}
