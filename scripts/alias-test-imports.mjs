// Rewrites the relative imports in tests/ that climb out into src/, server/ or contracts/ to the
// aliases of tsconfig.json and vitest.aliases.ts: `../../../src/views/menu/x` becomes
// `#src/views/menu/x`. Only module specifiers change (static imports and re-exports, `import()`,
// `typeof import()` and the vi.mock family), found with TypeScript's parser; strings that merely
// contain such a path (file paths, code given to ESLint) stay as they are. Imports between test
// files stay relative. Safe to run again: a file with nothing left to rewrite is not touched.
//
//   node scripts/alias-test-imports.mjs            rewrite, and list what changed
//   node scripts/alias-test-imports.mjs --check    change nothing; exit 1 if anything would change
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALIASED = ['src', 'server', 'contracts'];
const VI_CALLS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);
const check = process.argv.includes('--check');

function* testFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* testFiles(full);
    } else if (/\.(ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield full;
    }
  }
}

/** The string literals of `source` that name a module. */
function specifiers(source) {
  const found = [];
  const literal = (node) => node && ts.isStringLiteral(node) && found.push(node);
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) literal(node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal(node.argument.literal);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const dynamicImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const viCall =
        ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'vi' && VI_CALLS.has(callee.name.text);
      if (dynamicImport || viCall) literal(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `#src/…` for a relative specifier that lands in src/ (server/, contracts/), else null. */
function aliasOf(file, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const target = path.relative(ROOT, path.resolve(path.dirname(file), specifier)).split(path.sep);
  if (target.length < 2 || !ALIASED.includes(target[0])) return null;
  return `#${target.join('/')}`;
}

let filesChanged = 0;
let rewritten = 0;
for (const file of testFiles(path.join(ROOT, 'tests'))) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const edits = specifiers(source)
    .map((node) => ({ node, alias: aliasOf(file, node.text) }))
    .filter(({ alias }) => alias !== null);
  if (edits.length === 0) continue;
  let next = text;
  // From the end, so earlier offsets stay valid; the literal keeps its own quote mark.
  for (const { node, alias } of edits.sort((a, b) => b.node.getStart(source) - a.node.getStart(source))) {
    const start = node.getStart(source);
    const quote = text[start];
    next = `${next.slice(0, start)}${quote}${alias}${quote}${next.slice(node.getEnd())}`;
  }
  filesChanged += 1;
  rewritten += edits.length;
  const name = path.relative(ROOT, file);
  if (check) console.log(`${name}: ${edits.length} import(s) to alias`);
  else {
    writeFileSync(file, next);
    console.log(`${name}: ${edits.length}`);
  }
}
console.log(`${rewritten} import(s) in ${filesChanged} file(s) ${check ? 'would be rewritten' : 'rewritten'}.`);
if (check && rewritten > 0) process.exitCode = 1;
