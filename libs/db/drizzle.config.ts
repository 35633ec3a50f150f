import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @pressroom/db db:generate` diffs src/schema.ts against the last
// snapshot in migrations/meta and writes the next SQL migration. No database needed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './migrations',
});
