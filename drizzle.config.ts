import { defineConfig } from 'drizzle-kit';

// Only used to generate SQL migrations from server/db/schema.ts (npm run db:generate).
// Migrations are applied by the server at start and by `npm run db:migrate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
