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
  },
});
