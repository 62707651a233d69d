// Keeps the benchmark from rotting: the quick mode runs end to end (it builds the client when
// dist/client is missing) and its table has every row, each with numbers. The targets are not
// asserted: timings depend on the machine.
import { describe, expect, it } from 'vitest';
import { rows, terminalTable } from './bench/report';
import { CLIENT_PAGES, runBench } from './bench/run';

describe('npm run bench -- --quick', () => {
  it('measures every row of the table with numbers', { timeout: 480_000 }, async () => {
    const result = await runBench({ quick: true, log: () => undefined });
    const table = rows(result);
    const keys = table.map((r) => r.key);

    expect(keys).toEqual(
      expect.arrayContaining([
        'load:baseline',
        'load:same-bytes',
        'load:services-rest',
        'load:services-trpc',
        'load:slots',
        'load:admin-list',
        'load:booking',
        'booking:check',
        'booking:mail',
        'history:target',
        'memory',
        'memory:idle',
        'memory:peak',
        'start',
        'admin-list:target',
        'report:target',
        'visit-slots:target',
        ...result.scaling.map((p) => `scale:${p.bookings}`),
        ...CLIENT_PAGES.map((path) => `js:${path}`),
        'lighthouse:/',
      ]),
    );
    expect(result.scaling).toHaveLength(3);
    expect(keys).not.toContain('lighthouse:error');
    for (const row of table) expect(row.value, row.key).toMatch(/\d/);

    for (const s of result.scenarios) {
      expect(s.result.rps, s.key).toBeGreaterThan(0);
      expect(Number.isFinite(s.result.p50) && Number.isFinite(s.result.p99), s.key).toBe(true);
    }
    for (const p of result.scaling) {
      expect(
        [p.slots.p50, p.slots.p99, p.adminList.p50, p.adminList.p99, p.report.p50, p.report.p99].every(Number.isFinite),
      ).toBe(true);
    }
    for (const page of result.pages) expect(page.totalGzip, page.path).toBeGreaterThan(0);
    for (const l of result.lighthouse)
      expect(Number.isFinite(l.performance) && Number.isFinite(l.accessibility)).toBe(true);

    // Not a speed target but a rule: every booking answered 201 is one row, and none overlap.
    expect(result.booking.created).toBeGreaterThan(0);
    expect(result.booking.rowsAdded).toBe(result.booking.created);
    expect(result.booking.overlaps).toBe(0);
    // And each has its confirmation, written with it and sent on.
    expect(result.booking.confirmations).toBe(result.booking.created);
    expect(result.booking.confirmationsSent).toBe(result.booking.confirmations);

    expect(terminalTable(table).split('\n')).toHaveLength(table.length + 2);
  });
});
