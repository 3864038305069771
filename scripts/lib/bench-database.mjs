import { rmSync } from 'node:fs';
import pg from 'pg';

/**
 * Where a benchmark's server keeps its data, emptied first: for the embedded database its
 * `dataDir` is removed (undefined is returned: no DATABASE_URL); for PostgreSQL the database
 * `name` is made afresh on the server of DATABASE_URL, and its URL returned.
 */
export async function freshBenchDatabase(kind, { dataDir, name }) {
  if (kind === 'embedded') {
    rmSync(dataDir, { recursive: true, force: true });
    return undefined;
  }
  const serverUrl = new URL(process.env.DATABASE_URL);
  const maintenance = new pg.Client({ connectionString: serverUrl.toString() });
  await maintenance.connect();
  await maintenance.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await maintenance.query(`CREATE DATABASE ${name}`);
  await maintenance.end();
  serverUrl.pathname = `/${name}`;
  return serverUrl.toString();
}
