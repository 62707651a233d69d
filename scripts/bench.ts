// `npm run bench`: measures the product against a bare Fastify baseline on this machine and prints
// the table (scripts/bench/). `--quick`: smaller data and short runs, under two minutes; it prints
// the table but leaves docs/performance.md alone unless `--write` is given too.
import { runBench } from './bench/run';
import { rows, summary, terminalTable } from './bench/report';
import { writePerformanceDoc } from './bench/doc';

const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((a) => !['--quick', '--write', '--no-write'].includes(a));
if (unknown.length > 0) {
  console.error(`npm run bench: unknown option ${unknown.join(' ')} (known: --quick, --write, --no-write)`);
  process.exit(2);
}
const quick = args.has('--quick');
const write = args.has('--write') || (!quick && !args.has('--no-write'));

try {
  const result = await runBench({ quick });
  const list = rows(result);
  console.log(`\n${summary(result)}\n\n${terminalTable(list)}\n`);
  if (write) {
    const file = writePerformanceDoc(result);
    console.log(`Written to ${file}.`);
  } else {
    console.log('docs/performance.md left as it is (quick mode; add --write to replace its table).');
  }
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
