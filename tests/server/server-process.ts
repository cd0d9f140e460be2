import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One `node server/main.ts` of its own, with its own data folder, as an operator starts it. */
export type ServerProcess = {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  dataDir: string;
  /** What it has written to stdout and stderr so far (its JSON log). */
  output: () => string;
  /** The sign-in code of the newest mail to `to` in its outbox (no SMTP_URL: mail goes there). */
  codeMailedTo: (to: string) => Promise<string>;
  /** SIGTERM, then waits for it to exit (SIGKILL after the time-out); removes its data folder. Answers its exit code. */
  stop: () => Promise<number | null>;
};

const STOP_TIMEOUT_MS = 15_000;

/**
 * Starts the server in a child process on a port the OS picks (PORT=0), from a clean
 * environment plus `env`, once `prepareDataDir` has filled its data folder, and resolves once it listens; rejects with its output if it exits or
 * has not listened within `startTimeoutMs`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { startTimeoutMs = 60_000, prepareDataDir }: { startTimeoutMs?: number; prepareDataDir?: (dataDir: string) => Promise<void> } = {},
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'server-process-'));
  await prepareDataDir?.(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-app-built'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
    return child.exitCode;
  };

  const origin = await new Promise<string>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => fail(`did not listen within ${startTimeoutMs} ms`), startTimeoutMs);
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.off('data', watch);
      void stop().finally(() => reject(new Error(`server process ${why}:\n${output}`)));
    };
    const watch = () => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!listening || settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.off('data', watch);
      resolve(listening[1]!);
    };
    child.stdout.on('data', watch);
    void exited.then(() => fail(`exited with ${child.exitCode ?? child.signalCode}`));
  });

  return {
    origin,
    dataDir,
    output: () => output,
    stop,
    async codeMailedTo(to) {
      const folder = join(dataDir, 'outbox');
      // Names start with the time they were written: the last one is the newest.
      for (const name of (await readdir(folder)).sort().reverse()) {
        const mail = await readFile(join(folder, name), 'utf8');
        const addressed = mail.split(/\r?\n/).some((line) => /^to:/i.test(line) && line.toLowerCase().includes(to.toLowerCase()));
        const code = /^Subject: (\d{6}) /m.exec(mail)?.[1];
        if (addressed && code) return code;
      }
      throw new Error(`no code mailed to ${to} in ${folder}`);
    },
  };
}
