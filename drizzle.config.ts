import { defineConfig } from 'drizzle-kit';

// Only used to generate SQL migrations from the server/db/schema*.ts files (npm run db:generate).
// Migrations are applied by the server at start and by `npm run db:migrate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/db/schema.ts',
    './server/db/schema-onboarding.ts',
    './server/db/schema-menu.ts',
    './server/db/schema-territories.ts',
    './server/db/schema-ordering.ts',
  ],
  out: './server/db/migrations',
});
