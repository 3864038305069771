// Writes .br and .gz copies of the built front end's text assets, so the server can send them
// compressed without spending CPU on every request (@fastify/static's preCompressed option).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2];
if (!root) throw new Error('usage: node scripts/precompress.mjs <dist directory>');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

let count = 0;
for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const content = await readFile(file);
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  await writeFile(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );
  count += 1;
}
console.log(`precompressed ${count} files in ${root}`);
