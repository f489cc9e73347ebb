/** Pure helpers of the bench: latency percentiles and rounding (unit-tested in stats.test.ts). */

/** A growable list of latencies in milliseconds (a Float64Array, so 100,000 values stay cheap). */
export class LatencyRecorder {
  private values = new Float64Array(16_384);
  private length = 0;

  record(ms: number): void {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = ms;
  }

  get count(): number {
    return this.length;
  }

  /** The recorded values, sorted ascending (a copy). */
  sorted(): Float64Array {
    return this.values.slice(0, this.length).sort();
  }
}

/**
 * The nearest-rank percentile of values sorted ascending: the smallest value with at least `p` % of
 * the values at or below it. Empty input gives NaN.
 * @example percentile(Float64Array.of(1, 2, 3, 4), 50) === 2
 */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  const index = Math.min(sorted.length - 1, Math.max(0, rank - 1));
  return sorted[index]!;
}

export interface LatencySummary {
  p50: number;
  p95: number;
  p99: number;
}

/** p50, p95 and p99 of a list of latencies in any order. */
export function summarise(values: LatencyRecorder | readonly number[]): LatencySummary {
  const sorted = values instanceof LatencyRecorder ? values.sorted() : Float64Array.from(values).sort();
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/** Rounds to `digits` decimals; NaN stays NaN. */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
