import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { EMBEDDED_EXTENSIONS } from './embedded-extensions';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies every migration not yet applied; the same SQL files for both kinds. On PostgreSQL it
   * holds an advisory lock meanwhile, so processes starting together migrate one after another.
   */
  migrate(): Promise<void>;
  /** Whether every migration this build carries is applied (readiness, docs/deploy.md). */
  migrationsApplied(): Promise<boolean>;
  /** Resolves when the database answers a trivial query, rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's state (PostgreSQL only; the embedded database has one connection). */
  connections?(): { open: number; idle: number; waiting: number };
  /** A gzipped copy of the embedded database's files (PGlite only): for backups and test templates. */
  dumpDataDir?(): Promise<Blob>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` (sent by any process, delivered on commit).
   * Resolves once listening, with a function that stops it.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` while holding the PostgreSQL advisory lock `key`, or does nothing when another
   * process holds it. The lock belongs to one connection kept for the duration, so `work` runs
   * no transaction of its own on it and others' queries are not held up.
   */
  withAdvisoryLock<T>(key: number, work: () => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }>;
}

/** The first half of every advisory lock key this application takes, so other users of the database do not collide. */
const LOCK_NAMESPACE = 0x706f7274; // "port"
/**
 * The migrations' lock key. Drizzle's migrator takes no lock, and two processes migrating one
 * database at once collide (both create its bookkeeping table, both apply the same file); job
 * keys are 31-bit hashes of names (lib/job-runner.ts), so a negative key cannot meet one.
 */
const MIGRATIONS_LOCK_KEY = -1;

interface QueryClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

async function withLockOn<T>(client: QueryClient, key: number, work: () => Promise<T>) {
  const { rows } = await client.query('select pg_try_advisory_lock($1, $2) as acquired', [LOCK_NAMESPACE, key]);
  if (rows[0]?.acquired !== true) return { acquired: false as const };
  try {
    return { acquired: true as const, value: await work() };
  } finally {
    await client.query('select pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, key]);
  }
}

export type DatabaseOptions =
  | { databaseUrl: string }
  /** dataDir undefined keeps the database in memory; loadDataDir starts from a dump. */
  | { databaseUrl?: undefined; dataDir?: string; loadDataDir?: Blob };

// Beside this file in the source tree; copied next to the bundle by the build.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * When the newest migration this build carries was generated. Drizzle's migrator records each
 * migration it applies with that time (`created_at`) and applies those newer than the last one
 * recorded, so the database is up to date when its last record is at least this.
 */
function newestMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** The rows of a raw query. Both drivers answer with node-postgres's `{ rows }`; Drizzle types it per driver. */
export async function queryRows<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function migrationsAppliedOn(db: Database): Promise<boolean> {
  const rows = await queryRows<{ applied: boolean }>(
    db,
    sql`select coalesce(max(created_at) >= ${newestMigrationMillis()}, false) as applied
      from drizzle.__drizzle_migrations`,
  );
  return rows[0]?.applied === true;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl !== undefined) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.loadDataDir);
}

/**
 * A gzipped copy of a new embedded database with every migration applied: the starting point of
 * a new data directory (prepared at build time) and of each test file's database.
 */
export async function migratedTemplate(): Promise<Blob> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    return await database.dumpDataDir!();
  } finally {
    await database.close();
  }
}

function openPostgres(databaseUrl: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // A database that does not answer must fail the request (503), not hang it.
    connectionTimeoutMillis: 5_000,
    query_timeout: 30_000,
  });
  discardBrokenClients(pool);
  const db = drizzlePostgres({ client: pool, schema });
  const listener = new PostgresListener(databaseUrl);
  return {
    db,
    kind: 'postgres',
    connections: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    withAdvisoryLock: async (key, work) => {
      const client = await pool.connect();
      let discard = false;
      try {
        return await withLockOn(client, key, work);
      } catch (error) {
        // The unlock may not have gone through: the session must not go back to the pool holding the lock.
        discard = true;
        throw error;
      } finally {
        client.release(discard);
      }
    },
    migrate: async () => {
      // A session lock on one connection, held while the migrator works on others; a process
      // that waits for it then finds every migration applied and does nothing.
      const client = await pool.connect();
      let discard = false;
      try {
        await client.query('select pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, MIGRATIONS_LOCK_KEY]);
        try {
          await migratePostgres(db, { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, MIGRATIONS_LOCK_KEY]);
        }
      } catch (error) {
        discard = true;
        throw error;
      } finally {
        client.release(discard);
      }
    },
    migrationsApplied: () => migrationsAppliedOn(db).catch(() => false),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await listener.close();
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * A lost connection must neither stop the process nor cost the pool a connection for good.
 * node-postgres reports it as an 'error' event on the client; pg-pool listens only while a client
 * is idle or runs a single `pool.query`, so on a client checked out for a transaction or a lock
 * the event would be uncaught, and the server shuts down on an uncaught exception. Every client
 * gets a listener for its whole life. The queries on it
 * fail on their own (and the request answers 503); the listener gives the client back to the
 * pool at once, to be discarded, because its holder may never do so: Drizzle's `transaction()`
 * sends BEGIN before the try/finally that releases its client. The holder's own release, if it
 * comes, is then a no-op (pg-pool throws on a second release).
 */
function discardBrokenClients(pool: pg.Pool): void {
  const held = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => held.add(client));
  pool.on('release', (_error, client) => held.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!held.has(client)) return;
      const release = client.release;
      client.release = () => undefined;
      release(error);
    });
  });
  // An idle client that loses its connection is removed by pg-pool, which reports it here.
  pool.on('error', () => undefined);
}

const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * LISTEN needs a connection of its own that stays open (a pooled one would be handed to other
 * queries). One client serves every channel; when its connection drops it reconnects with a
 * growing delay and listens again, so a database restart costs notifications only while it is
 * down (the jobs that listen also poll, decision 010).
 */
class PostgresListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** The LISTEN and UNLISTEN sent so far: each waits for the one before (see `command`). */
  private commands: Promise<unknown> = Promise.resolve();

  constructor(private readonly databaseUrl: string) {}

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let subscribers = this.channels.get(channel);
    const isNew = !subscribers;
    if (!subscribers) this.channels.set(channel, (subscribers = new Set()));
    subscribers.add(onPayload);
    const stop = async () => {
      subscribers.delete(onPayload);
      if (subscribers.size > 0 || this.channels.get(channel) !== subscribers) return;
      this.channels.delete(channel);
      if (this.client)
        await this.command(this.client, `unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
    try {
      const client = await this.connect();
      if (isNew) await this.command(client, `listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // The caller learns it is not listening and may ask again; a retry must not subscribe twice.
      await stop();
      throw error;
    }
    return stop;
  }

  /**
   * Sends `text` on the listening connection once the commands before it are done: several
   * channels are listened to at once at start, and pg's queue of queries on one client is
   * deprecated.
   */
  private command(client: pg.Client, text: string): Promise<unknown> {
    const sent = this.commands.then(() => client.query(text));
    this.commands = sent.catch(() => undefined);
    return sent;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on('notification', (message) => {
      for (const subscriber of this.channels.get(message.channel) ?? []) subscriber(message.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // A connection that broke halfway is closed here: `lost` only looks after the current client.
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    this.failures = 0;
    return client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.closed || this.channels.size === 0) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.failures, RECONNECT_DELAYS_MS.length - 1)];
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.connect().catch(() => this.reconnectLater());
    }, delay);
    this.retryTimer.unref();
  }
}

/**
 * The embedded PostgreSQL's settings, sized for a laptop or a small server (decision 018). PGlite
 * runs PostgreSQL inside the process, and the pages WebAssembly memory touches are never given
 * back, so PostgreSQL's default 128 MB of shared buffers would be resident for good. A smaller
 * pool keeps the process small; pages it evicts stay in the operating system's file cache.
 */
const EMBEDDED_POSTGRES_SETTINGS = ['-c', 'shared_buffers=16MB'];

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: EMBEDDED_EXTENSIONS,
    // Added to PGlite's own start parameters; postgresql.conf, as initdb wrote it, stays as it is.
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_POSTGRES_SETTINGS],
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    // One process owns an embedded database, and all its queries share one connection.
    withAdvisoryLock: (key, work) =>
      withLockOn({ query: (text, values) => client.query<Record<string, unknown>>(text, values) }, key, work),
    migrate: () => migratePglite(db, { migrationsFolder }),
    migrationsApplied: () => migrationsAppliedOn(db).catch(() => false),
    ping: async () => {
      if (client.closed) throw new Error('The database is closed');
      await db.execute(sql`select 1`);
    },
    close: () => (client.closed ? Promise.resolve() : client.close()),
    dumpDataDir: async () => (await client.dumpDataDir('gzip')) as Blob,
  };
}
