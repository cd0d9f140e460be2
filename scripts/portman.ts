// `npm run portman`: an outside tester against the live server. Portman turns the OpenAPI
// document into a Postman collection (one request per operation, plus fuzzed variations of every
// JSON body: required fields left out, texts over their maxLength, lists over their maxItems)
// and runs it with newman, once as an owner with a restaurant and once as an administrator.
// Every answer must be below 500, of a status the document lists for that operation, and, when
// JSON, match the schema documented for that status. The real server runs on PGlite in a
// temporary folder on a free port of 127.0.0.1; everything is bounded in time.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runScript, startServerProcess, type ServerProcess } from './server-process';

const RUN_LIMIT_MS = 150_000;
const PASSWORD = 'Portman-check-7d1f';

type Json = Record<string, unknown>;
type OpenApi = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: Json }> }> }>>;
  components: { schemas: Json };
};

/** `$ref`s to the document's components written out, so each test script stands alone. */
function inlined(value: unknown, components: Json): unknown {
  if (Array.isArray(value)) return value.map((item) => inlined(item, components));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { $ref?: string }).$ref;
  if (ref) return inlined(components[ref.replace('#/components/schemas/', '')], components);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inlined(item, components)]));
}

/** The newman test run after every request of `method path`: no 5xx, a documented status, a documented body. */
function answerTest(responses: OpenApi['paths'][string][string]['responses'], components: Json): string {
  const schemas = Object.fromEntries(
    Object.entries(responses).map(([status, answer]) => [
      status,
      answer.content?.['application/json']?.schema ? inlined(answer.content['application/json'].schema, components) : null,
    ]),
  );
  return [
    `const documented = ${JSON.stringify(schemas)};`,
    "pm.test('answers below 500', () => pm.expect(pm.response.code).to.be.below(500));",
    "pm.test('answers a documented status', () => pm.expect(Object.keys(documented)).to.include(String(pm.response.code)));",
    'const schema = documented[String(pm.response.code)];',
    "if (schema && String(pm.response.headers.get('Content-Type')).includes('application/json')) {",
    "  pm.test('answers the documented schema', () => pm.response.to.have.jsonSchema(schema));",
    '}',
  ].join('\n');
}

function portmanConfig(document: OpenApi): Json {
  // Portman matches `/orders/{id}/` against `/orders/new-count/` too, and the last matching entry
  // overwrites the tests: templated paths first, so a literal path keeps its own schema.
  const templatedFirst = Object.entries(document.paths).sort(([a], [b]) => Number(b.includes('{')) - Number(a.includes('{')));
  const extendTests = templatedFirst.flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      openApiOperation: `${method.toUpperCase()}::${path}`,
      tests: [answerTest(operation.responses, document.components.schemas)],
      overwrite: true,
    })),
  );
  const fuzzing = [{ requestBody: [{ requiredFields: { enabled: true }, maxLengthFields: { enabled: true }, minLengthFields: { enabled: true } }] }];
  return {
    version: 1.0,
    tests: {
      contractTests: [],
      extendTests,
      variationTests: [{ openApiOperation: '*::/*', openApiResponse: '400', variations: [{ name: 'fuzzed', fuzzing, tests: {}, extendTests }] }],
    },
    globals: { stripResponseExamples: true, securityOverwrites: { bearer: { token: '{{bearerToken}}' } } },
  };
}

async function call(server: ServerProcess, method: string, path: string, body?: unknown, token?: string): Promise<Json> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Json;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** An owner with a restaurant: registration with the emailed code (read from the outbox), profile, onboarding. */
async function ownerToken(server: ServerProcess, dataDir: string): Promise<string> {
  const email = 'owner@portman.example.com';
  await call(server, 'POST', '/api/v2/auth/register/', { email, accepted_terms: true });
  const outbox = join(dataDir, 'outbox');
  const [message] = await readdir(outbox);
  const code = /\b(\d{6})\b/.exec(await readFile(join(outbox, message!), 'utf8'))?.[1];
  const verified = await call(server, 'POST', '/api/v2/auth/verify/', { email, code });
  const profiled = await call(
    server,
    'POST',
    '/api/v2/auth/profile/',
    { email, first_name: 'Port', last_name: 'Man', password: PASSWORD },
    String(verified.access),
  );
  await call(server, 'POST', '/api/v2/onboarding/start/', undefined, String(profiled.access));
  return String(profiled.access);
}

async function adminToken(server: ServerProcess, dataDir: string): Promise<string> {
  const email = 'admin@portman.example.com';
  const made = await runScript('server/cli/create-admin-cli.ts', ['--email', email, '--password', PASSWORD], { DATA_DIR: dataDir });
  if (made.code !== 0) throw new Error(`create-admin failed: ${made.stderr}${made.stdout}`);
  return String((await call(server, 'POST', '/api/v2/auth/login/', { email, password: PASSWORD })).access);
}

/** Portman, then newman, as `who`; resolves with the exit code (killed past the time limit). */
function runPortman(who: string, files: { document: string; config: string; env: string; collection: string }, baseUrl: string): Promise<number | null> {
  const args = [
    'portman',
    '-l',
    files.document,
    '-b',
    baseUrl,
    '-c',
    files.config,
    '--envFile',
    files.env,
    '-o',
    files.collection,
    '--runNewman',
    '--newmanRunOptions',
    JSON.stringify({ timeoutRequest: 10_000, reporters: ['cli'], bail: false }),
  ];
  console.log(`\n== Portman as ${who}`);
  // Portman keeps its working files (the collection, an environment with the token) under its
  // working directory's tmp/: the run's temporary folder, removed at the end.
  const bin = join(process.cwd(), 'node_modules', '.bin', 'portman');
  const child = spawn(bin, args.slice(1), { stdio: ['ignore', 'pipe', 'inherit'], cwd: dirname(files.document) });
  // Newman prints each answer's status: the fuzzed variations are checked for a 5xx from it too.
  let serverErrors = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    serverErrors += chunk.toString().match(/\[5\d\d [A-Za-z]/g)?.length ?? 0;
  });
  const guard = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
  return new Promise((done) =>
    child.on('exit', (code) => {
      clearTimeout(guard);
      if (serverErrors > 0) console.log(`${serverErrors} answer(s) of 5xx as ${who}.`);
      done(serverErrors > 0 ? 1 : code);
    }),
  );
}

async function main(): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portman-'));
  const document = join(dataDir, 'openapi.json');
  let server: ServerProcess | undefined;
  try {
    // Migrated first: a fresh embedded database takes longer to set up than the server is given to start.
    const migrated = await runScript('server/db/migrate-cli.ts', [], { DATA_DIR: dataDir }, 180_000);
    if (migrated.code !== 0) throw new Error(`db:migrate failed: ${migrated.stderr}${migrated.stdout}`);
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        STATIC_DIR: join(dataDir, 'no-app'),
        LOG_LEVEL: 'warn',
        // Newman sends a few hundred requests a minute from one address: limits are not what is tested here.
        RATE_LIMIT_PER_MINUTE: '100000',
        AUTH_LIMIT_PER_MINUTE: '100000',
        SIGNUP_LIMIT_PER_MINUTE: '100000',
        SIGNUP_LIMIT_PER_EMAIL_PER_HOUR: '100000',
        ORDER_LIMIT_PER_MINUTE: '100000',
        // The order board's event stream stays open until its maximum age: newman waits for the
        // whole answer, so here it ends after a second (still checked: status and media type).
        ORDER_STREAM_MAX_AGE_MS: '1000',
      },
      { startTimeoutMs: 120_000 },
    );
    // The document as the live server publishes it.
    const published = await (await fetch(`${server.url}/api/openapi.json`)).text();
    // Google sign-in answers 503 google_not_configured (documented) on a server without a Google
    // client, as this one is: no outside tester can sign in with Google here, so it is left out.
    const tested = JSON.parse(published) as OpenApi;
    delete tested.paths['/api/v2/auth/social/google/'];
    await writeFile(document, JSON.stringify(tested));
    const config = join(dataDir, 'portman-config.json');
    await writeFile(config, JSON.stringify(portmanConfig(tested)));
    const tokens = { owner: await ownerToken(server, dataDir), administrator: await adminToken(server, dataDir) };
    let failed = 0;
    for (const [who, token] of Object.entries(tokens)) {
      const env = join(dataDir, `${who}.env`);
      await writeFile(env, `PORTMAN_BEARER_TOKEN=${token}\n`);
      const code = await runPortman(who, { document, config, env, collection: join(dataDir, `${who}.collection.json`) }, server.url);
      if (code !== 0) failed += 1;
    }
    console.log(failed === 0 ? '\nPortman: every answer below 500 and as documented.' : `\nPortman: ${failed} run(s) failed.`);
    return failed === 0 ? 0 : 1;
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
