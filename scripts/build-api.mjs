// Bundles the API into apps/api/dist/server.js. Workspace packages (the contract) are bundled
// from their TypeScript source; npm dependencies stay external and load from node_modules.
import { execFileSync } from 'node:child_process';
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
    migrate: path.join(apiDir, 'src/migrate.ts'),
    backup: path.join(apiDir, 'src/backup.ts'),
    'prepare-embedded-database': path.join(apiDir, 'src/db/prepare-embedded-database.ts'),
    'embedded-extensions': path.join(apiDir, 'src/db/embedded-extensions.ts'),
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
// A migrated embedded database, dumped once here, so that a first start on a new DATA_DIR loads
// it instead of running PostgreSQL's initdb (decision 018).
execFileSync(
  process.execPath,
  [
    path.join(apiDir, 'dist/prepare-embedded-database.js'),
    '--template',
    path.join(apiDir, 'dist/pglite-template.tar.gz'),
  ],
  { stdio: 'inherit' },
);
