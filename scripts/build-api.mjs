// Bundles the API into apps/api/dist/server.js. Workspace packages (the contract) are bundled
// from their TypeScript source; npm dependencies stay external and load from node_modules.
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api');

/** Every bare import but our own workspace packages stays an import of node_modules. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(path.join(apiDir, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: {
    server: path.join(apiDir, 'src/server.ts'),
    'create-customer': path.join(apiDir, 'src/db/create-customer.ts'),
  },
  outdir: path.join(apiDir, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [externalDependencies],
  logLevel: 'info',
});
// The migrator reads the SQL files at run time, beside the bundle.
await cp(path.join(apiDir, 'src/db/migrations'), path.join(apiDir, 'dist/migrations'), { recursive: true });
