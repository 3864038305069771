import { defineConfig } from 'vitest/config';

// One command runs every unit, component and API test: `npm test`.
export default defineConfig({
  test: {
    projects: ['apps/api', 'apps/web', 'packages/contract'],
  },
});
