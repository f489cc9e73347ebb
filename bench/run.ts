/**
 * `npm run bench`: the benchmark harness of issue 9 (docs/product.md §15.3).
 *
 * For each database (PGlite, and PostgreSQL when DATABASE_URL is set): a fresh database, the
 * deterministic catalogue imported in this process (timed: scenario `import`), then the real
 * server (the bundle of scripts/server.mjs, built first, run with its heap flags) as a child on
 * loopback, driven by autocannon;
 * the bare ceiling (bench/ceiling-server.ts) in its own child; two timed downloads; Lighthouse on
 * the first database's server. Prints a table, writes bench/results/latest.json (an array of the
 * contract's rows) and sibling files with the options, budgets and Lighthouse figures. Children,
 * temp folders and the PostgreSQL database are removed on every exit path.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateCatalogueRecords } from '../src/server/modules/demo/generate.ts';
import type { SourceRecord } from '../src/server/modules/import/parse.ts';
import { type BenchOptions, type DatabaseKind, parseArgs, USAGE, UsageError } from './args.ts';
import { type BudgetCheck, evaluateBudgets, measureStartScreenJs, type ResultRow, type StartScreenJs } from './budgets.ts';
import { type Child, freePort, ROOT, RssSampler, startNodeChild, waitForOk } from './children.ts';
import { cleanupAll, cleanupSync, removeDir, startReaper, trackDir } from './cleanup.ts';
import { compareRuns, NOISE_PERCENT, previousRunMachine, readPreviousRows } from './compare.ts';
import { type CpuCheck, cpuCheck, formatCpuCheck, machineRatio } from './cpu-check.ts';
import { createDatabase, loadCatalogue, type PreparedDatabase, smallImport } from './database.ts';
import { timeDownload } from './exports.ts';
import { operatorImportLimits, runImportCommand } from './import-command.ts';
import { type BenchAdmin, importWhileReading, readWaits, writeRepricedFeed } from './import-while-reading.ts';
import { type LighthouseRow, runLighthouse } from './lighthouse.ts';
import { get, runLoad } from './load.ts';
import { formatBudgets, formatComparison, formatLighthouse, formatResults } from './report.ts';
import { type Catalogue, discover, loadScenarios, PAGE_SIZE, prefixesFor, queriesFor, warmUpRequests } from './scenarios.ts';
import { formatPostgresServer, type PostgresServer, postgresServerChanges, readPostgresServer } from './postgres-server.ts';
import { mulberry32 } from './queries.ts';
import { round } from './stats.ts';
import { buildServer, SERVER_NODE_FLAGS, serverArgs, serverEnv } from '../scripts/server.mjs';

const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const DIST_DIR = path.join(ROOT, 'dist', 'web');
/** Bound of one export download. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

const log = (line: string) => console.log(line);

// --- cleanup on every exit path (see cleanup.ts) ------------------------------------------------

process.on('exit', cleanupSync);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping the bench and cleaning up`);
    // Dropping the database cuts the import's connections: their errors no longer matter.
    process.on('uncaughtException', () => {});
    void cleanupAll().finally(() => process.exit(130));
  });
}

// --- helpers ----------------------------------------------------------------------------------

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds the web app when dist/web is missing; only warns when it is older than its sources. */
function ensureWebBuild(notes: string[]): void {
  const index = path.join(DIST_DIR, 'index.html');
  if (existsSync(index)) {
    const sources = Math.max(...['src/web', 'src/shared', 'index.html', 'vite.config.ts'].map((p) => newestMtime(path.join(ROOT, p))));
    if (statSync(index).mtimeMs < sources) {
      const note = 'dist/web is older than src/web: Lighthouse and the JS size measure the last build (run npm run build first)';
      notes.push(note);
      log(`warning: ${note}`);
    }
    return;
  }
  log('no web build: npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/**
 * A short hash of the server's sources (src/server, src/shared, drizzle): the server is under
 * active work, so a run whose databases saw different code says so.
 */
function sourceFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.includes('.test.')) hash.update(full).update(readFileSync(full));
    }
  };
  for (const dir of ['src/server', 'src/shared', 'drizzle']) walk(path.join(ROOT, dir));
  return hash.digest('hex').slice(0, 12);
}

/** "1.02 0.98 0.75": the load averages, since other work on the machine skews every figure. */
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * The comparison heading's word on the machines: their CPU checks when they differ beyond the
 * noise, since figures then move without a change of code; empty otherwise.
 */
function machineChange(previous: CpuCheck | null, current: CpuCheck): string {
  const ratio = machineRatio(previous, current);
  if (ratio === null || !previous) return '';
  if (Math.abs(ratio - 1) * 100 <= NOISE_PERCENT) return '';
  return `\n(the machines differ: cpu check one core ${current.one_core_ms} ms now, ${previous.one_core_ms} ms then, ${ratio.toFixed(2)} ×: a figure's change may be the machine's, not the code's)`;
}

/** The comparison heading's word on the PostgreSQL servers: what differs between them, or empty. */
function databaseChange(previous: PostgresServer | null, current: PostgresServer | null): string {
  const changes = postgresServerChanges(previous, current);
  return changes.length
    ? `\n(the PostgreSQL servers differ: ${changes.join('; ')}: a figure's change may be the server's, not the code's)`
    : '';
}

function machine() {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  return {
    cpus: os.availableParallelism(),
    cpu_model: /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'unknown',
    memory_gb: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    load_average_at_start: loadAverage(),
    date: new Date().toISOString(),
  };
}

/**
 * The deterministic catalogue of `count` parts as import records, and its part numbers. Called
 * once per database: the records are let go once imported (and the ERP feed written from them), so
 * that this process does not hold them, about a gigabyte at 1,000,000 parts, while it measures the
 * server (its collections then slowed the downloads it times).
 */
function records(count: number): { records: SourceRecord[]; codes: string[] } {
  const list: SourceRecord[] = [];
  const codes: string[] = [];
  let row = 1;
  for (const record of generateCatalogueRecords(count)) {
    // As the demo seed: the generator names photos that do not exist.
    const { imagen: _image, ...values } = record;
    list.push({ row: row++, values });
    codes.push(record.codigo);
  }
  return { records: list, codes };
}

/** Environment of the real server: only what we set decides the database. */
/** The sync's own process (PostgreSQL: src/server/modules/sync/job-process.ts), as the scenario's note gives it. */
const jobProcess = (peakMb: number) => (peakMb > 0 ? `; the sync's own process RSS peak ${Math.round(peakMb)} MB` : '');

/** The admin the bench's server creates for the import-while-reading scenario (a fresh password each run). */
const BENCH_ADMIN: BenchAdmin = {
  username: 'bench-admin',
  password: `Bench-${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 16)}`,
};

/** The ERP feed of the import-while-reading scenario, in the run's scratch folder. */
const feedFile = (scratch: string) => path.join(scratch, 'erp-feed.json');

/**
 * The server's environment in the bench. Its ERP source is the run's whole catalogue: like the
 * operator of a catalogue past the default import limits (50 MB, 500,000 rows; docs/product.md
 * §11.2), the bench raises `IMPORT_MAX_MB` and `IMPORT_MAX_ROWS` to what the feed needs, so that
 * import-while-reading runs at 1,000,000 parts too.
 * @param feed the ERP feed's size in bytes and its records.
 */
function benchServerEnv(prepared: PreparedDatabase, scratch: string, feed: { bytes: number; rows: number }): Record<string, string> {
  return {
    ...operatorImportLimits(feed.bytes, feed.rows),
    DATABASE_URL: '',
    DATA_DIR: scratch,
    ...prepared.serverEnv,
    DEMO_CATALOGUE: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ERP_SOURCE: feedFile(scratch),
  };
}

/**
 * Waits until the server answers /api/health within 750 ms (at most `maxMs`): requests a run left
 * in flight, or abandoned by a client timeout, are still being served and would slow the next run.
 * @returns the milliseconds waited, or null when the server was still busy at `maxMs`.
 */
async function settle(origin: string, maxMs = 90_000): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < maxMs) {
    const asked = performance.now();
    try {
      const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(maxMs) });
      await response.arrayBuffer();
      if (response.ok && performance.now() - asked < 750) return performance.now() - started;
    } catch {
      // busy or timed out: ask again
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return null;
}

/** Scenarios of requests no cache has seen, also run at 1 connection (their latency budgets). */
const UNCACHED_SCENARIOS = new Set(['search-uncached', 'suggest-uncached', 'page-last-uncached']);

const want = (options: BenchOptions, scenario: string) => options.scenarios.length === 0 || options.scenarios.includes(scenario);

interface RunState {
  rows: ResultRow[];
  notes: string[];
  lighthouse: LighthouseRow[];
  catalogues: Record<string, Omit<Catalogue, 'firstPageBody' | 'ids'>>;
  /** Load averages before and after each database's runs. */
  loadAverages: string[];
  /** Hash of the server's sources when each database's server started. */
  fingerprints: Record<string, string>;
}

function pushRow(state: RunState, row: ResultRow): void {
  const rounded: ResultRow = {
    ...row,
    p50_ms: round(row.p50_ms),
    p95_ms: round(row.p95_ms),
    p99_ms: round(row.p99_ms),
    rps: round(row.rps, 1),
    rss_mb: round(row.rss_mb, 1),
  };
  state.rows.push(rounded);
  log(
    `  ${row.scenario.padEnd(20)} ${String(row.connections).padStart(3)} conn  p50 ${rounded.p50_ms} ms  p95 ${rounded.p95_ms} ms  p99 ${rounded.p99_ms} ms  ${rounded.rps} /s  errors ${row.errors}  rss ${Math.round(row.rss_mb)} MB`,
  );
}

// --- one database -----------------------------------------------------------------------------

async function benchDatabase(
  scratchDir: string,
  kind: DatabaseKind,
  options: BenchOptions,
  codes: readonly string[],
  state: RunState,
  runLighthouseHere: boolean,
): Promise<void> {
  const scratch = mkdtempSync(path.join(scratchDir, `${kind}-`));
  log(`\n== ${kind}: ${options.parts.toLocaleString('en-US')} parts (load average ${loadAverage()})`);
  state.loadAverages.push(`${kind} start: ${loadAverage()}`);
  const prepared = await createDatabase(kind, process.env.DATABASE_URL);
  let server: Child | undefined;
  let sampler: RssSampler | undefined;
  try {
    // import, timed, in this process
    const selfSampler = new RssSampler(process.pid);
    let catalogueRecords: SourceRecord[] | undefined = records(options.parts).records;
    const small = want(options, 'import-small') ? smallImport(catalogueRecords) : undefined;
    const loaded = await loadCatalogue(prepared, catalogueRecords, small);
    const importRss = selfSampler.overallPeak;
    selfSampler.stop();
    const imported = loaded.report.inserted + loaded.report.updated + loaded.report.unchanged;
    if (loaded.report.rejected) state.notes.push(`${kind}: import rejected ${loaded.report.rejected} rows`);
    // The figures of a catalogue bigger than PostgreSQL's shared buffers are the server's as much as the code's.
    if (loaded.bufferAdvice) state.notes.push(`${kind}: ${loaded.bufferAdvice}`);
    pushRow(state, {
      scenario: 'import',
      database: kind,
      parts: options.parts,
      connections: 1,
      p50_ms: loaded.importMs,
      p95_ms: loaded.importMs,
      p99_ms: loaded.importMs,
      rps: imported / (loaded.importMs / 1000),
      errors: loaded.report.rejected,
      rss_mb: importRss,
    });
    if (small && loaded.smallImportMs !== undefined) {
      pushRow(state, {
        scenario: 'import-small',
        database: kind,
        parts: options.parts,
        connections: 1,
        p50_ms: loaded.smallImportMs,
        p95_ms: loaded.smallImportMs,
        p99_ms: loaded.smallImportMs,
        rps: small.length / (loaded.smallImportMs / 1000),
        errors: 0,
        rss_mb: importRss,
      });
      log(`  import-small: ${small.length} rows into the catalogue in ${Math.round(loaded.smallImportMs)} ms`);
    }
    // The same catalogue through `npm run import`, in its own process, into a new database.
    if (want(options, 'import-command')) {
      const command = await runImportCommand(kind, catalogueRecords, scratch);
      pushRow(state, {
        scenario: 'import-command',
        database: kind,
        parts: options.parts,
        connections: 1,
        p50_ms: command.ms,
        p95_ms: command.ms,
        p99_ms: command.ms,
        rps: command.inserted / (command.ms / 1000),
        errors: 0,
        rss_mb: command.peakMb,
      });
      log(`  import-command: ${(command.ms / 1000).toFixed(1)} s, peak RSS ${Math.round(command.peakMb)} MB (${command.summary})`);
    }
    // The ERP feed of import-while-reading, written now so that the records can go.
    const repriced = want(options, 'import-while-reading') ? writeRepricedFeed(feedFile(scratch), catalogueRecords) : 0;
    catalogueRecords = undefined;

    // the real server
    const fingerprint = sourceFingerprint();
    state.fingerprints[kind] = fingerprint;
    const others = Object.entries(state.fingerprints).filter(([k, f]) => k !== kind && f !== fingerprint);
    if (others.length)
      state.notes.push(
        `the server's sources changed between databases (${kind}: ${fingerprint}; ${others.map(([k, f]) => `${k}: ${f}`).join(', ')}): the databases ran different code`,
      );
    const port = await freePort();
    const feed = { bytes: repriced > 0 ? statSync(feedFile(scratch)).size : 0, rows: options.parts };
    server = await startNodeChild(`server ${kind}`, serverArgs(), port, { ...serverEnv(), ...benchServerEnv(prepared, scratch, feed) });
    sampler = new RssSampler(server.pid);
    const health = (await waitForOk(server, `${server.origin}/api/health`)) as { database: string; parts: number };
    if (health.database !== kind) throw new Error(`the server opened ${health.database}, expected ${kind}`);
    log(
      `  server sources ${fingerprint}; pid ${server.pid} on ${server.origin}: ${health.parts} parts (${health.database}), rss ${Math.round(sampler.windowPeakMb())} MB at start`,
    );
    const catalogue = await discover(server.origin, loaded.ids);
    const { firstPageBody: _body, ids: _ids, ...described } = catalogue;
    state.catalogues[kind] = described;
    log(
      `  total ${catalogue.total}, last page ${Math.ceil(catalogue.total / PAGE_SIZE)}, level 1 "${catalogue.categoryL1.name}" (${catalogue.categoryL1.parts}), level 3 "${catalogue.categoryL3.name}" (${catalogue.categoryL3.parts}), brand "${catalogue.brand.name}" (${catalogue.brand.parts})`,
    );

    // the bare ceiling: its own minimal server, while the real one sits idle
    if (want(options, 'ceiling')) {
      const bodyFile = path.join(scratch, 'ceiling-body.json');
      writeFileSync(bodyFile, catalogue.firstPageBody);
      const ceilingPort = await freePort();
      const ceiling = await startNodeChild('ceiling', [...SERVER_NODE_FLAGS, '--import', 'tsx', 'bench/ceiling-server.ts'], ceilingPort, {
        CEILING_BODY_FILE: bodyFile,
        NODE_ENV: 'production',
      });
      try {
        await waitForOk(ceiling, `${ceiling.origin}/api/health`, 60_000);
        // The same warm-up as the real server's below (JIT of both the ceiling and this process's
        // load generator, which runs first here): unwarmed, the ceiling came out below page-1.
        await runLoad({
          origin: ceiling.origin,
          connections: options.connections[0]!,
          seconds: Math.min(2, options.seconds),
          requests: [get('/api/parts')],
        });
        const ceilingSampler = new RssSampler(ceiling.pid);
        try {
          for (const connections of options.connections) {
            ceilingSampler.startWindow();
            const run = await runLoad({ origin: ceiling.origin, connections, seconds: options.seconds, requests: [get('/api/parts')] });
            pushRow(state, {
              scenario: 'ceiling',
              database: kind,
              parts: options.parts,
              connections,
              p50_ms: run.p50,
              p95_ms: run.p95,
              p99_ms: run.p99,
              rps: run.rps,
              errors: run.errors,
              rss_mb: ceilingSampler.windowPeakMb(),
            });
          }
        } finally {
          ceilingSampler.stop();
        }
      } finally {
        await ceiling.stop();
      }
    }

    // warm-up of the real server (JIT, pools): fixed paths and part reads, no uncached query spent
    await runLoad({
      origin: server.origin,
      connections: options.connections[0]!,
      seconds: Math.min(2, options.seconds),
      requests: warmUpRequests(catalogue),
    });

    const queries = queriesFor(codes);
    const prefixes = prefixesFor(codes);
    const scenarios = loadScenarios(catalogue, queries, prefixes).filter((s) => want(options, s.name));
    for (const [pass, connections] of options.connections.entries()) {
      for (const scenario of scenarios) {
        const passes = UNCACHED_SCENARIOS.has(scenario.name) && pass === 0 ? [connections, 1] : [connections];
        for (const c of passes) {
          sampler.startWindow();
          const run = await runLoad({ origin: server.origin, connections: c, seconds: options.seconds, requests: scenario.requests });
          pushRow(state, {
            scenario: scenario.name,
            database: kind,
            parts: options.parts,
            connections: c,
            p50_ms: run.p50,
            p95_ms: run.p95,
            p99_ms: run.p99,
            rps: run.rps,
            errors: run.errors,
            rss_mb: sampler.windowPeakMb(),
          });
          if (run.errors)
            state.notes.push(`${kind} ${scenario.name} @${c}: ${run.errors} errors (status codes ${JSON.stringify(run.statusCodes)})`);
          if (server.process.exitCode !== null) throw new Error(`the server exited during ${scenario.name}:\n${server.output()}`);
          const waited = await settle(server.origin);
          if (waited === null) state.notes.push(`${kind} ${scenario.name} @${c}: the server was still busy 90 s after the run`);
          else if (waited > 2000)
            state.notes.push(
              `${kind} ${scenario.name} @${c}: the server needed ${Math.round(waited / 1000)} s to drain the requests left in flight`,
            );
        }
      }
    }
    log(`  ${queries.issued} distinct uncached queries and ${prefixes.issued} suggestion prefixes sent`);

    // downloads
    const exportsToRun = [
      ['export-xlsx', '/api/export/catalog.xlsx'],
      ['export-pdf', '/api/export/catalog.pdf?includePrices=true'],
    ] as const;
    for (const [scenario, url] of exportsToRun) {
      if (!want(options, scenario)) continue;
      sampler.startWindow();
      try {
        const download = await timeDownload(server.origin, url, EXPORT_TIMEOUT_MS);
        if (download.status === 404) {
          state.notes.push(`${kind} ${scenario}: ${download.note}`);
          log(`  ${scenario}: 404, skipped`);
          continue;
        }
        if (download.note) state.notes.push(`${kind} ${scenario}: ${download.note}`);
        log(
          `  ${scenario}: ${(download.bytes / 1024 / 1024).toFixed(1)} MB ${download.contentType} in ${(download.ms / 1000).toFixed(1)} s`,
        );
        pushRow(state, {
          scenario,
          database: kind,
          parts: options.parts,
          connections: 1,
          p50_ms: download.ms,
          p95_ms: download.ms,
          p99_ms: download.ms,
          rps: catalogue.total / (download.ms / 1000),
          errors: download.status >= 200 && download.status < 300 ? 0 : 1,
          rss_mb: sampler.windowPeakMb(),
        });
      } catch (error) {
        state.notes.push(`${kind} ${scenario}: failed: ${error instanceof Error ? error.message : String(error)}`);
        log(`  ${scenario}: failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }

    // an ERP sync repricing a fifth of the parts while readers ask for what no cache holds
    if (want(options, 'import-while-reading')) {
      const random = mulberry32(11);
      const lastPage = Math.max(1, Math.ceil(catalogue.total / PAGE_SIZE));
      const readPath = () =>
        random() < 0.5
          ? `/api/parts/${catalogue.ids[Math.floor(random() * catalogue.ids.length)]}`
          : `/api/parts?page=${1 + Math.floor(random() * lastPage)}&sortBy=description`;
      sampler.startWindow();
      const child = server;
      const run = await importWhileReading(server.origin, BENCH_ADMIN, readPath).catch((error: unknown) => {
        const exited = child.process.exitCode !== null ? `; the server exited:\n${child.output()}` : '';
        const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : '';
        throw new Error(`import-while-reading: ${error instanceof Error ? error.message : String(error)}${cause}${exited}`);
      });
      const waits = readWaits(run.reads);
      pushRow(state, {
        scenario: 'import-while-reading',
        database: kind,
        parts: options.parts,
        connections: 4,
        p50_ms: waits.p50,
        p95_ms: waits.p95,
        p99_ms: waits.p99,
        rps: run.reads.length / (run.importMs / 1000),
        errors: run.errors + (run.failure ? 1 : 0),
        rss_mb: sampler.windowPeakMb(),
      });
      const line = `${kind} import-while-reading: an ERP sync repricing ${repriced.toLocaleString('en-US')} parts took ${(run.importMs / 1000).toFixed(1)} s (${run.written.toLocaleString('en-US')} written); longest read wait ${Math.round(waits.longest)} ms${run.longest ? ` (asked ${(run.longest.atMs / 1000).toFixed(1)} s in, while ${run.longest.phase})` : ''} over ${run.reads.length} reads; server RSS peak ${Math.round(sampler.windowPeakMb())} MB${jobProcess(sampler.windowChildrenPeakMb())}`;
      state.notes.push(run.failure ? `${line}; the sync failed: ${run.failure}` : line);
      log(`  ${line}`);
    }

    if (runLighthouseHere) {
      log('  lighthouse (mobile and desktop presets, start and catalogue screens)');
      try {
        state.lighthouse = await runLighthouse(server.origin, log);
      } catch (error) {
        state.notes.push(`lighthouse failed: ${error instanceof Error ? error.message : String(error)}`);
        log(`  lighthouse failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
    log(`  server peak rss ${Math.round(sampler.overallPeak)} MB, load average ${loadAverage()}`);
    state.loadAverages.push(`${kind} end: ${loadAverage()}`);
  } finally {
    sampler?.stop();
    await server?.stop();
    await prepared.cleanup();
    removeDir(scratch);
  }
}

// --- main -------------------------------------------------------------------------------------

async function main(): Promise<number> {
  let options: BenchOptions | 'help';
  try {
    options = parseArgs(process.argv.slice(2), process.env.DATABASE_URL || undefined);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  const startedAt = Date.now();
  startReaper(ROOT);
  const scratchDir = mkdtempSync(path.join(os.tmpdir(), 'repuestos-bench-scratch-'));
  trackDir(scratchDir);
  const info = machine();
  log(
    `bench: ${options.parts} parts, ${options.seconds} s per run, connections ${options.connections.join(' and ')}, ${options.databases.join(' + ')}${options.lighthouse ? ', lighthouse' : ''}`,
  );
  log(
    `machine: ${info.cpus} CPUs (${info.cpu_model}), ${info.memory_gb} GB, Node ${info.node}, load average ${info.load_average_at_start}`,
  );
  const cpuAtStart = await cpuCheck();
  log(`cpu check: ${formatCpuCheck(cpuAtStart)}`);
  const databaseUrl = process.env.DATABASE_URL;
  const postgres: PostgresServer | null =
    options.databases.includes('postgres') && databaseUrl ? await readPostgresServer(databaseUrl) : null;
  if (postgres) log(formatPostgresServer(postgres));

  const state: RunState = { rows: [], notes: [], lighthouse: [], catalogues: {}, loadAverages: [], fingerprints: {} };
  ensureWebBuild(state.notes);
  await buildServer();
  let js: StartScreenJs | null = null;
  try {
    js = measureStartScreenJs(DIST_DIR);
  } catch (error) {
    log(`start-screen JS not measured: ${error instanceof Error ? error.message : String(error)}`);
  }

  const generationStarted = performance.now();
  const { codes } = records(options.parts);
  log(`generated ${codes.length} records in ${Math.round(performance.now() - generationStarted)} ms`);

  let failed = false;
  try {
    for (const [i, kind] of options.databases.entries()) {
      try {
        await benchDatabase(scratchDir, kind, options, codes, state, options.lighthouse && i === 0);
      } catch (error) {
        failed = true;
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        state.notes.push(`${kind}: bench failed: ${error instanceof Error ? error.message : String(error)}`);
        console.error(`\n${kind}: bench failed: ${message}`);
      }
    }
  } finally {
    await cleanupAll();
  }

  if (stopping) return 130;
  const cpuAtEnd = await cpuCheck();
  log(`\ncpu check at the end: ${formatCpuCheck(cpuAtEnd)}`);
  const drift = machineRatio(cpuAtStart, cpuAtEnd);
  if (drift !== null && Math.abs(drift - 1) * 100 > NOISE_PERCENT)
    state.notes.push(
      `the machine's speed changed during the run (cpu check, one core: ${cpuAtStart.one_core_ms} ms at the start, ${cpuAtEnd.one_core_ms} ms at the end): figures of this run are less comparable`,
    );
  const budgets: BudgetCheck[] = evaluateBudgets(state.rows, options.connections[0]!, options.parts, js);
  mkdirSync(RESULTS_DIR, { recursive: true });
  // The previous run, read before this one replaces it (issue 23: each figure's change).
  const previous = readPreviousRows(path.join(RESULTS_DIR, 'latest.json'));
  const previousMachine = previousRunMachine(path.join(RESULTS_DIR, 'latest-options.json'));
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(state.rows, null, 2)}\n`);
  writeFileSync(
    path.join(RESULTS_DIR, 'latest-options.json'),
    `${JSON.stringify({ options, machine: { ...info, cpu_check_start: cpuAtStart, cpu_check_end: cpuAtEnd }, postgres, duration_s: round((Date.now() - startedAt) / 1000, 1), catalogues: state.catalogues, load_averages: state.loadAverages, source_fingerprints: state.fingerprints, notes: state.notes, budgets, start_screen_js: js, lighthouse: state.lighthouse }, null, 2)}\n`,
  );

  log(`\n${formatResults(state.rows)}`);
  if (previous) {
    const compared = compareRuns(previous, state.rows);
    const slower = compared.filter((r) => r.verdict === 'slower').length;
    log(
      compared.length
        ? `\ncompared with the previous run${previousMachine.date ? ` (${previousMachine.date})` : ''}: ${slower} of ${compared.length} rows slower beyond ${NOISE_PERCENT} %${machineChange(previousMachine.cpuCheck, cpuAtStart)}${databaseChange(previousMachine.postgres, postgres)}\n${formatComparison(compared)}`
        : '\nthe previous run measured none of these rows (another size, database or scenario list)',
    );
  }
  if (js)
    log(
      `\nstart-screen JavaScript: ${js.gzip_kb.toFixed(1)} kB gzip (${js.files.map((f) => `${path.basename(f.file)} ${f.gzip_kb.toFixed(1)}`).join(', ')})`,
    );
  if (state.lighthouse.length) log(`\nLighthouse 12\n${formatLighthouse(state.lighthouse)}`);
  log(`\nbudgets\n${formatBudgets(budgets)}`);
  if (state.notes.length) log(`\nnotes:\n${state.notes.map((n) => `- ${n}`).join('\n')}`);
  log(`\nwrote bench/results/latest.json and latest-options.json in ${Math.round((Date.now() - startedAt) / 1000)} s`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error);
    await cleanupAll();
    process.exit(1);
  },
);
