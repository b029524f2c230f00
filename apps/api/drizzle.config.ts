import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @shop/api` writes a new migration after a schema change; commit it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
