import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies every migration not yet applied; the same SQL files for both kinds. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query, rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** A gzipped copy of the embedded database's files (PGlite only): for backups and test templates. */
  dumpDataDir?(): Promise<Blob>;
}

export type DatabaseOptions =
  | { databaseUrl: string }
  /** dataDir undefined keeps the database in memory; loadDataDir starts from a dump. */
  | { databaseUrl?: undefined; dataDir?: string; loadDataDir?: Blob };

// Beside this file in the source tree; copied next to the bundle by the build.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl !== undefined) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.loadDataDir);
}

function openPostgres(databaseUrl: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // A database that does not answer must fail the request (503), not hang it.
    connectionTimeoutMillis: 5_000,
    query_timeout: 30_000,
  });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => (pool.ended ? Promise.resolve() : pool.end()),
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      if (client.closed) throw new Error('The database is closed');
      await db.execute(sql`select 1`);
    },
    close: () => (client.closed ? Promise.resolve() : client.close()),
    dumpDataDir: async () => (await client.dumpDataDir('gzip')) as Blob,
  };
}
