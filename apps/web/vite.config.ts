import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  server: {
    // The API runs as its own process in development; in production one process serves both.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry chunk holds React, the router, Mantine's core and zod (about 540 kB raw); the
    // budget that matters is the login page's total, at most 200 KiB gzipped.
    chunkSizeWarningLimit: 600,
  },
});
