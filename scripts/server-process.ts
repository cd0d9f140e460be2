// The server as its own process, from its TypeScript sources (`node --import tsx server/main.ts`)
// or, when told, from the build (`dist-server/main.js`, as `npm run serve` runs it): used by the
// process-level tests (kill -9, SIGTERM, a second process on one data folder) and by the benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { createServer } from 'node:net';

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  /** Everything the process printed so far (empty when its output is inherited). */
  log: () => string;
  /** SIGTERM, then waits for the process to exit. */
  stop: () => Promise<number | null>;
};

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

/**
 * Whether the socket listening on `port` of 127.0.0.1 belongs to process `pid`, read from /proc
 * (Linux): a free port can be taken by another process between freePort() and the child's listen,
 * and then the health check would be answered by that other server. Undefined where /proc says
 * nothing (another system): the health check alone decides there.
 */
async function listensOn(pid: number, port: number): Promise<boolean | undefined> {
  try {
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    const table = await readFile('/proc/net/tcp', 'utf8');
    // Columns: sl, local address, remote address, state (0A: LISTEN), …, inode (the tenth).
    const inodes = table
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((columns) => columns[1] === `0100007F:${hexPort}` && columns[3] === '0A')
      .map((columns) => columns[9]);
    if (inodes.length === 0) return false;
    const fds = await readdir(`/proc/${pid}/fd`);
    const links = await Promise.all(fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')));
    return inodes.some((inode) => links.includes(`socket:[${inode}]`));
  } catch {
    return undefined;
  }
}

/**
 * Starts the server on a free port of 127.0.0.1 and resolves once its health check answers 200
 * (gives up after `startTimeoutMs`, 30 s unless told: several processes on a loaded machine need
 * more). Should another process take the port first, the child fails to listen and is started
 * again on another port (three tries).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { inheritOutput?: boolean; startTimeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const started = await startOnFreePort(env, options);
    if (started.kind === 'started') return started.server;
    if (started.kind === 'failed' || attempt === 3) throw new Error(`The server did not start:\n${started.output}`);
  }
}

type StartAttempt = { kind: 'started'; server: ServerProcess } | { kind: 'port taken' | 'failed'; output: string };

async function startOnFreePort(
  env: Record<string, string>,
  options: { inheritOutput?: boolean; startTimeoutMs?: number; nodeArgs?: string[] },
): Promise<StartAttempt> {
  const port = await freePort();
  const child = spawn(process.execPath, options.nodeArgs ?? ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: options.inheritOutput ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const url = `http://127.0.0.1:${port}`;
  const attempts = Math.ceil((options.startTimeoutMs ?? 30_000) / 100);
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const healthy = await fetch(`${url}/api/v2/health/`).then(
      (response) => response.ok,
      () => false,
    );
    // A healthy answer counts only from this child's own socket.
    if (healthy && (await listensOn(child.pid!, port)) !== false) {
      return {
        kind: 'started',
        server: {
          child,
          url,
          exited,
          log: () => output,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        },
      };
    }
    if (child.exitCode !== null) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill('SIGKILL');
  await exited;
  return { kind: output.includes('EADDRINUSE') ? 'port taken' : 'failed', output };
}

export type FinishedProcess = { code: number | null; stdout: string; stderr: string };

/** Runs one of the project's TypeScript entry points through tsx; killed after `timeoutMs`. */
export function runScript(script: string, args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<FinishedProcess> {
  return runNode(['--import', 'tsx', script, ...args], env, timeoutMs);
}

/** Runs `node` with these arguments (a built command: `dist-server/create-admin.js …`); killed after `timeoutMs`. */
export function runNode(nodeArgs: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<FinishedProcess> {
  const child = spawn(process.execPath, nodeArgs, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const guard = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((done) =>
    child.on('exit', (code) => {
      clearTimeout(guard);
      done({ code, stdout, stderr });
    }),
  );
}
