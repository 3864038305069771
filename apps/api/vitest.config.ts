import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // argon2 at full strength and a fresh database per file: give slow machines room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
