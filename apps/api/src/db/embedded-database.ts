import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from './database';

/**
 * The child process that creates a new embedded database: beside this module in the source tree,
 * and beside the bundle once built.
 */
const preparerEntry = fileURLToPath(
  new URL(
    import.meta.url.endsWith('.ts') ? './prepare-embedded-database.ts' : './prepare-embedded-database.js',
    import.meta.url,
  ),
);

/** A folder holds an embedded database once PostgreSQL's version file is in it. */
export const holdsEmbeddedDatabase = (dataDir: string) => fs.existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * Makes sure `dataDir` holds an embedded database, creating it in a short-lived child process
 * when it does not (decision 018): creating one grows PGlite's WebAssembly memory far beyond
 * what running it needs, and that memory is never given back, so the server's own process must
 * not be the one that does it.
 */
export async function prepareEmbeddedDatabase(dataDir: string): Promise<void> {
  if (holdsEmbeddedDatabase(dataDir)) return;
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} holds files but no embedded database; move them away or choose another DATA_DIR`);
  }
  const child = fork(preparerEntry, [dataDir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // From the source tree (development, tests) the child needs tsx to read TypeScript.
    execArgv: preparerEntry.endsWith('.ts') ? ['--import', 'tsx'] : [],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0 || !holdsEmbeddedDatabase(dataDir)) {
    throw new Error(`Could not create the embedded database in ${dataDir} (the preparing process exited with ${code})`);
  }
}

/** The database the configuration names: PostgreSQL at DATABASE_URL, or the embedded one in DATA_DIR. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openDatabase({ databaseUrl: config.databaseUrl });
  const dataDir = path.join(config.dataDir, 'pglite');
  await prepareEmbeddedDatabase(dataDir);
  return openDatabase({ dataDir });
}
