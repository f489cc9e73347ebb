/**
 * The budgets of issue 9, evaluated on one run's rows (pure apart from `measureStartScreenJs`,
 * which reads dist/web), and the gzip size of the JavaScript the start screen loads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { DatabaseKind } from './args.ts';

/** One row of bench/results/latest.json (docs/product.md §15.3). */
export interface ResultRow {
  scenario: string;
  database: DatabaseKind;
  parts: number;
  connections: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  rps: number;
  errors: number;
  rss_mb: number;
}

export interface StartScreenJs {
  /** The entry script and its modulepreload links, with gzip sizes in kB. */
  files: { file: string; raw_kb: number; gzip_kb: number }[];
  gzip_kb: number;
  /** JS chunks whose name says admin or print, and whether the start screen loads any of them. */
  adminChunks: string[];
  printChunks: string[];
  separate: boolean;
}

/** Gzip (zlib level 9) of the JS `dist/web/index.html` loads: its module script and modulepreload links. */
export function measureStartScreenJs(distDir: string): StartScreenJs {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) refs.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) refs.add(match[1]!);
  const files = [...refs].map((ref) => {
    const content = readFileSync(path.join(distDir, ref.replace(/^\//, '')));
    return { file: ref, raw_kb: content.length / 1024, gzip_kb: gzipSync(content, { level: 9 }).length / 1024 };
  });
  const chunks = readdirSync(path.join(distDir, 'assets')).filter((f) => f.endsWith('.js'));
  const loaded = new Set([...refs].map((r) => path.basename(r)));
  const adminChunks = chunks.filter((f) => /admin/i.test(f));
  // The print route lives in the placeholder page until its own page lands (a lazy chunk either way).
  const named = chunks.filter((f) => /print/i.test(f));
  const printChunks = named.length ? named : chunks.filter((f) => /placeholder/i.test(f));
  return {
    files,
    gzip_kb: files.reduce((sum, f) => sum + f.gzip_kb, 0),
    adminChunks,
    printChunks,
    separate: adminChunks.length > 0 && printChunks.length > 0 && ![...adminChunks, ...printChunks].some((f) => loaded.has(f)),
  };
}

export interface BudgetCheck {
  budget: string;
  target: string;
  measured: string;
  /** null when the run did not measure it (a database or scenario left out). */
  met: boolean | null;
}

const f0 = (n: number) => Math.round(n).toLocaleString('en-US');
const f1 = (n: number) => n.toFixed(1);

/**
 * Checks the issue's budgets.
 * @param firstConnections the `--connections` value (10 by default): the pass budgets speak of.
 */
export function evaluateBudgets(
  rows: readonly ResultRow[],
  firstConnections: number,
  parts: number,
  js: StartScreenJs | null,
): BudgetCheck[] {
  const find = (scenario: string, database: DatabaseKind, connections?: number) =>
    rows.find((r) => r.scenario === scenario && r.database === database && (connections === undefined || r.connections === connections));
  const checks: BudgetCheck[] = [];
  const c = firstConnections;

  const mixed = find('mixed', 'postgres', c);
  const ceiling = find('ceiling', 'postgres', c);
  checks.push({
    budget: `mixed catalogue traffic, ${c} connections, PostgreSQL`,
    target: '≥ 1,000 req/s, p99 ≤ 50 ms, ≥ 0.2 × ceiling',
    measured: mixed
      ? `${f0(mixed.rps)} req/s, p99 ${f1(mixed.p99_ms)} ms${ceiling ? `, ${(mixed.rps / ceiling.rps).toFixed(3)} × ceiling (${f0(ceiling.rps)} req/s)` : ''}`
      : 'not measured',
    met: mixed && ceiling ? mixed.rps >= 1000 && mixed.p99_ms <= 50 && mixed.rps >= 0.2 * ceiling.rps && mixed.errors === 0 : null,
  });
  for (const [database, limit] of [
    ['postgres', 20],
    ['pglite', 30],
  ] as const) {
    const row = find('search-uncached', database, 1);
    checks.push({
      budget: `a search never seen before, 1 connection, ${database === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      target: `p95 ≤ ${limit} ms`,
      measured: row ? `p95 ${f1(row.p95_ms)} ms` : 'not measured',
      met: row ? row.p95_ms <= limit && row.errors === 0 : null,
    });
  }
  for (const database of ['postgres', 'pglite'] as const) {
    const row = find('suggest-uncached', database, 1);
    checks.push({
      budget: `search box suggestions never asked before, 1 connection, ${database === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      target: 'p95 ≤ 50 ms',
      measured: row ? `p95 ${f1(row.p95_ms)} ms` : 'not measured',
      met: row ? row.p95_ms <= 50 && row.errors === 0 : null,
    });
  }
  const uncached = find('search-uncached', 'postgres', c);
  checks.push({
    budget: `searches never seen before, ${c} connections, PostgreSQL`,
    target: '≥ 400 req/s, p99 ≤ 60 ms',
    measured: uncached ? `${f0(uncached.rps)} req/s, p99 ${f1(uncached.p99_ms)} ms` : 'not measured',
    met: uncached ? uncached.rps >= 400 && uncached.p99_ms <= 60 && uncached.errors === 0 : null,
  });
  for (const database of ['postgres', 'pglite'] as const) {
    // Both the cached answer (page-last, c connections) and the database's own (page-last-uncached, 1 connection).
    const row = find('page-last', database, c);
    const sql = find('page-last-uncached', database, 1);
    checks.push({
      budget: `the last page of the unfiltered list, ${database === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      target: 'p95 ≤ 20 ms',
      measured:
        row || sql
          ? [row ? `cached ${c} conn p95 ${f1(row.p95_ms)} ms` : null, sql ? `uncached 1 conn p95 ${f1(sql.p95_ms)} ms` : null]
              .filter(Boolean)
              .join('; ')
          : 'not measured',
      met: row || sql ? [row, sql].every((r) => !r || (r.p95_ms <= 20 && r.errors === 0)) : null,
    });
  }
  const importRow = find('import', 'postgres');
  checks.push({
    budget: `import of 100,000 parts, PostgreSQL${parts !== 100_000 ? ` (this run: ${f0(parts)} parts)` : ''}`,
    target: '≤ 20 s',
    measured: importRow ? `${f1(importRow.p50_ms / 1000)} s (${f0(importRow.rps)} rows/s)` : 'not measured',
    met: importRow && parts === 100_000 ? importRow.p50_ms <= 20_000 : null,
  });
  const commandRow = rows.find((r) => r.scenario === 'import-command' && r.database === 'pglite');
  checks.push({
    budget: `import command, 100,000 parts, PGlite: peak RSS (issue 23)${parts !== 100_000 ? ` (this run: ${f0(parts)} parts)` : ''}`,
    target: '< 500 MB',
    measured: commandRow ? `${f0(commandRow.rss_mb)} MB in ${f1(commandRow.p50_ms / 1000)} s` : 'not measured',
    met: commandRow && parts === 100_000 ? commandRow.rss_mb < 500 : null,
  });
  for (const [database, limit] of [
    ['postgres', 200],
    ['pglite', 600],
  ] as const) {
    // Serving traffic: not the bare ceiling, not the imports, and not import-while-reading's ERP
    // sync (on PGlite the server runs the import itself; on PostgreSQL it has a process of its own;
    // the scenario's note gives both peaks).
    const serverRows = rows.filter(
      (r) =>
        r.database === database &&
        r.scenario !== 'ceiling' &&
        r.scenario !== 'import' &&
        r.scenario !== 'import-small' &&
        r.scenario !== 'import-command' &&
        r.scenario !== 'import-while-reading',
    );
    const peak = serverRows.length ? Math.max(...serverRows.map((r) => r.rss_mb)) : Number.NaN;
    checks.push({
      budget: `server RSS with 100,000 parts, ${database === 'postgres' ? 'PostgreSQL' : 'PGlite'}${parts !== 100_000 ? ` (this run: ${f0(parts)} parts)` : ''}`,
      target: `≤ ${limit} MB`,
      measured: serverRows.length ? `peak ${f0(peak)} MB` : 'not measured',
      met: serverRows.length && parts === 100_000 ? peak <= limit : null,
    });
  }
  checks.push({
    budget: 'catalogue route JavaScript (first load), admin and print as separate chunks',
    target: '≤ 150 kB gzip; separate chunks',
    measured: js
      ? `${f1(js.gzip_kb)} kB gzip in ${js.files.length} ${js.files.length === 1 ? 'file' : 'files'}; admin chunks: ${js.adminChunks.join(', ') || 'none'}; print chunks: ${js.printChunks.join(', ') || 'none'}`
      : 'not measured',
    met: js ? js.gzip_kb <= 150 && js.separate : null,
  });
  return checks;
}
