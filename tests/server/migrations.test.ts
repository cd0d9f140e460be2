import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '#server/db/database';
import * as core from '#server/db/schema';
import * as menu from '#server/db/schema-menu';
import * as onboarding from '#server/db/schema-onboarding';
import * as ordering from '#server/db/schema-ordering';
import * as territories from '#server/db/schema-territories';

type Journal = { entries: { idx: number; tag: string }[] };

/**
 * drizzle-kit loads each schema file through esbuild, whose CommonJS exports are in alphabetical
 * order, and emits enums in the order it meets them; Vitest keeps declaration order instead.
 */
const asDrizzleKitSeesIt = (...modules: Record<string, unknown>[]) =>
  Object.fromEntries(modules.flatMap((module) => Object.entries(module).sort(([a], [b]) => (a < b ? -1 : 1))));

describe('server/db/migrations', () => {
  it('are up to date with the schema files: `npm run db:generate` would write nothing', async () => {
    const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
    const latest = journal.entries.at(-1)!;
    const snapshot = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta', `${String(latest.idx).padStart(4, '0')}_snapshot.json`), 'utf8'));
    const schema = generateDrizzleJson(asDrizzleKitSeesIt(core, onboarding, menu, territories, ordering), snapshot.id);
    expect(await generateMigration(snapshot, schema)).toEqual([]);
  });
});
