// The known-vulnerable version ranges of scripts/vulnerable-ranges.json, matched against
// package-lock.json by `npm run lint:deps` (scripts/check-lockfile.mjs).
import { readFileSync } from 'node:fs';
import semver from 'semver';

/**
 * Reads the repository's list of known-vulnerable ranges.
 * @param file path of the JSON list (default: scripts/vulnerable-ranges.json beside this module).
 * @returns its `entries`: `{ package, range, advisory, url, summary }` each.
 * @throws when the file is missing, is not JSON, or an entry's range is not a valid semver range.
 */
export function readVulnerableRanges(file = new URL('./vulnerable-ranges.json', import.meta.url)) {
  const { entries } = JSON.parse(readFileSync(file, 'utf8'));
  for (const entry of entries) {
    if (semver.validRange(entry.range) === null) throw new Error(`${entry.package}: invalid semver range "${entry.range}"`);
  }
  return entries;
}

/**
 * Every installed package of a lock file whose version falls in a listed vulnerable range.
 * @param lock a parsed package-lock.json (lockfileVersion 2 or 3: `packages` keyed by install
 *   path, e.g. `node_modules/a/node_modules/@b/c`; the root `""` and links are skipped; an entry's
 *   own `name`, as npm writes for aliases, wins over the path).
 * @param entries the list of {@link readVulnerableRanges}.
 * @returns one hit per (installed copy, advisory): where it is installed, its name and version and
 *   the matching entry, in lock-file order. Prerelease versions are matched too.
 */
export function vulnerablePackages(lock, entries) {
  const hits = [];
  for (const [where, installed] of Object.entries(lock.packages ?? {})) {
    if (!where || installed.link || !installed.version) continue;
    const name = installed.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    for (const entry of entries) {
      if (entry.package === name && semver.satisfies(installed.version, entry.range, { includePrerelease: true })) {
        hits.push({ where, name, version: installed.version, entry });
      }
    }
  }
  return hits;
}

/**
 * One line for a hit of {@link vulnerablePackages}, as `npm run lint:deps` prints it.
 * @param hit a hit.
 * @returns e.g. `known-vulnerable: @fastify/static@9.3.0 (node_modules/@fastify/static) in "<10.1.1": GHSA-… — summary <url>`.
 */
export function describeHit({ where, name, version, entry }) {
  return `known-vulnerable: ${name}@${version} (${where}) in "${entry.range}": ${entry.advisory} — ${entry.summary} <${entry.url}>`;
}
