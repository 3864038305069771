import fs from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from './database';
import { holdsEmbeddedDatabase } from './embedded-database';

/**
 * Backups of the embedded default (docs/deploy.md, Backups): the database as a dump PGlite
 * writes from a consistent state, and the files beside it. On PostgreSQL and S3 the operator's
 * own tools (pg_dump, bucket versioning) do this better, so these refuse to run there.
 */
const DATABASE_DUMP = 'database.tar.gz';
/** What DATA_DIR holds besides the database, copied as it is. */
const KEPT_BESIDE = ['storage', 'storage-signing-secret'];

export interface EmbeddedLayout {
  /** DATA_DIR. */
  dataDir: string;
}

const databaseDir = (dataDir: string) => path.join(dataDir, 'pglite');

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Writes a backup of DATA_DIR into `target`, a folder that must not exist yet. */
export async function backupDataDir({ dataDir }: EmbeddedLayout, target: string): Promise<void> {
  if (!holdsEmbeddedDatabase(databaseDir(dataDir))) throw new Error(`${dataDir} holds no embedded database`);
  if (await exists(target)) throw new Error(`${target} exists already: choose a new folder for the backup`);
  await fs.mkdir(target, { recursive: true });
  const database = await openDatabase({ dataDir: databaseDir(dataDir) });
  try {
    const dump = await database.dumpDataDir!();
    await fs.writeFile(path.join(target, DATABASE_DUMP), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  for (const name of KEPT_BESIDE) {
    const source = path.join(dataDir, name);
    if (await exists(source)) await fs.cp(source, path.join(target, name), { recursive: true });
  }
}

/** Makes DATA_DIR what the backup in `source` holds; DATA_DIR must hold no database. */
export async function restoreDataDir({ dataDir }: EmbeddedLayout, source: string): Promise<void> {
  const dumpFile = path.join(source, DATABASE_DUMP);
  if (!(await exists(dumpFile))) throw new Error(`${source} is not a backup: it has no ${DATABASE_DUMP}`);
  if (await exists(databaseDir(dataDir))) {
    throw new Error(`${dataDir} holds a database already: restore into a new DATA_DIR, or move it away first`);
  }
  // Unpacked in a folder of its own and renamed into place, so an interrupted restore leaves no half database.
  const unpacking = `${databaseDir(dataDir)}.restoring-${process.pid}`;
  await fs.rm(unpacking, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: unpacking, loadDataDir: new Blob([await fs.readFile(dumpFile)]) });
  await database.close();
  await fs.mkdir(dataDir, { recursive: true });
  await fs.rename(unpacking, databaseDir(dataDir));
  for (const name of KEPT_BESIDE) {
    const kept = path.join(source, name);
    if (await exists(kept)) await fs.cp(kept, path.join(dataDir, name), { recursive: true });
  }
}
