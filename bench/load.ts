/**
 * One bounded autocannon run (programmatic API) with every response's latency recorded here, so
 * p95 is exact (autocannon's own histogram reports p90, p97.5 and p99 but no p95).
 */
import autocannon, { type AutocannonRequest } from 'autocannon';
import { LatencyRecorder, summarise } from './stats.ts';

export interface LoadRun {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /** Non-2xx answers plus socket errors and timeouts. */
  errors: number;
  requests: number;
  /** Status codes other than 2xx, for the error note. */
  statusCodes: Record<string, number>;
}

export interface LoadSpec {
  origin: string;
  connections: number;
  seconds: number;
  /** Requests in rotation; each connection loops through them. */
  requests: AutocannonRequest[];
}

export function runLoad(spec: LoadSpec): Promise<LoadRun> {
  const latencies = new LatencyRecorder();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.origin,
        connections: spec.connections,
        duration: spec.seconds,
        // A request abandoned by the client is still served: a short timeout would pile work up.
        timeout: 30,
        requests: spec.requests,
        renderProgressBar: false,
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        const { p50, p95, p99 } = summarise(latencies);
        const statusCodes: Record<string, number> = {};
        for (const [code, stat] of Object.entries(result.statusCodeStats)) if (!code.startsWith('2')) statusCodes[code] = stat.count;
        const completed = latencies.count;
        resolve({
          p50,
          p95,
          p99,
          rps: result.duration > 0 ? completed / result.duration : 0,
          errors: result.non2xx + result.errors,
          requests: completed,
          statusCodes,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.record(responseTime));
  });
}

/** A fixed GET. */
export const get = (path: string): AutocannonRequest => ({ method: 'GET', path });

/** A GET whose path `nextPath()` draws anew for every request. */
export const dynamicGet = (nextPath: () => string): AutocannonRequest => ({
  method: 'GET',
  path: '/',
  setupRequest: (request) => ({ ...request, method: 'GET', path: nextPath() }),
});
