import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeHit, readVulnerableRanges, type VulnerableRange, vulnerablePackages } from './vulnerable-ranges.mjs';

const staticAdvisory: VulnerableRange = {
  package: '@fastify/static',
  range: '<10.1.1',
  advisory: 'GHSA-83w8-p2f5-377r',
  url: 'https://github.com/fastify/fastify-static/security/advisories/GHSA-83w8-p2f5-377r',
  summary: 'route guard bypass',
};
const frozen: VulnerableRange = {
  package: 'xlsx',
  range: '*',
  advisory: 'GHSA-4r6h-8v6p-xvw6',
  url: 'https://x',
  summary: 'never fixed on npm',
};

describe('vulnerablePackages', () => {
  it('finds a direct and a nested copy in the range, and not a fixed one', () => {
    const lock = {
      packages: {
        '': { version: '0.1.0' },
        'node_modules/@fastify/static': { version: '9.3.0' },
        'node_modules/@fastify/swagger-ui/node_modules/@fastify/static': { version: '10.1.0' },
        'node_modules/other/node_modules/@fastify/static': { version: '10.1.1' },
        'node_modules/@fastify/static-extra': { version: '1.0.0' },
      },
    };
    const hits = vulnerablePackages(lock, [staticAdvisory]);
    expect(hits.map((hit) => `${hit.where}@${hit.version}`)).toEqual([
      'node_modules/@fastify/static@9.3.0',
      'node_modules/@fastify/swagger-ui/node_modules/@fastify/static@10.1.0',
    ]);
  });

  it('matches "*" on any version, prereleases included, and reads aliased names from the entry', () => {
    const lock = {
      packages: {
        'node_modules/sheet': { name: 'xlsx', version: '0.18.5' },
        'node_modules/@fastify/static': { version: '10.1.0-pre.1' },
        'node_modules/linked': { link: true },
      },
    };
    const hits = vulnerablePackages(lock, [staticAdvisory, frozen]);
    expect(hits.map((hit) => [hit.name, hit.entry.advisory])).toEqual([
      ['xlsx', 'GHSA-4r6h-8v6p-xvw6'],
      ['@fastify/static', 'GHSA-83w8-p2f5-377r'],
    ]);
  });

  it('reports one line per hit naming the package, version, range and advisory', () => {
    const [hit] = vulnerablePackages({ packages: { 'node_modules/@fastify/static': { version: '9.3.0' } } }, [staticAdvisory]);
    expect(hit && describeHit(hit)).toBe(
      'known-vulnerable: @fastify/static@9.3.0 (node_modules/@fastify/static) in "<10.1.1": GHSA-83w8-p2f5-377r — route guard bypass <https://github.com/fastify/fastify-static/security/advisories/GHSA-83w8-p2f5-377r>',
    );
  });
});

describe('readVulnerableRanges', () => {
  it("reads the repository's list: every entry has a valid range and names its advisory", () => {
    const entries = readVulnerableRanges();
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.package).toMatch(/^(@[a-z0-9-]+\/)?[a-z0-9.-]+$/);
      expect(entry.advisory).toMatch(/GHSA-|CVE-/);
      expect(entry.url).toMatch(/^https:\/\//);
      expect(entry.summary.length).toBeGreaterThan(10);
    }
  });

  it('refuses an entry whose range is not a semver range', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ranges-')), 'ranges.json');
    fs.writeFileSync(file, JSON.stringify({ entries: [{ ...staticAdvisory, range: 'not a range' }] }));
    expect(() => readVulnerableRanges(file)).toThrow('@fastify/static: invalid semver range "not a range"');
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});

describe('npm run lint:deps (scripts/check-lockfile.mjs)', () => {
  const run = (lockPath?: string) =>
    spawnSync(process.execPath, ['scripts/check-lockfile.mjs', ...(lockPath ? [lockPath] : [])], { encoding: 'utf8' });

  it("passes on the repository's lock file: @fastify/static and the rest are outside every listed range", () => {
    const result = run();
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/none in the \d+ known-vulnerable ranges/);
  });

  it('fails on a lock file holding a vulnerable release, direct or transitive, naming each advisory', () => {
    const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
    lock.packages['node_modules/@fastify/static'].version = '9.3.0';
    const integrity = lock.packages['node_modules/@fastify/static'].integrity;
    lock.packages['node_modules/exceljs/node_modules/xlsx'] = { version: '0.18.5', integrity };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-deps-'));
    try {
      const file = path.join(dir, 'package-lock.json');
      fs.writeFileSync(file, JSON.stringify(lock));
      const result = run(file);
      expect(result.status).toBe(1);
      const lines = result.stderr.split('\n').filter((line) => line.startsWith('known-vulnerable: '));
      expect(lines.filter((line) => line.includes('@fastify/static@9.3.0 (node_modules/@fastify/static)'))).toHaveLength(3);
      expect(result.stderr).toContain('GHSA-83w8-p2f5-377r');
      expect(result.stderr).toContain('known-vulnerable: xlsx@0.18.5 (node_modules/exceljs/node_modules/xlsx) in "*": GHSA-4r6h-8v6p-xvw6');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
