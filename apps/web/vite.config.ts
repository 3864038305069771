import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pageShell } from './build/shell-plugin.ts';

/**
 * The contract is a barrel of Zod schemas whose module bodies run only to build values (and to
 * register OpenAPI metadata the browser never reads), and the two reference-data packages it
 * uses only build lists. Declared free of side effects, each module lands in the chunk of the
 * page that uses it: the country and currency lists go with the billing forms, not with the
 * entry chunk the login page loads.
 */
const SIDE_EFFECT_FREE =
  /[\\/]packages[\\/]contract[\\/]|[\\/]node_modules[\\/](currency-codes|i18n-iso-countries)[\\/]/;

export default defineConfig({
  // pageShell draws the login page and the portal's frame into the built index.html
  // (docs/decisions/017-login-shell.md).
  plugins: [react(), pageShell()],
  resolve: { tsconfigPaths: true },
  server: {
    // The API runs as its own process in development; in production one process serves both.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    // index.html names the entry's own files, so they download side by side. A page loaded
    // later fetches its files as its imports ask for them: preloading every one of them (about
    // 50 for the dashboard) held the main thread for longer than the few milliseconds those
    // requests can save on a page the shell has already drawn (docs/decisions/021-dashboard-data-before-drawing.md).
    // Stylesheets are not affected: Vite still loads a page's CSS before the page runs.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    emptyOutDir: true,
    // The entry chunk holds React, the router, Mantine's core and zod (about 540 kB raw); the
    // budget that matters is the login page's total, at most 200 KiB gzipped.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // A rule rather than a function: modules it does not match keep their packages' own
      // sideEffects declarations (Mantine's among them).
      treeshake: { moduleSideEffects: [{ test: SIDE_EFFECT_FREE, sideEffects: false }] },
    },
  },
});
