// A PostgreSQL cluster of its own, in a temporary folder on a free port: for the tests and the
// soak script that stop and restart the database under load. The machine's shared PostgreSQL
// serves other work at the same time and is never stopped.
import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process';

const run = promisify(execFile);
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
/** PostgreSQL refuses to run as root; as root, its programs run as this account instead. */
const SERVICE_ACCOUNT = 'postgres';

export type PrivatePostgres = {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** Stops the server: `fast` ends sessions cleanly, `immediate` is a crash (recovery on the next start). */
  stop: (mode: 'fast' | 'immediate') => Promise<void>;
  start: () => Promise<void>;
  /** Ends every session of every other backend, as an idle-session limit, a pooler or a failover does. */
  terminateBackends: () => Promise<number>;
  /** Stops the server and removes its folder. */
  remove: () => Promise<void>;
};

async function asServiceAccount(program: string, args: string[]): Promise<string> {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', SERVICE_ACCOUNT, '--', join(BIN, program), ...args]] : [join(BIN, program), args];
  const { stdout } = await run(file, argv, { timeout: 60_000 });
  return stdout;
}

async function serviceAccountIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', SERVICE_ACCOUNT]), run('id', ['-g', SERVICE_ACCOUNT])]);
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

/** Creates the cluster (initdb, a few seconds) and starts it. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const folder = await mkdtemp(join(tmpdir(), 'rp-private-pg-'));
  if (process.getuid?.() === 0) {
    const { uid, gid } = await serviceAccountIds();
    await chown(folder, uid, gid);
  }
  const dataDir = join(folder, 'data');
  const port = await freePort();
  const remove = async () => {
    await asServiceAccount('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
  };
  const start = async () => {
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${folder} -c max_connections=100`;
    await asServiceAccount('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(folder, 'log'), '-w', '-t', '30', 'start']);
  };
  try {
    await asServiceAccount('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await start();
  } catch (error) {
    await remove();
    throw error;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    start,
    stop: async (mode) => {
      await asServiceAccount('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
    },
    terminateBackends: async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ ended: number }>(
          "select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
        );
        return rows[0]?.ended ?? 0;
      } finally {
        await admin.end();
      }
    },
    remove,
  };
}
