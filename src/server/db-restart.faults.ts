/**
 * Database loss (issue "It keeps working under load, faults and bad input"): the PostgreSQL
 * cluster restarts under load. The server process survives, affected requests get a masked 5xx,
 * `/api/health` answers 503 while the database is down, and service recovers by itself.
 *
 * It restarts the machine's PostgreSQL cluster, so it runs on its own, after every other test
 * (`npm run test:faults`), and only when DATABASE_URL is set.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DATABASE_UNAVAILABLE } from './plugins/error-handler.ts';
import { freePort } from './test/net.ts';

const baseUrl = process.env.DATABASE_URL;

function get(port: number, path: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false, timeout: 10_000 }, (response) => {
      let body = '';
      response.on('data', (c) => {
        body += c;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve({ error: error.message }));
  });
}

/** Restarts the local cluster without blocking this process's event loop (the load keeps running). */
function restartCluster(): Promise<void> {
  const version = fs.readdirSync('/etc/postgresql').sort().at(-1);
  if (!version) throw new Error('no PostgreSQL cluster found');
  return new Promise((resolve, reject) => {
    // Stop, hold the cluster down for a moment so the outage is observable, then start again.
    const stop = spawn('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'stop', '-m', 'fast'], { stdio: 'inherit' });
    stop.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`pg_ctlcluster stop exited ${code}`));
      setTimeout(() => {
        const start = spawn('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
        start.on('exit', (c) => (c === 0 ? resolve() : reject(new Error(`pg_ctlcluster start exited ${c}`))));
      }, 1500);
    });
  });
}

// Registered only where a local cluster can be restarted and DATABASE_URL points at it.
if (baseUrl && fs.existsSync('/etc/postgresql'))
  describe('PostgreSQL cluster restart under load', () => {
    const name = `portal_faults_${process.pid}`;
    let url: string;
    let port: number;
    let server: ReturnType<typeof spawn> | undefined;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(baseUrl as string);
      u.pathname = `/${name}`;
      url = u.toString();
      port = await freePort();
      server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          ...process.env,
          DATABASE_URL: url,
          PORT: String(port),
          HOST: '127.0.0.1',
          DEMO_CATALOGUE_SIZE: '2000',
          LOG_LEVEL: 'fatal',
          WEB_DIST_DIR: '/nonexistent',
        },
        stdio: 'ignore',
      });
      for (let i = 0; i < 600; i++) {
        const r = await get(port, '/api/health');
        if ('status' in r && r.status === 200) return;
        await new Promise((done) => setTimeout(done, 100));
      }
      throw new Error('server did not start');
    });

    afterAll(async () => {
      server?.kill('SIGTERM');
      await new Promise((done) => setTimeout(done, 500));
      const admin = new pg.Client({ connectionString: baseUrl });
      for (let i = 0; i < 50; i++) {
        try {
          await admin.connect();
          break;
        } catch {
          await new Promise((done) => setTimeout(done, 200));
        }
      }
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end().catch(() => {});
    });

    it('survives, answers 503 on health while down, masks failures and recovers by itself', async () => {
      let stop = false;
      const statuses: number[] = [];
      const healthDown: number[] = [];
      const load = (async () => {
        let i = 0;
        while (!stop) {
          // A query never asked before, so the database (not the cache) answers it.
          const r = await get(port, `/api/parts?search=${['filtro', 'bujia', 'bomba'][i % 3]}%20${i++}`);
          expect('status' in r, JSON.stringify(r)).toBe(true);
          if ('status' in r) {
            statuses.push(r.status);
            // A database that cannot be reached answers 503 with its Spanish message (issue 20).
            if (r.status >= 500) {
              expect(r.status).toBe(503);
              expect(JSON.parse(r.body)).toEqual({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE } });
            }
          }
        }
      })();
      const watcher = (async () => {
        while (!stop) {
          const r = await get(port, '/api/health');
          if ('status' in r && r.status === 503) healthDown.push(r.status);
          await new Promise((done) => setTimeout(done, 50));
        }
      })();
      await new Promise((done) => setTimeout(done, 1000));
      await restartCluster();
      // Recovery: health answers 200 again by itself.
      let recovered = false;
      for (let i = 0; i < 300 && !recovered; i++) {
        const r = await get(port, '/api/health');
        recovered = 'status' in r && r.status === 200;
        if (!recovered) await new Promise((done) => setTimeout(done, 100));
      }
      await new Promise((done) => setTimeout(done, 1000));
      stop = true;
      await Promise.all([load, watcher]);
      expect(recovered).toBe(true);
      expect(healthDown.length, 'health answered 503 while the database was down').toBeGreaterThan(0);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 200 || s === 500 || s === 503)).toBe(true);
      const after = await get(port, '/api/parts?search=filtro');
      expect('status' in after && after.status).toBe(200);
      expect(server?.exitCode).toBeNull();
      console.log(
        `restart: ${statuses.length} requests, ${statuses.filter((s) => s >= 500).length} masked 5xx, health 503 seen ${healthDown.length} times`,
      );
    });
  });
