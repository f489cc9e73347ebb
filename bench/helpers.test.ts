/** Unit tests of the bench's pure helpers (no timings asserted). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args.ts';
import { evaluateBudgets, type ResultRow } from './budgets.ts';
import { compareRuns, previousRunMachine, readPreviousRows } from './compare.ts';
import { cpuCheck, formatCpuCheck, machineRatio } from './cpu-check.ts';
import { formatPostgresServer, postgresServerChanges, readPostgresServer } from './postgres-server.ts';
import { testEngines } from '../src/server/test/db.ts';
import { mulberry32, suggestionPrefixes, typo, uncachedQueries } from './queries.ts';
import { formatComparison } from './report.ts';
import { deepPages, warmUpRequests } from './scenarios.ts';
import { LatencyRecorder, percentile, summarise } from './stats.ts';

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const sorted = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile(Float64Array.of(7), 95)).toBe(7);
    expect(percentile(new Float64Array(0), 50)).toBeNaN();
  });

  it('summarises an unsorted recorder that grew past its first buffer', () => {
    const recorder = new LatencyRecorder();
    for (let i = 40_000; i >= 1; i--) recorder.record(i / 10);
    expect(recorder.count).toBe(40_000);
    expect(summarise(recorder)).toEqual({ p50: 2000, p95: 3800, p99: 3960 });
  });
});

describe('parseArgs', () => {
  it('has the contract defaults', () => {
    expect(parseArgs([], undefined)).toMatchObject({
      parts: 100_000,
      seconds: 10,
      connections: [10, 50],
      databases: ['pglite'],
      lighthouse: true,
    });
    expect(parseArgs([], 'postgres://x@127.0.0.1/db')).toMatchObject({ databases: ['pglite', 'postgres'] });
  });

  it('reads options and --quick', () => {
    expect(parseArgs(['--quick'], undefined)).toMatchObject({ parts: 2000, seconds: 3, connections: [10], lighthouse: false });
    expect(parseArgs(['--quick', '--parts=5000', '--lighthouse'], undefined)).toMatchObject({ parts: 5000, lighthouse: true });
    expect(parseArgs(['--connections', '50', '--database', 'pglite'], 'postgres://x@h/db')).toMatchObject({
      connections: [50],
      databases: ['pglite'],
    });
    expect(parseArgs(['--help'], undefined)).toBe('help');
  });

  it('refuses bad input', () => {
    expect(() => parseArgs(['--parts', '0'], undefined)).toThrow(UsageError);
    expect(() => parseArgs(['--database', 'postgres'], undefined)).toThrow(UsageError);
    expect(() => parseArgs(['--what'], undefined)).toThrow(UsageError);
  });
});

describe('uncachedQueries', () => {
  it('never repeats a query and is deterministic', () => {
    const words = ['filtro', 'aceite', 'bujía', 'Ford'];
    const codes = ['06H-103-144', 'BP6ES', 'OC 1055/4'];
    const a = uncachedQueries(words, codes, 3);
    const first = Array.from({ length: 2000 }, () => a.next());
    expect(new Set(first).size).toBe(2000);
    expect(a.issued).toBe(2000);
    const b = uncachedQueries(words, codes, 3);
    expect(Array.from({ length: 50 }, () => b.next())).toEqual(first.slice(0, 50));
  });
});

describe('typo', () => {
  it('makes one edit, never at the first letter, and leaves short words alone', () => {
    const random = mulberry32(5);
    for (let i = 0; i < 200; i++) {
      const typed = typo('radiador', random);
      expect(typed).not.toBe('radiador');
      expect(typed[0]).toBe('r');
      expect(Math.abs(typed.length - 'radiador'.length)).toBeLessThanOrEqual(1);
    }
    expect(typo('eje', random)).toBe('eje');
  });
});

describe('uncachedQueries typos', () => {
  it('sends words with a typo among its queries', () => {
    const words = ['filtro', 'aceite', 'radiador', 'amortiguador'];
    const source = uncachedQueries(words, ['06H-103-144'], 3);
    const queries = Array.from({ length: 400 }, () => source.next());
    const typed = queries.filter((q) => q.split(' ').some((w) => /^[a-z]{4,}$/.test(w) && !words.includes(w)));
    expect(typed.length).toBeGreaterThan(40);
  });
});

describe('suggestionPrefixes', () => {
  it('gives prefixes of 2+ characters of the source queries, never twice', () => {
    const queries = ['filtro aceite', 'filtro aire', 'fiat palio', 'bujia ngk'];
    let i = 0;
    const source = { next: () => `${queries[i % queries.length]} ${Math.floor(i++ / queries.length)}`, issued: 0 };
    const prefixes = suggestionPrefixes(source, 2);
    const seen = Array.from({ length: 300 }, () => prefixes.next());
    expect(new Set(seen).size).toBe(300);
    expect(prefixes.issued).toBe(300);
    for (const p of seen) {
      expect(p.length).toBeGreaterThanOrEqual(2);
      expect(queries.some((q) => `${q} `.startsWith(p) || p.startsWith(q))).toBe(true);
    }
    expect(seen.some((p) => p.length <= 4)).toBe(true);
  });
});

describe('evaluateBudgets', () => {
  const row = (scenario: string, database: 'pglite' | 'postgres', connections: number, values: Partial<ResultRow>): ResultRow => ({
    scenario,
    database,
    parts: 100_000,
    connections,
    p50_ms: 1,
    p95_ms: 1,
    p99_ms: 1,
    rps: 1,
    errors: 0,
    rss_mb: 100,
    ...values,
  });

  it('compares mixed traffic with the ceiling of the same run', () => {
    const rows = [row('ceiling', 'postgres', 10, { rps: 10_000 }), row('mixed', 'postgres', 10, { rps: 1_500, p99_ms: 40 })];
    const [mixed] = evaluateBudgets(rows, 10, 100_000, null);
    expect(mixed?.met).toBe(false);
    const [passing] = evaluateBudgets([row('ceiling', 'postgres', 10, { rps: 5_000 }), rows[1]!], 10, 100_000, null);
    expect(passing?.met).toBe(true);
  });

  it('judges suggestions by their 1-connection p95 on each database', () => {
    const checks = evaluateBudgets(
      [row('suggest-uncached', 'postgres', 1, { p95_ms: 12 }), row('suggest-uncached', 'pglite', 1, { p95_ms: 51 })],
      10,
      100_000,
      null,
    );
    const suggestions = checks.filter((c) => c.budget.startsWith('search box suggestions'));
    expect(suggestions.map((c) => c.met)).toEqual([true, false]);
  });

  it('judges the import command by its peak RSS on PGlite, apart from the server’s memory', () => {
    const judge = (rss: number) => {
      const checks = evaluateBudgets(
        [
          row('import-command', 'pglite', 1, { rss_mb: rss }),
          // The bench process's own memory while it imports, not the server's.
          row('import-small', 'pglite', 1, { rss_mb: 900 }),
          row('page-1', 'pglite', 10, { rss_mb: 300 }),
        ],
        10,
        100_000,
        null,
      );
      return {
        command: checks.find((c) => c.budget.startsWith('import command'))?.met,
        server: checks.find((c) => c.budget.startsWith('server RSS with 100,000 parts, PGlite'))?.measured,
      };
    };
    expect(judge(430)).toEqual({ command: true, server: 'peak 300 MB' });
    expect(judge(720)).toEqual({ command: false, server: 'peak 300 MB' });
  });

  it('leaves budgets of a smaller catalogue unjudged', () => {
    const checks = evaluateBudgets([row('import', 'postgres', 1, { p50_ms: 1000 })], 10, 2000, null);
    expect(checks.find((c) => c.budget.startsWith('import'))?.met).toBeNull();
  });
});

describe('deepPages', () => {
  it('asks for the last pages of every page size, never the same path twice', () => {
    const next = deepPages(100_000);
    const paths = Array.from({ length: 500 }, () => next());
    expect(new Set(paths).size).toBe(500);
    expect(paths[0]).toBe('/api/parts?limit=100&page=1000');
    expect(paths[1]).toBe('/api/parts?limit=99&page=1011');
    expect(paths[80]).toBe('/api/parts?limit=20&page=5000');
    expect(paths[81]).toBe('/api/parts?limit=100&page=999');
    for (const path of paths) {
      const query = new URL(path, 'http://x').searchParams;
      const offset = (Number(query.get('page')) - 1) * Number(query.get('limit'));
      expect(offset).toBeGreaterThan(90_000);
    }
  });
});

describe('warmUpRequests', () => {
  it('warms the fixed paths and part reads by id, and sends no search', () => {
    const ids = [11, 22, 33];
    const rotation = warmUpRequests({ ids });
    const paths = rotation.flatMap((r) => {
      if (!r.setupRequest) return [r.path];
      return Array.from({ length: 20 }, () => r.setupRequest?.(r, {})?.path);
    });
    expect(paths.slice(0, 3)).toEqual(['/api/parts', '/api/categories/public', '/api/products/featured']);
    const reads = paths.slice(3);
    expect(reads).toHaveLength(20);
    for (const path of reads) expect(ids.map((id) => `/api/parts/${id}`)).toContain(path);
    expect(paths.some((path) => path?.includes('search'))).toBe(false);
    expect(warmUpRequests({ ids: [] })).toHaveLength(3);
  });
});

describe('compareRuns', () => {
  const row = (scenario: string, p95: number, rps: number, connections = 10): ResultRow => ({
    scenario,
    database: 'postgres',
    parts: 100_000,
    connections,
    p50_ms: p95 / 2,
    p95_ms: p95,
    p99_ms: p95 * 1.5,
    rps,
    errors: 0,
    rss_mb: 150,
  });

  it('matches rows by scenario, database, parts and connections and flags changes beyond the noise', () => {
    const before = [
      row('page-1', 2, 10_000),
      row('search-uncached', 10, 500),
      row('mixed', 5, 4_000),
      row('brand', 2, 9_000),
      row('carousels', 0.5, 30_000),
    ];
    const now = [
      row('page-1', 2.1, 9_800),
      row('search-uncached', 14, 400),
      row('mixed', 3, 6_000),
      row('brand', 2, 9_000, 50),
      // +40 % but 0.2 ms: the jitter of a sub-millisecond answer, not a regression.
      row('carousels', 0.7, 29_000),
    ];
    const compared = compareRuns(before, now);
    expect(compared.map((r) => [r.scenario, r.verdict])).toEqual([
      ['page-1', 'same'],
      ['search-uncached', 'slower'],
      ['mixed', 'faster'],
      ['carousels', 'same'],
    ]);
    expect(compared[1]?.p95Change).toBeCloseTo(40);
    expect(compared[1]?.rpsChange).toBeCloseTo(-20);
    const text = formatComparison(compared);
    expect(text).toContain('10.0 → 14.0');
    expect(text).toContain('+40.0 %');
    expect(text).toContain('SLOWER');
  });

  it('reads a previous run only when it is a list of result rows', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-compare-'));
    try {
      const file = path.join(dir, 'latest.json');
      expect(readPreviousRows(file)).toBeNull();
      writeFileSync(file, JSON.stringify([row('page-1', 2, 10_000)]));
      expect(readPreviousRows(file)).toHaveLength(1);
      // A run that completed no request has null figures: the row compares as unknown.
      writeFileSync(file, JSON.stringify([{ ...row('page-1', 2, 10_000), p95_ms: null, rps: null }]));
      const [unknown] = compareRuns(readPreviousRows(file) ?? [], [row('page-1', 2, 10_000)]);
      expect(unknown).toMatchObject({ verdict: 'same' });
      expect(unknown?.p95Change).toBeNaN();
      writeFileSync(file, JSON.stringify({ rows: [] }));
      expect(readPreviousRows(file)).toBeNull();
      writeFileSync(file, '{ not json');
      expect(readPreviousRows(file)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cpu check', () => {
  it('times the work on one core and on two at once in worker threads', async () => {
    const check = await cpuCheck(100_000);
    expect(Number.isInteger(check.one_core_ms) && check.one_core_ms >= 0).toBe(true);
    expect(Number.isInteger(check.two_cores_ms) && check.two_cores_ms >= 0).toBe(true);
    expect(formatCpuCheck({ one_core_ms: 210, two_cores_ms: 260 })).toBe('one core 210 ms, two at once 260 ms');
  });

  it('compares two machines by their one-core times', () => {
    expect(machineRatio({ one_core_ms: 200, two_cores_ms: 250 }, { one_core_ms: 500, two_cores_ms: 900 })).toBe(2.5);
    expect(machineRatio(null, { one_core_ms: 500, two_cores_ms: 900 })).toBeNull();
    expect(machineRatio({ one_core_ms: 0, two_cores_ms: 0 }, { one_core_ms: 500, two_cores_ms: 900 })).toBeNull();
  });

  it("reads the previous run's date and check, and nothing from a run before checks", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-machine-'));
    const file = path.join(dir, 'latest-options.json');
    try {
      expect(previousRunMachine(file)).toEqual({ date: null, cpuCheck: null, postgres: null });
      writeFileSync(file, JSON.stringify({ machine: { date: '2026-11-28T12:00:00.000Z' } }));
      expect(previousRunMachine(file)).toEqual({ date: '2026-11-28T12:00:00.000Z', cpuCheck: null, postgres: null });
      writeFileSync(file, JSON.stringify({ machine: { date: 'd', cpu_check_start: { one_core_ms: 210, two_cores_ms: 260 } } }));
      expect(previousRunMachine(file)).toEqual({ date: 'd', cpuCheck: { one_core_ms: 210, two_cores_ms: 260 }, postgres: null });
      const postgres = { version: '15.20', settings: { shared_buffers: '2GB', work_mem: '4MB', fsync: 7 } };
      writeFileSync(file, JSON.stringify({ machine: { date: 'd' }, postgres }));
      expect(previousRunMachine(file).postgres).toEqual({ version: '15.20', settings: { shared_buffers: '2GB', work_mem: '4MB' } });
      writeFileSync(file, JSON.stringify({ machine: { date: 'd' }, postgres: { settings: {} } }));
      expect(previousRunMachine(file).postgres).toBeNull();
      writeFileSync(file, '{ not json');
      expect(previousRunMachine(file)).toEqual({ date: null, cpuCheck: null, postgres: null });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the PostgreSQL server of a run', () => {
  const server = (version: string, settings: Record<string, string>) => ({ version, settings });

  it('says what differs from the previous run, version first, and nothing when either is unknown', () => {
    const before = server('15.19', { shared_buffers: '128MB', work_mem: '4MB', autovacuum: 'off' });
    const after = server('15.20', { shared_buffers: '2GB', work_mem: '4MB', autovacuum: 'off' });
    expect(postgresServerChanges(before, after)).toEqual(['version 15.20 now, 15.19 then', 'shared_buffers 2GB now, 128MB then']);
    expect(postgresServerChanges(after, after)).toEqual([]);
    expect(postgresServerChanges(null, after)).toEqual([]);
    expect(postgresServerChanges(before, null)).toEqual([]);
    // A setting only one run read (an older bench's list) is not a difference.
    expect(postgresServerChanges(server('15.20', { jit: 'on' }), server('15.20', { shared_buffers: '2GB' }))).toEqual([]);
  });

  it('prints the version and the settings in their order', () => {
    expect(formatPostgresServer(server('15.20', { shared_buffers: '128MB', fsync: 'on' }))).toBe(
      'postgresql 15.20: shared_buffers 128MB, fsync on',
    );
  });

  for (const kind of testEngines().filter((k) => k === 'postgres')) {
    it(`reads the settings of the server of DATABASE_URL (${kind})`, async () => {
      const read = await readPostgresServer(process.env.DATABASE_URL!);
      const check = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await check.connect();
      try {
        const { rows } = await check.query<{ v: string; b: string }>(
          "select current_setting('server_version') as v, current_setting('shared_buffers') as b",
        );
        expect(read.version).toBe(rows[0]!.v);
        expect(read.settings.shared_buffers).toBe(rows[0]!.b);
        expect(Object.keys(read.settings)).toContain('effective_cache_size');
      } finally {
        await check.end();
      }
    });
  }
});
