import { defineConfig } from 'vitest/config';

// One command runs every unit, component and API test: `npm test`.
export default defineConfig({
  test: {
    projects: ['apps/api', 'apps/web', 'packages/contract'],
    // One file per core, from every project at once. Every API file has a database of its own
    // (a PGlite copy, or its own database on PostgreSQL) and its own limiter keys, so files can
    // run side by side; Vitest's default keeps a core for itself, which on two cores ran the
    // files one at a time while the runner sat almost idle.
    maxWorkers: '100%',
  },
});
