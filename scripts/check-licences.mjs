// `npm run lint:licences`: fails when a production dependency of a shipped package (the API,
// the web app and the contract, whose code goes out in the build) is under a copyleft licence,
// which would put the portal under it too. The portal is MIT (LICENSE). Build and test tools
// (devDependencies) are left out: they are not shipped. Offline: it reads what npm installed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Licences whose terms would reach the portal: the GPL family (AGPL, LGPL too) and the like. */
const COPYLEFT = /GPL|SSPL|EUPL|OSL|RPL|CPAL|Sleepycat|CC-BY-SA|CC-BY-NC/i;

/**
 * Whether an SPDX expression binds the user to a copyleft licence: every alternative of an OR
 * does, where an alternative is a copyleft licence or an AND that holds one.
 */
export function isCopyleft(expression) {
  const alternatives = expression.replace(/[()]/g, ' ').split(/\s+OR\s+/i);
  return alternatives.every((alternative) => alternative.split(/\s+AND\s+/i).some((part) => COPYLEFT.test(part)));
}

/**
 * Packages whose package.json states no licence while the LICENSE file they ship does, read by
 * hand, each for the one version read: a new version is checked again.
 */
const STATED_IN_LICENCE_FILE = new Map([
  // pdfkit's PNG decoder: its LICENSE file is the MIT licence.
  ['png-js@2.0.0', 'MIT'],
]);

/** The licence a package states: `license`, or the old `licenses` list, as one expression. */
function licenceOf(manifest) {
  const readByHand = STATED_IN_LICENCE_FILE.get(`${manifest.name}@${manifest.version}`);
  if (readByHand) return readByHand;
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license?.type) return manifest.license.type;
  const listed = Array.isArray(manifest.licenses) ? manifest.licenses.map((entry) => entry.type ?? entry) : [];
  return listed.length > 0 ? listed.join(' OR ') : undefined;
}

/** Every installed production dependency once, with the chain of packages that brings it in. */
function productionPackages() {
  // --long adds where each package is installed. Its licence is read from its own package.json
  // there: npm's tree may take it from the lockfile, which says what was meant to be installed.
  const output = execFileSync('npm', ['ls', '--omit=dev', '--all', '--long', '--json'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const found = new Map();
  const walk = (node, via) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      // Optional and peer dependencies that are not installed (other platforms' builds, drivers
      // drizzle-orm can use) are listed without a version: nothing of theirs is shipped.
      if (child.version === undefined) continue;
      const id = `${name}@${child.version}`;
      if (!found.has(id)) {
        const manifest = JSON.parse(readFileSync(path.join(child.path, 'package.json'), 'utf8'));
        found.set(id, { id, licence: licenceOf(manifest), via: [...via, name] });
      }
      // A package seen before may still bring in more here: npm lists each one's dependencies
      // under only one of the places it appears ("deduped" elsewhere).
      walk(child, [...via, name]);
    }
  };
  walk(JSON.parse(output), []);
  return [...found.values()];
}

const packages = productionPackages();
const refused = packages.filter((item) => item.licence === undefined || isCopyleft(item.licence));
if (refused.length > 0) {
  console.error('Production dependencies whose licence the MIT-licensed portal cannot ship:');
  for (const item of refused) {
    console.error(`  ${item.id}: ${item.licence ?? 'no licence stated'} (via ${item.via.join(' > ')})`);
  }
  process.exit(1);
}
console.log(`${packages.length} production dependencies, none under a copyleft licence.`);
