import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Rendering a whole page in jsdom takes a second or two on a quiet two-core machine and
    // several times that on a busy one; Vitest's 5 s default failed such tests under load.
    testTimeout: 30_000,
    // Vitest runs one file at a time on two cores (it keeps a core for itself), and a page test
    // spends part of its time waiting on its own timers; two web files at once keep both cores
    // busy. The API's files stay one at a time (they share PostgreSQL and Redis in CI), so the web
    // files run as their own group after them.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
