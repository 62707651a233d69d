// docs/performance.md: the generated part (between the markers) is replaced on each full run; the
// hand-written sections around it (what was changed, why a target is missed) are kept.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chunkTable, markdownTable, rows, summary } from './report';
import type { BenchResult } from './run';

export const PERFORMANCE_DOC = fileURLToPath(new URL('../../docs/performance.md', import.meta.url));
const START = '<!-- bench:start (written by npm run bench; edit outside these markers) -->';
const END = '<!-- bench:end -->';

const TEMPLATE = `# Performance

\`npm run bench\` measures the product on the machine it runs on, against a bare Fastify route on
the same machine, and rewrites the table below (\`npm run bench -- --quick\` prints a smaller run and
leaves this file alone unless given \`--write\`). How it measures is described after the table.

${START}
${END}

## What was changed to reach the targets

_To be filled in by the engineers doing the work: the client bundle (what was split, removed or
lazy-loaded) and the server (indexes, queries, caching), each with the before and after numbers._

## Targets missed, and why

_One line per MISS in the table above._
`;

const METHOD = `How it is measured:

- **Data**: a fresh temporary \`DATA_DIR\`, migrated by the app's own migration code, then seeded by
  \`scripts/bench/seed-scale.ts\` with prepared statements in one transaction (one argon2id hash shared
  by every account). Each specialist's working days are filled with appointments on the 30-minute grid,
  so live bookings never overlap; future days are about half full, so free time is left to book.
  500,000 bookings with 40 specialists means years of history (the table says how many days).
- **Server**: the production server started as \`npm start\` starts it (the command in
  \`package.json\`, V8's flags included; \`scripts/start.mjs\`: the compiled server in \`dist/server\`, nothing transpiled at run time; the built client, \`NODE_ENV=production\`, the default log level writing one line per request to a
  file, e-mails to the outbox folder: each booking writes its confirmation). Production cookies are
  \`Secure\`, which only tells a browser not to send them over plain HTTP; the server reads the
  \`Cookie\` header either way. So the benchmark creates the sessions with the app's sessions module
  and sends their cookies over plain HTTP: the same code path as a browser over HTTPS, without TLS.
  Logging in (argon2) is not part of any measured request.
- **Baseline**: a bare Fastify route answering a constant JSON body, no logger, in its own process.
  A second bare route sends the services list's own answer, fetched from the product (the same
  headers and gzipped bytes), so the table tells what those bytes cost from what the product adds.
  It and the services list (gzip, over \`/api/v1\` and \`/trpc\`) are measured in seven alternating
  rounds of 2 s each (every other one in the reverse order), and the list's share of the same
  bytes is the median of the rounds' shares:
  this host's speed drifts within a run by more than the difference measured.
- **Load**: autocannon, 10 connections, a warm-up, then a fixed duration per read; latency is every
  response's time (not only 2xx). Load generator, server and baseline share this machine's cores,
  so absolute numbers are lower than on a dedicated box; the ratios compare like with like.
- **Booking creation**: a fixed number of distinct free slots, computed with the product's own slot
  rules (\`src/server/domain/slots.ts\`) so that none overlap, spread over specialists and days and
  sent by 50 customer sessions (after a warm-up of real bookings too). Afterwards the database is
  checked: one row per 201, and no two live bookings of a specialist overlap.
- **Targets**: the free-slots p99 target is judged on the 10-connection load run (queueing
  included); the scaling rows are sequential requests on one connection, the cost of one request.
  The calendar's target (day view of every specialist) is judged on one connection at
  50,000 bookings, as one admin opening the day sees it; the 10-connection run of it is shown too.
  The appointments list's targets: a search at 500,000 bookings on one connection (p99), and the
  same search at 50,000 bookings under 10 connections (answers a second).
- **Memory and start**: resident memory (VmRSS) after the start and one visit of every public page;
  the peak (VmHWM) of the main server over its whole run, read as it stops; the start from the
  spawn of \`npm start\`'s command on a built tree to the first 200 on \`/healthz\`, polled every 25 ms.
- **The salon's day in the data**: every specialist has weekly hours of their own with an hour's
  lunch break, a day of time off ahead, and the busy specialist an hour of time off at the end of
  the busy day (over bookings), so free slots, booking creation and the calendar read hours,
  breaks and time off as the product does.
- **Client**: each page opened in a fresh Chromium context (\`networkidle\`, then 0.5 s); every
  script response counted. Where the server sends no \`Content-Encoding\`, the gzip size (level 6)
  of the file is shown as the transfer size and marked "(computed)". A chunk is admin code when its
  source map lists files under \`src/client/features/admin\` or \`components/admin\`.
- **Lighthouse** 12 with its default settings (mobile, simulated slow 4G and 4x CPU slowdown), Debian's
  Chromium with \`--headless=new --no-sandbox --disable-gpu\`; each page three times, the median
  performance score reported with all three. The simulated slowdown multiplies the host's own CPU
  time, so the scores follow the machine's speed and load.
- **Quick mode** (\`npm run bench -- --quick\`, run by \`scripts/bench.test.ts\`): 5,000 bookings,
  1,000 customers, 500 reviews, 2-second runs, 150 bookings, scaling at 1,000/5,000/20,000, Lighthouse
  on \`/\` only; it prints the table and writes this file only with \`--write\`.`;

export function generatedSection(result: BenchResult): string {
  return [
    START,
    '',
    summary(result).split('\n').join('\n\n'),
    '',
    markdownTable(rows(result)),
    '',
    'JavaScript per chunk, first visit in a fresh browser context:',
    '',
    chunkTable(result),
    '',
    METHOD,
    '',
    END,
  ].join('\n');
}

export function writePerformanceDoc(result: BenchResult, file = PERFORMANCE_DOC): string {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : TEMPLATE;
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const base = start >= 0 && end > start ? current : TEMPLATE;
  const s = base.indexOf(START);
  const e = base.indexOf(END) + END.length;
  writeFileSync(file, `${base.slice(0, s)}${generatedSection(result)}${base.slice(e)}`);
  return file;
}
