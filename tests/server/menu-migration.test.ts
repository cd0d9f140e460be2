import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../server/db/database';
import * as core from '../../server/db/schema';
import * as menu from '../../server/db/schema-menu';
import * as onboarding from '../../server/db/schema-onboarding';

/**
 * drizzle-kit loads each schema file through esbuild, whose CommonJS exports are in alphabetical
 * order, and emits enums in the order it meets them; Vitest keeps declaration order instead.
 */
const asDrizzleKitSeesIt = (...modules: Record<string, unknown>[]) =>
  Object.fromEntries(modules.flatMap((module) => Object.entries(module).sort(([a], [b]) => (a < b ? -1 : 1))));

describe('server/db/migrations/0004_menu.sql', () => {
  it('is exactly what drizzle-kit generates for schema-menu.ts on top of the other areas', async () => {
    // In memory only: no snapshot or journal is written.
    const before = generateDrizzleJson(asDrizzleKitSeesIt(core, onboarding));
    const after = generateDrizzleJson(asDrizzleKitSeesIt(core, onboarding, menu), before.id);
    const statements = await generateMigration(before, after);
    const written = await readFile(join(MIGRATIONS_FOLDER, '0004_menu.sql'), 'utf8');
    expect(written).toBe(statements.join('--> statement-breakpoint\n'));
  });
});
