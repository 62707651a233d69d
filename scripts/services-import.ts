// `npm run services:import -- FILE.csv`: creates or updates services from a CSV, all or nothing,
// through `admin.services.import` with an API token (SALON_URL, SALON_API_TOKEN). The file is
// checked here first with the same shared schema the server uses, so a bad file is reported line
// by line before anything is sent; the server checks again, and what only it knows (which names
// exist, whether a picture is a real image) comes back with the line too.
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { importServicesSchema, type ImportServicesResult, type ServiceImportRowInput } from '@/shared/schemas/services';
import { MAX_IMAGE_BYTES } from '@/shared/images';
import {
  connectToSalon,
  DEFAULT_SALON_URL,
  describeFailure,
  fieldErrorsOf,
  httpStatusOf,
  isMainModule,
  processIo,
  type ScriptIo,
} from './lib/salon-client';
import { formatProblems, parseServicesCsv, problemOfPath, type CsvServiceRow, type Problem } from './lib/services-csv';

const USAGE = 'Usage: SALON_API_TOKEN=... [SALON_URL=http://localhost:3000] npm run services:import -- FILE.csv';

/** The server's request body limit (src/server/app.ts): one import is one request. */
export const REQUEST_LIMIT_BYTES = 8 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const errnoText: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
};
const whyUnreadable = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return errnoText[code] ?? (error instanceof Error ? error.message : String(error));
};

/** A row's cells as the procedure takes them, its image file read and encoded (base64). */
async function toImportRow(row: CsvServiceRow, csvDir: string, problems: Problem[]): Promise<ServiceImportRowInput> {
  const { image: imagePath, ...fields } = row.cells;
  const input: ServiceImportRowInput = { line: row.line, ...fields };
  if (imagePath === undefined || imagePath.trim() === '') return input;
  const file = resolve(csvDir, imagePath.trim());
  try {
    const { size } = await stat(file);
    if (size > MAX_IMAGE_BYTES) {
      problems.push({
        line: row.line,
        field: 'image',
        message: `"${imagePath.trim()}" is ${megabytes(size)}; a picture may be at most ${megabytes(MAX_IMAGE_BYTES)}`,
      });
      return input;
    }
    input.image = (await readFile(file)).toString('base64');
  } catch (error) {
    problems.push({
      line: row.line,
      field: 'image',
      message: `cannot read "${imagePath.trim()}": ${whyUnreadable(error)}`,
    });
  }
  return input;
}

/** Every problem of the file: its shape, unreadable pictures, and each row's fields by the shared schema. */
export async function prepareImport(csvFile: string): Promise<{ rows: ServiceImportRowInput[]; problems: Problem[] }> {
  let text: Buffer;
  try {
    text = await readFile(csvFile);
  } catch (error) {
    return { rows: [], problems: [{ message: `cannot read ${csvFile}: ${whyUnreadable(error)}` }] };
  }
  const parsed = parseServicesCsv(text);
  const problems = [...parsed.problems];
  const rows: ServiceImportRowInput[] = [];
  for (const row of parsed.rows) rows.push(await toImportRow(row, dirname(csvFile), problems));
  if (rows.length === 0) return { rows, problems };

  const checked = importServicesSchema.safeParse({ rows });
  if (!checked.success) {
    for (const issue of checked.error.issues)
      problems.push(problemOfPath(issue.path.map(String).join('.'), issue.message));
  }
  const bodyBytes = Buffer.byteLength(JSON.stringify({ rows }));
  if (bodyBytes > REQUEST_LIMIT_BYTES - 64 * 1024) {
    problems.push({
      message:
        `the pictures add up to ${megabytes(bodyBytes)} once encoded, more than one import can send ` +
        `(${megabytes(REQUEST_LIMIT_BYTES)}): add large pictures in the back office, or import the file in parts`,
    });
  }
  return { rows, problems };
}

export function formatResult(result: ImportServicesResult): string {
  const lines = [`Imported: ${result.created} created, ${result.updated} updated.`];
  for (const service of result.services) lines.push(`  line ${service.line}: ${service.action} ${service.name}`);
  return lines.join('\n');
}

const refusal = (file: string, problems: readonly Problem[]) =>
  `${file}: nothing was imported (${problems.length} problem${problems.length === 1 ? '' : 's'}).\n${formatProblems(problems)}\n`;

export async function run(args: readonly string[], io: ScriptIo): Promise<number> {
  if (args.includes('--help')) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [file, ...extra] = args;
  if (file === undefined || extra.length > 0 || file.startsWith('-')) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let url = io.env.SALON_URL ?? DEFAULT_SALON_URL;
  try {
    const salon = connectToSalon(io.env, 'services:import -- FILE.csv');
    url = salon.url;
    const csvFile = resolve(io.cwd, file);
    const { rows, problems } = await prepareImport(csvFile);
    if (problems.length > 0) {
      io.stderr.write(refusal(file, problems));
      return 1;
    }
    let result: ImportServicesResult;
    try {
      result = await salon.client.admin.services.import.mutate({ rows });
    } catch (error) {
      const fieldErrors = httpStatusOf(error) === 400 ? fieldErrorsOf(error) : [];
      if (fieldErrors.length === 0) throw error;
      io.stderr.write(
        refusal(
          file,
          fieldErrors.map((fieldError) => problemOfPath(fieldError.path, fieldError.message)),
        ),
      );
      return 1;
    }
    io.stdout.write(`${formatResult(result)}\n`);
    return 0;
  } catch (error) {
    io.stderr.write(`${describeFailure(error, url)}\n`);
    return 1;
  }
}

if (isMainModule(import.meta.url)) process.exitCode = await run(process.argv.slice(2), processIo());
