// Runs only against real PostgreSQL (TEST_DATABASE_URL): the command opens the database itself,
// and a PostgreSQL database is made in a fraction of the time an embedded one takes.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runScript } from '../../../scripts/server-process';
import { freshDatabase } from '../test-app';
import { legacyUploads, picture } from './legacy-uploads';

let dataDir: string;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'image-migration-cli-'));
  await mkdir(join(dataDir, 'uploads'));
  fresh = await freshDatabase();
});
afterEach(async () => {
  await fresh.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

it('npm run images:migrate moves the uploads folder into the database and says so, then says there is nothing left', { timeout: 60_000 }, async () => {
  const uploadsDir = join(dataDir, 'uploads');
  const logo = await picture('#0a0');
  await legacyUploads(fresh.database, uploadsDir, { 'logo.png': logo });
  const cli = async () => {
    const finished = await runScript('server/cli/migrate-images.ts', [], { DATA_DIR: dataDir, DATABASE_URL: fresh.url! }, 30_000);
    expect(finished.code, finished.stderr).toBe(0);
    return finished;
  };

  expect((await cli()).stdout).toContain(`Moved 1 uploaded image(s) from ${uploadsDir} into the database.`);
  expect(existsSync(join(uploadsDir, 'logo.png'))).toBe(false);
  const [row] = await fresh.database.query("select b.data from uploaded_images u join image_blobs b on b.sha256 = u.sha256 where u.path = 'logo.png'");
  expect(Buffer.from(row!.data as Uint8Array).equals(logo)).toBe(true);

  expect((await cli()).stdout).toContain('No uploaded images left to move: every image is in the database.');
});
