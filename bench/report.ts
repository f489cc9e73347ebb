/** Text tables of the bench output (Markdown pipe tables, so the output pastes into docs/performance.md). */
import type { BudgetCheck, ResultRow } from './budgets.ts';
import type { ComparedRow } from './compare.ts';
import type { LighthouseRow } from './lighthouse.ts';

function table(header: string[], rows: string[][], right: boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (right[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

const num = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');

export function formatResults(rows: readonly ResultRow[]): string {
  return table(
    ['scenario', 'database', 'parts', 'connections', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'errors', 'rss MB'],
    rows.map((r) => [
      r.scenario,
      r.database,
      int(r.parts),
      String(r.connections),
      num(r.p50_ms, 1),
      num(r.p95_ms, 1),
      num(r.p99_ms, 1),
      int(r.rps),
      String(r.errors),
      int(r.rss_mb),
    ]),
    [false, false, true, true, true, true, true, true, true, true],
  );
}

export function formatBudgets(checks: readonly BudgetCheck[]): string {
  return table(
    ['budget', 'target', 'measured', 'met'],
    checks.map((c) => [c.budget, c.target, c.measured, c.met === null ? 'n/a' : c.met ? 'met' : 'NOT met']),
    [false, false, false, false],
  );
}

export function formatLighthouse(rows: readonly LighthouseRow[]): string {
  return table(
    ['screen', 'preset', 'score', 'LCP ms', 'CLS', 'TBT ms', 'FCP ms', 'JS kB (transfer)', 'shown'],
    rows.map((r) => [
      r.screen,
      r.preset,
      String(r.score),
      int(r.lcp_ms),
      num(r.cls, 3),
      int(r.tbt_ms),
      int(r.fcp_ms),
      num(r.script_kb, 1),
      r.check,
    ]),
    [false, false, true, true, true, true, true, true, false],
  );
}

/** `+12.3 %`, `-4.0 %`, `–` when unknown. */
const pct = (n: number) => (Number.isFinite(n) ? `${n >= 0 ? '+' : ''}${n.toFixed(1)} %` : '–');

/** This run against the previous one: p95, req/s and RSS before → now with their changes, and the verdict. */
export function formatComparison(rows: readonly ComparedRow[]): string {
  return table(
    ['scenario', 'database', 'connections', 'p95 ms before → now', 'change', 'req/s before → now', 'change', 'rss MB change', ''],
    rows.map((r) => [
      r.scenario,
      r.database,
      String(r.connections),
      `${num(r.before.p95_ms, 1)} → ${num(r.now.p95_ms, 1)}`,
      pct(r.p95Change),
      `${int(r.before.rps)} → ${int(r.now.rps)}`,
      pct(r.rpsChange),
      pct(r.rssChange),
      r.verdict === 'same' ? '' : r.verdict === 'slower' ? 'SLOWER' : 'faster',
    ]),
    [false, false, true, true, true, true, true, true, false],
  );
}
