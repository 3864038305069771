import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build, type Plugin, type ResolvedConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Draws the page shell into the built index.html (docs/decisions/017-login-shell.md): after the
 * client build, it bundles build/shell-entry.tsx for Node with the same configuration, then runs
 * render-shell.mjs, which draws the login page and the portal's frame with the real components
 * and writes them, with the CSS they need and the boot script, into dist/index.html.
 */
export function pageShell(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal-page-shell',
    // The client build only: the shell's own bundle is built with this same configuration.
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    // After the files are written, and only when the build succeeded.
    async writeBundle() {
      // Inside the project, so that the bundle's imports of dependencies resolve from node_modules.
      const outDir = path.join(config.root, 'node_modules', '.cache', 'page-shell');
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: path.join(here, 'shell-entry.tsx'),
          outDir,
          emptyOutDir: true,
          // Node runs it at once; no need to shrink or map it.
          minify: false,
          sourcemap: false,
          // The shell imports the login page and the portal's layout directly, which the router
          // loads lazily: expected here, and no concern of the browser's bundle.
          rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
        },
      });
      try {
        const { stdout } = await promisify(execFile)(process.execPath, [
          path.join(here, 'render-shell.mjs'),
          path.join(outDir, 'shell-entry.js'),
          path.resolve(config.root, config.build.outDir),
        ]);
        config.logger.info(stdout.trim());
      } finally {
        await rm(outDir, { recursive: true, force: true });
      }
    },
  };
}
