// The Lighthouse row reports the median of a page's runs, and a failed run is not hidden by it.
import { describe, expect, it } from 'vitest';
import { medianRun } from './lighthouse';
import { lighthouseTarget } from './report';

const run = (performance: number, tbtMs = 100) => ({
  path: '/',
  performance,
  accessibility: 100,
  seo: 100,
  lcpMs: 2000,
  tbtMs,
  cls: 0,
});

describe('medianRun', () => {
  it('reports the run with the middle score, its own timings, and every score in run order', () => {
    const median = medianRun([run(92, 10), run(62, 900), run(81, 300)]);
    expect(median.performance).toBe(81);
    expect(median.tbtMs).toBe(300);
    expect(median.performanceRuns).toEqual([92, 62, 81]);
  });

  it('takes the lower middle run of an even count, and a single run as it is', () => {
    expect(medianRun([run(90), run(70), run(80), run(60)]).performance).toBe(70);
    expect(medianRun([run(77)]).performanceRuns).toEqual([77]);
  });

  it('counts a failed run as the lowest: two failures of three give a failed row', () => {
    expect(medianRun([run(NaN), run(95), run(90)]).performance).toBe(90);
    expect(medianRun([run(NaN), run(95), run(NaN)]).performance).toBeNaN();
  });
});

describe('lighthouseTarget', () => {
  const scores = { performance: 98, accessibility: 95, seo: 95, lcpMs: 1800, tbtMs: 50, cls: 0 };
  it('asks 98 of a public page with its largest paint within 1.8 s, 50 ms blocked and no shift, 95 of the admin login (kept out of search engines)', () => {
    expect(lighthouseTarget('/service').met(scores)).toBe(true);
    expect(lighthouseTarget('/service').met({ ...scores, performance: 97 })).toBe(false);
    expect(lighthouseTarget('/service').met({ ...scores, lcpMs: 1801 })).toBe(false);
    expect(lighthouseTarget('/service').met({ ...scores, tbtMs: 51 })).toBe(false);
    expect(lighthouseTarget('/service').met({ ...scores, cls: 0.001 })).toBe(false);
    expect(lighthouseTarget('/service').met({ ...scores, seo: 94 })).toBe(false);
    expect(lighthouseTarget('/admin/login').met({ ...scores, performance: 95, lcpMs: 3000, tbtMs: 300, seo: 63 })).toBe(
      true,
    );
    expect(lighthouseTarget('/admin/login').met({ ...scores, performance: 94 })).toBe(false);
    expect(lighthouseTarget('/admin/login').met({ ...scores, accessibility: 94 })).toBe(false);
  });
});
