// The server as its own process, from its TypeScript sources (`node --import tsx server/main.ts`)
// or, when told, from the build (`dist-server/main.js`, as `npm run serve` runs it): used by the
// process-level tests (kill -9, SIGTERM, a second process on one data folder) and by the benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
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
 * Starts the server on a free port of 127.0.0.1 and resolves once its health check answers 200
 * (gives up after `startTimeoutMs`, 30 s unless told: several processes on a loaded machine need more).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { inheritOutput?: boolean; startTimeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
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
    if (
      await fetch(`${url}/api/v2/health/`).then(
        (response) => response.ok,
        () => false,
      )
    ) {
      return {
        child,
        url,
        exited,
        log: () => output,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      };
    }
    if (child.exitCode !== null) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not start:\n${output}`);
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
