/**
 * `npm run soak -- [--seconds 60] [--connections 50]`: a bounded soak on loopback. Starts the real
 * server (PGlite in a temporary folder, demo catalogue), then drives mixed traffic from the three
 * roles plus logins and admin edits. Passes when there were zero errors and no 5xx, RSS stayed
 * stable over the second half, and every admin edit and registration made is in the database.
 * It stops by itself and removes what it created.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { freePort } from '../src/server/test/net.ts';
import { buildServer, serverArgs, serverEnv } from './server.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    parts: { type: 'string', default: '5000' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-soak-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
const cleanup = () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', cleanup);

async function json(url: string, init: RequestInit = {}, cookie?: string): Promise<{ status: number; body: unknown; cookie?: string }> {
  const response = await fetch(base + url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...(init.headers ?? {}) },
  });
  const setCookie = response.headers.get('set-cookie')?.split(';')[0];
  return { status: response.status, body: await response.json().catch(() => null), ...(setCookie ? { cookie: setCookie } : {}) };
}

try {
  await buildServer();
  server = spawn(process.execPath, serverArgs(), {
    env: {
      ...process.env,
      ...serverEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_CATALOGUE_SIZE: values.parts,
      ADMIN_USERNAME: 'soak-admin',
      ADMIN_PASSWORD: 'soak-admin-clave',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The soak logs in thousands of times from one address: limits would be the only thing measured.
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000000',
      RATE_LIMIT_LOGIN_PER_IP: '1000000',
      RATE_LIMIT_REGISTER_PER_IP: '1000000',
      RATE_LIMIT_PART_REQUESTS_PER_USER: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const admin = (
    await json('/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ username: 'soak-admin', password: 'soak-admin-clave', userType: 'admin' }),
    })
  ).cookie as string;
  const roleCookie = async (profileType: 'client' | 'distributor') => {
    const username = `soak-${profileType}`;
    await json('/api/admin/users', { method: 'POST', body: JSON.stringify({ username, password: 'clave123', profileType }) }, admin);
    return (
      await json('/api/auth/login', { method: 'POST', body: JSON.stringify({ username, password: 'clave123', userType: profileType }) })
    ).cookie as string;
  };
  const client = await roleCookie('client');
  const distributor = await roleCookie('distributor');
  const partsList = (await json('/api/admin/parts?limit=200', {}, admin)).body as { parts: { id: number }[] };
  const partIds = partsList.parts.map((p) => p.id);

  const reads = [
    '/api/parts',
    '/api/parts?search=filtro%20aceite',
    '/api/parts?search=bujia',
    '/api/parts?sortBy=price&page=3',
    '/api/products/featured',
    '/api/products/on-sale',
    '/api/categories/public',
    `/api/parts/${partIds[0]}`,
  ];
  const readRequests = reads.map((p) => ({ method: 'GET' as const, path: p }));

  // Writes made during the soak, checked afterwards.
  const registered: string[] = [];
  // Per part, the highest-numbered successful edit (edits of one part are ~200 requests apart, so
  // never in flight together: the highest number is the one the database must hold).
  const salesUnits = new Map<number, { n: number; unit: string }>();
  let sequence = 0;
  const writeRequests = [
    {
      method: 'POST' as const,
      path: '/api/auth/register',
      setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
        const username = `soakreg${++sequence}`;
        context.username = username;
        return {
          ...request,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: 'clave123', fullName: 'Soak', email: `${username}@example.com` }),
        };
      },
      onResponse: (status: number, _body: string, context: Record<string, unknown>) => {
        if (status === 201) registered.push(context.username as string);
      },
    },
    {
      method: 'POST' as const,
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'soak-client', password: 'clave123', userType: 'client' }),
    },
    {
      method: 'PATCH' as const,
      path: '/api/admin/parts/0/sales-unit',
      setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
        const n = ++sequence;
        const id = partIds[n % partIds.length] as number;
        context.id = id;
        context.n = n;
        context.unit = `Caja x ${n}`;
        return {
          ...request,
          path: `/api/admin/parts/${id}/sales-unit`,
          headers: { 'content-type': 'application/json', cookie: admin },
          body: JSON.stringify({ salesUnit: context.unit }),
        };
      },
      onResponse: (status: number, _body: string, context: Record<string, unknown>) => {
        const previous = salesUnits.get(context.id as number);
        if (status === 200 && (!previous || previous.n < (context.n as number))) {
          salesUnits.set(context.id as number, { n: context.n as number, unit: context.unit as string });
        }
      },
    },
  ];

  const rss: { t: number; mb: number }[] = [];
  const pid = server.pid as number;
  const sampler = setInterval(() => rss.push({ t: Date.now(), mb: rssMb(pid) }), 500);
  const share = (n: number) => Math.max(1, Math.round(connections * n));
  const run = (title: string, requests: object[], conns: number, cookie?: string) =>
    new Promise<AutocannonResult>((resolve, reject) => {
      autocannon(
        {
          title,
          url: base,
          connections: conns,
          duration: seconds,
          requests: requests as AutocannonRequest[],
          ...(cookie ? { headers: { cookie } } : {}),
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
  const results = await Promise.all([
    run('guest', readRequests, share(0.3)),
    run('client', readRequests, share(0.2), client),
    run('distributor', readRequests, share(0.2), distributor),
    run('writes', writeRequests, share(0.3)),
  ]);
  clearInterval(sampler);

  let failures = 0;
  console.log('\nscenario      conns   requests   p50 ms   p99 ms   non-2xx   errors');
  for (const r of results) {
    const nonOk = r.non2xx;
    console.log(
      `${r.title?.padEnd(12)} ${String(r.connections).padStart(6)} ${String(r.requests.total).padStart(10)} ${String(r.latency.p50).padStart(8)} ${String(r.latency.p99).padStart(8)} ${String(nonOk).padStart(9)} ${String(r.errors + r.timeouts).padStart(8)}`,
    );
    if (r.errors + r.timeouts > 0 || nonOk > 0) failures++;
  }
  const half = rss[Math.floor(rss.length / 2)]?.t ?? 0;
  const firstHalf = Math.max(...rss.filter((s) => s.t < half).map((s) => s.mb));
  const secondHalf = rss.filter((s) => s.t >= half).map((s) => s.mb);
  // Stable: the second half never climbs more than 5 % above the first half's high-water mark
  // (a sawtooth from garbage collection is fine; a leak keeps raising the peak).
  const secondPeak = Math.max(...secondHalf);
  console.log(
    `RSS: peak first half ${firstHalf.toFixed(0)} MB, second half ${Math.min(...secondHalf).toFixed(0)}–${secondPeak.toFixed(0)} MB`,
  );
  const stable = secondPeak <= firstHalf * 1.05;
  if (!stable) failures++;

  const users = (await json('/api/users', {}, admin)).body as { username: string }[];
  const names = new Set(users.map((u) => u.username));
  const missingUsers = registered.filter((u) => !names.has(u));
  let missingEdits = 0;
  const listed = (await json('/api/admin/parts?limit=200', {}, admin)).body as { parts: { id: number; salesUnit: string }[] };
  for (const [id, { unit }] of salesUnits) {
    const found = listed.parts.find((p) => p.id === id);
    if (found?.salesUnit !== unit) {
      missingEdits++;
      console.log(`part ${id}: expected "${unit}", found "${found?.salesUnit}"`);
    }
  }
  console.log(
    `registrations: ${registered.length} made, ${missingUsers.length} missing; sales-unit edits: ${salesUnits.size} parts, ${missingEdits} not as last written`,
  );
  if (missingUsers.length || missingEdits) failures++;
  console.log(failures ? 'soak: FAILED' : 'soak: passed');
  process.exitCode = failures ? 1 : 0;
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
  }
  cleanup();
}
