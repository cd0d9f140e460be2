import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, acquireDataDirLock } from '#server/db/data-dir-lock';

/** A pid that no process has any more: a child that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((done) => child.on('exit', done));
  return child.pid!;
}

const holderFile = async (folder: string) => JSON.parse(await readFile(join(folder, LOCK_FILE), 'utf8')) as { pid: number; purpose: string };

describe('the data folder lock', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rp-lock-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('is held by one owner at a time, names that owner to the next, and is free again once released', async () => {
    const lock = await acquireDataDirLock(dataDir, 'the server');
    const refused = await acquireDataDirLock(dataDir, 'create-admin').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(`${dataDir} is in use by the server (pid ${process.pid}`);
    await lock.release();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    const next = await acquireDataDirLock(dataDir, 'create-admin');
    expect(await holderFile(dataDir)).toMatchObject({ pid: process.pid, purpose: 'create-admin' });
    await next.release();
  });

  it('takes over a lock left by a process that died without releasing it', async () => {
    const pid = await deadPid();
    await writeFile(join(dataDir, LOCK_FILE), JSON.stringify({ pid, host: hostname(), startedAt: '2026-01-01T00:00:00.000Z', purpose: 'the server' }));
    const lock = await acquireDataDirLock(dataDir, 'the server');
    expect(await holderFile(dataDir)).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('never takes over a lock held from another host, whose process it cannot check', async () => {
    await writeFile(join(dataDir, LOCK_FILE), JSON.stringify({ pid: 1, host: 'elsewhere', startedAt: '2026-01-01T00:00:00.000Z', purpose: 'the server' }));
    await expect(acquireDataDirLock(dataDir, 'the server')).rejects.toThrow('in use by the server (pid 1 on elsewhere');
  });
});
