// Writes the server's OpenAPI document to a file (default .openapi/openapi.json), as
// GET /api/openapi.json answers it, for `npm run openapi:lint` and `npm run portman`.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';

export async function writeOpenApiDocument(file: string): Promise<void> {
  // A throw-away embedded database: the document needs the routes, not the data.
  const dataDir = await mkdtemp(join(tmpdir(), 'openapi-'));
  try {
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-app') }));
    try {
      const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(response.json(), null, 2)}\n`);
    } finally {
      await app.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2] ?? '.openapi/openapi.json';
  await writeOpenApiDocument(file);
  console.log(`wrote ${file}`);
}
