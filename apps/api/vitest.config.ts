import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The files of a worker share one module graph instead of loading the server's modules again
    // for each (decision 043): every file builds its own app on its own database and clock, and
    // the server keeps no per-request state in its modules, so nothing passes between files.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
    // argon2 at full strength and a fresh database per file: give slow machines room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
