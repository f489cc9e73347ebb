/** Command-line options of `npm run bench` (pure; unit-tested in args.test.ts). */

export type DatabaseKind = 'pglite' | 'postgres';

export interface BenchOptions {
  /** Parts in the generated catalogue. */
  parts: number;
  /** Seconds of each autocannon run. */
  seconds: number;
  /** Connection counts of the load pass: `--connections` first, then 50 (unless `--quick`). */
  connections: number[];
  databases: DatabaseKind[];
  lighthouse: boolean;
  quick: boolean;
  /** Only these scenarios (all when empty); `import` always runs, since the others need its data. */
  scenarios: string[];
}

export const USAGE = `npm run bench -- [options]
  --parts N            parts in the generated catalogue (default 100000; 2000 with --quick)
  --seconds S          seconds per load run (default 10; 3 with --quick)
  --connections C      connections of the first load pass (default 10); a second pass runs at 50
  --database D         pglite | postgres | both (default pglite, plus postgres when DATABASE_URL is set)
  --quick              smoke run: 2000 parts, 3 s, no Lighthouse, no 50-connection pass
  --lighthouse         run Lighthouse (the default unless --quick)
  --no-lighthouse      skip Lighthouse
  --scenarios a,b      run only these scenarios (import always runs)
  --help               this text`;

export class UsageError extends Error {}

function positiveInt(name: string, raw: string | undefined, max: number): number {
  const value = Number(raw);
  if (raw === undefined || !Number.isInteger(value) || value < 1 || value > max) {
    throw new UsageError(`${name} needs an integer from 1 to ${max}, got ${raw ?? 'nothing'}`);
  }
  return value;
}

/**
 * Parses `process.argv.slice(2)`.
 * @param databaseUrl `DATABASE_URL`, which makes PostgreSQL part of the default run.
 * @throws UsageError on an unknown option or a bad value.
 */
export function parseArgs(argv: readonly string[], databaseUrl: string | undefined): BenchOptions | 'help' {
  let parts: number | undefined;
  let seconds: number | undefined;
  let connections = 10;
  let database: 'pglite' | 'postgres' | 'both' | undefined;
  let quick = false;
  let lighthouse: boolean | undefined;
  let scenarios: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--parts':
        parts = positiveInt('--parts', value(), 1_000_000);
        break;
      case '--seconds':
        seconds = positiveInt('--seconds', value(), 3600);
        break;
      case '--connections':
        connections = positiveInt('--connections', value(), 1000);
        break;
      case '--database': {
        const v = value();
        if (v !== 'pglite' && v !== 'postgres' && v !== 'both')
          throw new UsageError(`--database takes pglite, postgres or both, got ${v ?? 'nothing'}`);
        database = v;
        break;
      }
      case '--quick':
        quick = true;
        break;
      case '--lighthouse':
        lighthouse = true;
        break;
      case '--no-lighthouse':
        lighthouse = false;
        break;
      case '--scenarios':
        scenarios = (value() ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        break;
      case '--help':
      case '-h':
        return 'help';
      default:
        throw new UsageError(`unknown option ${arg}\n${USAGE}`);
    }
  }
  const chosen = database ?? (databaseUrl ? 'both' : 'pglite');
  const databases: DatabaseKind[] = chosen === 'both' ? ['pglite', 'postgres'] : [chosen];
  if (databases.includes('postgres') && !databaseUrl) throw new UsageError('--database postgres needs DATABASE_URL (postgres://…)');
  return {
    parts: parts ?? (quick ? 2000 : 100_000),
    seconds: seconds ?? (quick ? 3 : 10),
    connections: quick || connections === 50 ? [connections] : [connections, 50],
    databases,
    lighthouse: lighthouse ?? !quick,
    quick,
    scenarios,
  };
}
