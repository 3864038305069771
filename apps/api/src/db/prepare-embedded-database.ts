/**
 * Creates embedded databases outside the server's process (decision 018). Two uses:
 *   prepare-embedded-database <data directory>    a new, migrated database in that folder
 *   prepare-embedded-database --template <file>   the build's template: a gzipped dump of one
 * A new folder starts from the template when the build left one beside this script (a second or
 * so); otherwise PostgreSQL's initdb runs (a few seconds, as in development).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migratedTemplate, openDatabase } from './database';

const templateFile = fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url));

async function readTemplate(): Promise<Blob | undefined> {
  try {
    return new Blob([await fs.readFile(templateFile)]);
  } catch {
    return undefined;
  }
}

async function writeTemplate(target: string): Promise<void> {
  const dump = await migratedTemplate();
  await fs.writeFile(target, Buffer.from(await dump.arrayBuffer()));
}

async function createDataDir(dataDir: string): Promise<void> {
  // Built in a folder of its own and renamed into place, so a start that is cut off half-way
  // leaves no half-made database for the next start to trip over.
  const building = `${dataDir}.creating-${process.pid}`;
  await fs.rm(building, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: building, loadDataDir: await readTemplate() });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  await fs.rename(building, dataDir);
}

const [first, second] = process.argv.slice(2);
try {
  if (first === '--template' && second) await writeTemplate(second);
  else if (first) await createDataDir(first);
  else throw new Error('Usage: prepare-embedded-database <data directory> | --template <file>');
} catch (error) {
  console.error(error);
  process.exit(1);
}
