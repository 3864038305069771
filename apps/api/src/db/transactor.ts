import type { Database } from './database';

/** Builds one repository on a handle: the database, or one transaction. */
export type RepositoryFactory<R = unknown> = (db: Database) => R;
export type RepositoryFactories = Record<string, RepositoryFactory>;
/** The repositories those factories build, under the same names. */
export type RepositoriesOf<F extends RepositoryFactories> = { [K in keyof F]: ReturnType<F[K]> };

/** Builds every repository of `factories` on the same handle. */
export function buildRepositories<F extends RepositoryFactories>(db: Database, factories: F): RepositoriesOf<F> {
  return Object.fromEntries(
    Object.entries(factories).map(([name, factory]) => [name, factory(db)]),
  ) as RepositoriesOf<F>;
}

/**
 * How a service reaches the data: `repos` for single statements, `withTransaction` for changes
 * that must land together (a password change, the session revocations and the e-mail that
 * tells of it). `R` is the repositories the service names in its constructor and nothing more,
 * so what a service may change is written in one place.
 */
export interface DataAccess<R> {
  readonly repos: R;
  /** Runs `work` in one transaction, and once more if it meets a deadlock or serialization failure. */
  withTransaction<T>(work: (repos: R) => Promise<T>): Promise<T>;
}

// PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back
// whole, and the same work run again normally succeeds.
const RETRYABLE_CODES = new Set(['40P01', '40001']);

/** Whether the error, or one it wraps (Drizzle keeps the driver's as `cause`), is one of those. */
export function isRetryableConflict(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_CODES.has(code)) return true;
  }
  return false;
}

/**
 * The `DataAccess` of the repositories `factories` build. `withTransaction` runs its work again,
 * once, when PostgreSQL rolled it back for a deadlock or a serialization failure, so the caller
 * gets an answer rather than a 500. The work may therefore run twice: it must only touch the
 * database through the repositories it is given (an e-mail is queued there, a provider is called
 * before or after it), so that nothing outside the rolled-back transaction happened twice.
 * What repositories share across handles (the process's session cache) the factories close over.
 */
export function createTransactor<F extends RepositoryFactories>(
  db: Database,
  factories: F,
): DataAccess<RepositoriesOf<F>> {
  const attempt = <T>(work: (repos: RepositoriesOf<F>) => Promise<T>) =>
    db.transaction((tx) => work(buildRepositories(tx, factories)));
  return {
    repos: buildRepositories(db, factories),
    withTransaction: async (work) => {
      try {
        return await attempt(work);
      } catch (error) {
        if (!isRetryableConflict(error)) throw error;
        return attempt(work);
      }
    },
  };
}
