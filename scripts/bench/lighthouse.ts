// Lighthouse 12 through its Node API with Debian's Chromium: performance, accessibility and SEO scores
// with Lighthouse's default settings (mobile form factor, simulated slow 4G and 4x CPU slowdown).
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  seo: number;
  /** Largest Contentful Paint and Total Blocking Time, ms (simulated), to explain the score. */
  lcpMs: number;
  tbtMs: number;
  /** Cumulative Layout Shift (unitless; 0 when nothing moves). */
  cls: number;
  /** Every run's performance score, in the order run (the reported one is their median). */
  performanceRuns: number[];
  /** Why a score is missing (Lighthouse's own message), when one is. */
  problem?: string;
}

type Run = Omit<LighthouseScores, 'performanceRuns'>;

/**
 * The run with the median performance score (the lower middle one of an even count), with every
 * run's score. A failed run (NaN) counts as the lowest, so one failure is not hidden by the others.
 */
export function medianRun(runs: Run[]): LighthouseScores {
  const rank = (r: Run) => (Number.isNaN(r.performance) ? -Infinity : r.performance);
  const sorted = [...runs].sort((a, b) => rank(a) - rank(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse run to report');
  return { ...median, performanceRuns: runs.map((r) => r.performance) };
}

/**
 * Each page audited `runs` times; the run with the median performance score is reported, as
 * Lighthouse's own guidance on variability advises (one run can swing by ten points or more on a
 * busy machine).
 */
export async function runLighthouse(baseUrl: string, paths: string[], runs = 1): Promise<LighthouseScores[]> {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    logLevel: 'silent',
  });
  try {
    const results: LighthouseScores[] = [];
    for (const path of paths) {
      const audit = () =>
        lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'seo'],
        });
      const scored: Run[] = [];
      for (let run = 0; run < runs; run++) {
        let result = await audit();
        // A trace that failed to record (NO_NAVSTART and the like) says "run Lighthouse again": once.
        if (result?.lhr.runtimeError) result = await audit();
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
        const problem =
          lhr.runtimeError?.message ??
          lhr.audits['largest-contentful-paint']?.errorMessage ??
          Object.values(lhr.audits).find((a) => a.errorMessage && a.scoreDisplayMode === 'error')?.errorMessage;
        scored.push({
          ...(problem === undefined ? {} : { problem }),
          path,
          performance: score('performance'),
          accessibility: score('accessibility'),
          seo: score('seo'),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        });
      }
      results.push(medianRun(scored));
    }
    return results;
  } finally {
    chrome.kill();
  }
}
