import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No two modules of the app import each other, directly or around a longer circle (docs/architecture.md,
 * "Layers"). ESLint's `import-x/no-cycle` says so while one edits, but leaves type-only imports out
 * (they vanish at run time); this walks every import of `src/`, `server/` and `contracts/`, type-only
 * ones and `export … from` included, and names each circle it finds.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'server', 'contracts'];
const SOURCE = /\.(ts|tsx)$/;
const SKIPPED = new Set(['migrations']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return SKIPPED.has(name) ? [] : sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names (`./x`, `./x.js`, `./x/index`), or undefined for a package. */
function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier).replace(/\.(js|mjs)$/, '');
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => SOURCE.test(path) && existsSync(path));
}

/** Every module a file imports, by any kind of import TypeScript sees (static, type-only, re-export, dynamic). */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.flatMap(({ fileName }) => resolved(file, fileName) ?? []);
}

/** The circles of a graph: each strongly connected set of more than one module, or a module importing itself (Tarjan). */
export function circlesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1 || graph.get(node)?.includes(node)) circles.push(members.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

function appGraph(): Map<string, string[]> {
  const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
  return new Map(files.map((file) => [relative(ROOT, file), importsOf(file).map((path) => relative(ROOT, path))]));
}

describe('import circles', () => {
  it('finds none in src/, server/ and contracts/, counting type-only imports', () => {
    const graph = appGraph();
    expect(graph.size).toBeGreaterThan(300);
    expect(circlesOf(graph).map((circle) => circle.join(' ⇄ '))).toEqual([]);
  });

  it('sees every kind of import, and a circle of two or more', () => {
    const from = join(ROOT, 'server/domain/shared/viewer-check.ts');
    const text = [
      "import type { Scope } from './scope';",
      "import { scopeOf } from './tenancy';",
      "export { notFound } from './tenancy.ts';",
      "export type { UserRow } from './people';",
      "const later = () => import('./listing');",
      "import { eq } from 'drizzle-orm';",
    ].join('\n');
    expect(importsOf(from, text).map((path) => relative(ROOT, path))).toEqual([
      'server/domain/shared/scope.ts',
      'server/domain/shared/tenancy.ts',
      'server/domain/shared/tenancy.ts',
      'server/domain/shared/people.ts',
      'server/domain/shared/listing.ts',
    ]);
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a', 'd']],
      ['e', []],
    ]);
    expect(circlesOf(graph)).toEqual([['a', 'b', 'c'], ['d']]);
  });
});
