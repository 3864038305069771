import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedTemplate } from '../src/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, empty PGlite database; each test file starts from a copy. */
    pgliteTemplatePath: string;
  }
}

/**
 * A fresh PGlite takes seconds to start and migrate; loading a dump of one takes a fraction.
 * Against PostgreSQL (DATABASE_URL) each file creates its own database instead.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  const dump = await migratedTemplate();
  const templatePath = path.join(dir, 'template.tar.gz');
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', templatePath);
  return async () => rm(dir, { recursive: true, force: true });
}
