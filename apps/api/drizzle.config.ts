import { defineConfig } from 'drizzle-kit';

/** Platform tables, then each module's own `schema.ts`: a new module's tables are found without editing this file. */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/db/schema.ts', './src/modules/*/schema.ts'],
  out: './src/db/migrations',
});
