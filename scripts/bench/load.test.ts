// Runs of one scenario measured in rounds are reported as one (bench/run.ts: the services list
// against the same bytes).
import { describe, expect, it } from 'vitest';
import { combineLoads, median, type LoadResult } from './load';

const run = (latencies: number[], seconds: number, statuses: Record<string, number>): LoadResult => ({
  rps: latencies.length / seconds,
  p50: NaN,
  p99: NaN,
  requests: latencies.length,
  statuses,
  errors: 0,
  seconds,
  latencies: [...latencies].sort((a, b) => a - b),
});

describe('combineLoads', () => {
  it('counts every answer over every second, and takes percentiles over all of them', () => {
    const fast = run([1, 1, 1, 1, 1, 1, 1, 1], 1, { '200': 8 });
    const slow = run([9, 9], 1, { '200': 1, '503': 1 });
    const both = combineLoads([fast, slow]);
    expect(both.rps).toBe(5);
    expect(both.requests).toBe(10);
    expect(both.statuses).toEqual({ '200': 9, '503': 1 });
    expect(both.p50).toBe(1);
    expect(both.p99).toBe(9);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([0.7, 0.95, 0.6])).toBe(0.7);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
