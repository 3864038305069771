import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions the migrations create, loaded into every embedded database: PGlite ships them
 * as PostgreSQL's contrib does, but loads only those it is given. The measuring scripts open the
 * embedded database with these too (bundled as dist/embedded-extensions.js).
 */
export const EMBEDDED_EXTENSIONS = { pg_trgm };
