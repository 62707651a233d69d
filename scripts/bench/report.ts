// The benchmark's table (terminal and Markdown), the targets it is held to (docs/performance.md)
// and the machine it ran on.
import { cpus, platform, release, totalmem } from 'node:os';
import type { LighthouseScores } from './lighthouse';
import type { BenchResult, Scenario } from './run';

export interface Row {
  /** Stable key, for tests. */
  key: string;
  measure: string;
  value: string;
  target: string;
  /** 'pass', 'MISS', or '' where the row has no target. */
  verdict: '' | 'pass' | 'MISS';
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const kb = (bytes: number) => `${fmt(bytes / 1024)} KB`;
const verdict = (ok: boolean): 'pass' | 'MISS' => (ok ? 'pass' : 'MISS');

export function machine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${cpu}, ${cpus().length} cores, ${fmt(totalmem() / 1024 ** 3)} GB RAM, Node ${process.version}, ${platform()} ${release()}`;
}

/** The services list's rate over the same bytes' rate: the rounds' median when it was measured in rounds. */
const sameBytesShare = (s: Scenario, sameBytesRps: number): number => s.sameBytes?.share ?? s.result.rps / sameBytesRps;

export function rows(result: BenchResult): Row[] {
  const out: Row[] = [];
  const scenario = (key: Scenario['key']) => result.scenarios.find((s) => s.key === key);
  const baseline = scenario('baseline');
  const baseRps = baseline?.result.rps ?? NaN;
  const sameBytesRps = scenario('same-bytes')?.result.rps ?? NaN;
  for (const s of result.scenarios) {
    const r = s.result;
    const ratio = r.rps / baseRps;
    let target = '';
    let v: Row['verdict'] = '';
    const servicesList = s.key === 'services-rest' || s.key === 'services-trpc';
    if (servicesList) {
      // Its ceiling is a bare route sending the very same bytes and headers (docs/performance.md).
      target = '>= 90% of the same bytes';
      v = verdict(sameBytesShare(s, sameBytesRps) >= 0.9);
    } else if (s.key === 'slots') {
      target = 'p99 < 10 ms (50,000 bookings)';
      v = verdict(r.p99 < 10);
    } else if (s.key === 'admin-list') {
      target = '>= 1,000/s (50,000 bookings)';
      v = verdict(r.rps >= 1000);
    } else if (s.key === 'booking') {
      target = '>= 500/s, no double booking';
      v = verdict(r.rps >= 500 && result.booking.overlaps === 0 && result.booking.created === result.booking.rowsAdded);
    }
    const codes = Object.entries(r.statuses)
      .map(([code, n]) => `${code}: ${n}`)
      .join(', ');
    out.push({
      key: `load:${s.key}`,
      measure: s.label,
      value: `${fmt(r.rps, 0)} req/s, p50 ${fmt(r.p50, 2)} ms, p99 ${fmt(r.p99, 2)} ms, ${s.key === 'baseline' ? '100' : fmt(ratio * 100)}% of baseline${servicesList ? `, ${fmt(100 * sameBytesShare(s, sameBytesRps))}% of the same bytes${s.sameBytes ? ` (median of ${String(s.sameBytes.rounds)} alternating rounds)` : ''}` : ''} (${codes}${r.errors ? `, ${r.errors} errors` : ''})`,
      target,
      verdict: v,
    });
  }
  const b = result.booking;
  out.push({
    key: 'booking:check',
    measure: 'booking creation: answers vs rows',
    value: `${b.created} answered 201, ${b.rowsAdded} rows added, ${b.conflicts} answered 409, ${b.overlaps} overlapping live bookings${Object.keys(b.otherStatuses).length ? `, other: ${JSON.stringify(b.otherStatuses)}` : ''}`,
    target: 'every 201 one row, 0 overlaps',
    verdict: verdict(b.created === b.rowsAdded && b.overlaps === 0),
  });
  out.push({
    key: 'booking:mail',
    measure: 'booking confirmations (durable outbox)',
    value: `${b.confirmations} written with their bookings, ${b.confirmationsSent} sent, the last ${b.confirmationsLagMs === null ? 'not within 120 s' : `${fmt(b.confirmationsLagMs / 1000, 1)} s`} after the last booking's answer`,
    target: 'one per 201, all sent',
    verdict: verdict(b.confirmations === b.created && b.confirmationsSent === b.confirmations),
  });
  const h = result.historyCost;
  const historyShare = (h.withMs - h.withoutMs) / h.bookingMs;
  out.push({
    key: 'history:target',
    measure: `a booking's history row: bookings written in groups of ${String(h.groupSize)} with and without it (median of alternating pairs)`,
    value: `${fmt(h.withMs, 3)} ms with, ${fmt(h.withoutMs, 3)} ms without per booking (${String(h.pairs)} pairs): ${fmt(Math.max(0, historyShare) * 100, 2)}% of a booking's ${fmt(h.bookingMs, 2)} ms under load`,
    target: "≤ 5% of a booking's time",
    verdict: verdict(historyShare <= 0.05),
  });
  const mb = (value: number | null) => (value === null ? 'n/a (no /proc)' : `${fmt(value, 0)} MB`);
  out.push({
    key: 'memory',
    measure: 'server peak memory (VmHWM) after the booking load',
    value: mb(result.peakMemoryMb),
    target: '',
    verdict: '',
  });
  out.push({
    key: 'memory:idle',
    measure: 'server memory at rest (VmRSS): started, each public page visited once',
    value: mb(result.start.idleMemoryMb),
    target: '≤ 150 MB',
    verdict: result.start.idleMemoryMb === null ? '' : verdict(result.start.idleMemoryMb <= 150),
  });
  out.push({
    key: 'memory:peak',
    measure: 'server peak memory (VmHWM) over the whole run, read as it stops',
    value: mb(result.runPeakMemoryMb),
    target: '≤ 250 MB',
    verdict: result.runPeakMemoryMb === null ? '' : verdict(result.runPeakMemoryMb <= 250),
  });
  out.push({
    key: 'start',
    measure: '`npm start` on a built tree to the first 200 on /healthz',
    value: `${fmt(result.start.ms / 1000, 2)} s`,
    target: '≤ 1.5 s',
    verdict: verdict(result.start.ms <= 1500),
  });
  for (const p of result.scaling) {
    out.push({
      key: `scale:${p.bookings}`,
      measure: `scaling, ${p.bookings.toLocaleString('en-US')} bookings (1 connection)`,
      value: `slots p50 ${fmt(p.slots.p50, 2)} / p99 ${fmt(p.slots.p99, 2)} ms (${p.slots.requests} requests); visit slots p50 ${fmt(p.visitSlots.p50, 2)} / p99 ${fmt(p.visitSlots.p99, 2)} ms (${p.visitSlots.requests} requests); admin list p50 ${fmt(p.adminList.p50, 2)} / p99 ${fmt(p.adminList.p99, 2)} ms (${p.adminList.requests} requests); calendar day p50 ${fmt(p.calendar.p50, 2)} / p99 ${fmt(p.calendar.p99, 2)} ms (${p.calendar.requests} requests); one-year report p50 ${fmt(p.report.p50, 2)} / p99 ${fmt(p.report.p99, 2)} ms (${p.report.requests} requests)`,
      target: '',
      verdict: '',
    });
  }
  // The calendar's target at 50,000 bookings, or the largest point of a quick run.
  /** The scaling point of `bookings`, or the largest one (a quick run stops at 20,000). */
  const pointAt = (bookings: number) =>
    result.scaling.find((p) => p.bookings === bookings) ?? result.scaling[result.scaling.length - 1];
  const calendarPoint = pointAt(50_000);
  if (calendarPoint) {
    out.push({
      key: 'calendar:target',
      measure: `calendar day view, ${result.seed.specialists.length} specialists, ${calendarPoint.bookings.toLocaleString('en-US')} bookings (1 connection)`,
      value: `p50 ${fmt(calendarPoint.calendar.p50, 2)} / p99 ${fmt(calendarPoint.calendar.p99, 2)} ms (${calendarPoint.calendar.requests} requests)`,
      target: 'p99 < 20 ms (40 specialists, 50,000 bookings)',
      verdict: verdict(calendarPoint.calendar.p99 < 20),
    });
  }
  // A visit's free start times at 50,000 bookings (the calendar's point).
  if (calendarPoint) {
    out.push({
      key: 'visit-slots:target',
      measure: `visit slots: ${String(result.seed.busy.visitServices.length)} services, any specialist each, busy day, ${calendarPoint.bookings.toLocaleString('en-US')} bookings (1 connection)`,
      value: `p50 ${fmt(calendarPoint.visitSlots.p50, 2)} / p99 ${fmt(calendarPoint.visitSlots.p99, 2)} ms (${calendarPoint.visitSlots.requests} requests)`,
      target: 'p99 < 15 ms (3 services, 50,000 bookings)',
      verdict: verdict(calendarPoint.visitSlots.p99 < 15),
    });
  }
  // The appointments list searched at 500,000 bookings, or the largest point of a quick run.
  const largePoint = pointAt(500_000);
  if (largePoint) {
    out.push({
      key: 'admin-list:target',
      measure: `appointments list searched, ${largePoint.bookings.toLocaleString('en-US')} bookings (1 connection)`,
      value: `p50 ${fmt(largePoint.adminList.p50, 2)} / p99 ${fmt(largePoint.adminList.p99, 2)} ms (${largePoint.adminList.requests} requests)`,
      target: 'p99 <= 30 ms (500,000 bookings)',
      verdict: verdict(largePoint.adminList.p99 <= 30),
    });
  }
  // The reports' target: a one-year report at 500,000 bookings, or the largest point of a quick run.
  if (largePoint) {
    out.push({
      key: 'report:target',
      measure: `one-year report, ${largePoint.bookings.toLocaleString('en-US')} bookings (1 connection)`,
      value: `p50 ${fmt(largePoint.report.p50, 2)} / p99 ${fmt(largePoint.report.p99, 2)} ms (${largePoint.report.requests} requests)`,
      target: 'p99 < 200 ms (500,000 bookings)',
      verdict: verdict(largePoint.report.p99 < 200),
    });
  }
  for (const page of result.pages) {
    const compressed = page.chunks.some((c) => c.serverCompressed);
    out.push({
      key: `js:${page.path}`,
      measure: `first-visit JS ${page.path}`,
      value: `${kb(page.totalGzip)} gzip${compressed ? '' : ' (computed)'} / ${kb(page.totalRaw)} raw, ${page.chunks.length} chunks${page.adminChunks.length ? `; admin chunks: ${page.adminChunks.join(', ')}` : ''}${page.failed.length ? `; failed requests: ${page.failed.join(', ')}` : ''}`,
      // The home page's JavaScript no larger than before its pages were server-rendered.
      target:
        page.path === '/' ? '<= 133 KB gzip, no admin code' : page.path.startsWith('/admin') ? '' : 'no admin code',
      verdict:
        page.path === '/'
          ? verdict(page.totalGzip <= 133 * 1024 && page.adminChunks.length === 0)
          : page.path.startsWith('/admin')
            ? ''
            : verdict(page.adminChunks.length === 0),
    });
  }
  for (const l of result.lighthouse) {
    const target = lighthouseTarget(l.path);
    const shown = (score: number) => (Number.isFinite(score) ? String(score) : 'n/a');
    out.push({
      key: `lighthouse:${l.path}`,
      measure: `Lighthouse ${l.path} (mobile, simulated throttling)`,
      value: `performance ${shown(l.performance)}${l.performanceRuns.length > 1 ? ` (median of ${l.performanceRuns.join(', ')})` : ''}, accessibility ${shown(l.accessibility)}, SEO ${shown(l.seo)} (LCP ${l.lcpMs} ms, TBT ${l.tbtMs} ms, CLS ${fmt(l.cls, 3)})${l.problem ? `; Lighthouse: ${l.problem}` : ''}`,
      target: target.text,
      verdict: verdict(target.met(l)),
    });
  }
  if (result.lighthouseError) {
    out.push({
      key: 'lighthouse:error',
      measure: 'Lighthouse',
      value: `failed: ${result.lighthouseError}`,
      target: lighthouseTarget('/').text,
      verdict: 'MISS',
    });
  }
  return out;
}

/**
 * The public site's Lighthouse targets (issue 33): performance 98 on the public pages with the
 * largest paint within 1.8 s, blocking time within 50 ms and no layout shift, and 95 on the admin
 * login; accessibility 95 everywhere and SEO 95 on the public pages. The back office is kept out
 * of search engines on purpose (noindex, robots.txt), which Lighthouse's SEO score counts against
 * it: its SEO figure is shown, not judged (docs/performance.md).
 */
export function lighthouseTarget(path: string): {
  text: string;
  met: (scores: Pick<LighthouseScores, 'performance' | 'accessibility' | 'seo' | 'lcpMs' | 'tbtMs' | 'cls'>) => boolean;
} {
  if (path.startsWith('/admin')) {
    return {
      text: 'performance >= 95, accessibility >= 95 (SEO: noindex by design)',
      met: (scores) => scores.performance >= 95 && scores.accessibility >= 95,
    };
  }
  return {
    text: 'performance >= 98, accessibility >= 95, SEO >= 95, LCP <= 1800 ms, TBT <= 50 ms, CLS 0',
    met: (scores) =>
      scores.performance >= 98 &&
      scores.accessibility >= 95 &&
      scores.seo >= 95 &&
      scores.lcpMs <= 1800 &&
      scores.tbtMs <= 50 &&
      scores.cls === 0,
  };
}

export function markdownTable(list: Row[]): string {
  const escape = (text: string) => text.replaceAll('|', '\\|');
  return [
    '| measure | result | target | verdict |',
    '|---|---|---|---|',
    ...list.map((r) => `| ${escape(r.measure)} | ${escape(r.value)} | ${escape(r.target)} | ${r.verdict} |`),
  ].join('\n');
}

export function chunkTable(result: BenchResult): string {
  const lines = ['| page | chunk | gzip | raw | admin code |', '|---|---|---|---|---|'];
  for (const page of result.pages) {
    for (const c of page.chunks)
      lines.push(`| ${page.path} | ${c.file} | ${kb(c.gzipBytes)} | ${kb(c.rawBytes)} | ${c.admin ? 'yes' : ''} |`);
  }
  return lines.join('\n');
}

export function summary(result: BenchResult): string {
  const s = result.seed;
  return [
    `Run ${result.startedAt.toISOString()}${result.quick ? ' (quick mode: smaller data, short runs)' : ''}, ${fmt(result.seconds, 0)} s in all, on ${machine()}; 1-minute load average ${fmt(result.loadAverage.before, 2)} just before the run (other work on the machine) and ${fmt(result.loadAverage.after, 2)} at its end (the benchmark included).`,
    `Data: ${s.counts.bookings?.toLocaleString('en-US')} bookings (${['pending', 'confirmed', 'cancelled', 'completed'].map((k) => `${s.counts[`bookings ${k}`] ?? 0} ${k}`).join(', ')}) over ${s.historyDays} days of history and the next 62 days, ${s.counts.customers} customers, ${s.counts.services} services, ${s.counts.specialists} specialists, ${s.counts.reviews} reviews; seeded in ${fmt(s.seconds)} s.`,
    `Load: autocannon, ${result.connections} connections, ${result.loadSeconds} s per read after a warm-up; booking creation a fixed number of distinct free slots. Busy day: ${s.busy.specialistName} on ${s.busy.day}, ${s.busy.serviceName}.`,
  ].join('\n');
}

export function terminalTable(list: Row[]): string {
  const widths = [
    Math.max(...list.map((r) => r.measure.length), 7),
    Math.max(...list.map((r) => r.value.length), 6),
    Math.max(...list.map((r) => r.target.length), 6),
  ];
  const line = (a: string, b: string, c: string, d: string) =>
    `${a.padEnd(widths[0] ?? 0)}  ${b.padEnd(widths[1] ?? 0)}  ${c.padEnd(widths[2] ?? 0)}  ${d}`;
  return [
    line('measure', 'result', 'target', 'verdict'),
    line('-'.repeat(widths[0] ?? 0), '-'.repeat(widths[1] ?? 0), '-'.repeat(widths[2] ?? 0), '-------'),
    ...list.map((r) => line(r.measure, r.value, r.target, r.verdict)),
  ].join('\n');
}
