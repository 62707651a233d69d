// A far date must not stop the salon (README "Guarantees"): the calendar and the reports walk their
// period day by day, and a day past 9999-12-31 has no `YYYY-MM-DD` form to walk to. Run against
// the real server process, not `app.inject`: a request that loops never gives the event loop back,
// so in process it would freeze the test run instead of failing it; here it fails by a timeout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { EARLIEST_DAY, LATEST_DAY } from '@/shared/constants';
import { HttpSession } from '../../scripts/crash/http-session';
import { startServerProcess, type ServerProcess } from '../../scripts/crash/server-process';

/** What "answers quickly" means here: a refused date costs a schema check, nothing more. */
const ANSWER_WITHIN_MS = 3_000;
/** The first admin, made at start (no demo data: the dates alone are under test). */
const ADMIN = { ADMIN_EMAIL: 'owner@salon.test', ADMIN_PASSWORD: 'owner-password-1' };

describe('a far date in a request', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-far-date-'));
  let server: ServerProcess | undefined;
  let admin: HttpSession;

  // A server a looping request took down (or that is still looping) is replaced for the next test.
  beforeEach(async () => {
    if (server && (await healthy(server))) return;
    await server?.stop();
    // A looping request eats memory until the heap limit: keep that limit small.
    server = await startServerProcess({
      dataDir,
      env: { SEED_DEMO: '0', ...ADMIN, SALON_TIMEZONE: 'Asia/Kolkata', NODE_OPTIONS: '--max-old-space-size=256' },
    });
    admin = new HttpSession(server.url);
    const login = await admin.rest('POST', '/admin/login', {
      email: ADMIN.ADMIN_EMAIL,
      password: ADMIN.ADMIN_PASSWORD,
    });
    expect(login.status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function healthy(running: ServerProcess): Promise<boolean> {
    try {
      return (await fetch(`${running.url}/healthz`, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) })).ok;
    } catch {
      return false;
    }
  }

  /** A GET as the logged-in admin's browser sends it, given up after ANSWER_WITHIN_MS. */
  async function get(path: string): Promise<{ status: number; message: string }> {
    const running = server;
    if (!running) throw new Error('no server');
    let response: Response;
    try {
      response = await fetch(`${running.url}${path}`, {
        headers: { origin: running.url, cookie: admin.cookieHeader() },
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });
    } catch (error) {
      throw new Error(`GET ${path}: no answer within ${String(ANSWER_WITHIN_MS)} ms (${String(error)})`);
    }
    const text = await response.text();
    if (!response.headers.get('content-type')?.includes('json'))
      return { status: response.status, message: text.slice(0, 80) };
    const body = JSON.parse(text) as { message?: string; error?: { message?: string } };
    return { status: response.status, message: body.message ?? body.error?.message ?? '' };
  }

  const outOfRange = (label: string) => `${label} must be between ${EARLIEST_DAY} and ${LATEST_DAY}`;

  it.each([
    ['the calendar of 31/12/9999 (REST)', '/api/v1/admin/calendar?from=9999-12-31&to=9999-12-31', outOfRange('From')],
    ['the report of December 9999 (REST)', '/api/v1/admin/reports?from=9999-12-01&to=9999-12-31', outOfRange('From')],
    [
      'the report of December 9999 as CSV (REST)',
      '/api/v1/admin/reports/bookings.csv?from=9999-12-01&to=9999-12-31',
      outOfRange('From'),
    ],
    [
      'what /admin/calendar?date=9999-12-31 asks for (tRPC)',
      `/trpc/admin.calendar.get?input=${encodeURIComponent(JSON.stringify({ from: '9999-12-31', to: '9999-12-31' }))}`,
      outOfRange('From'),
    ],
  ])(
    'refuses %s at once with 400, and the server keeps answering',
    { timeout: 20_000 },
    async (_name, path, message) => {
      const started = Date.now();
      const answer = await get(path);
      expect(answer).toEqual({ status: 400, message });
      expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
      expect(server && (await healthy(server)), '/healthz answers afterwards').toBe(true);
    },
  );
});
