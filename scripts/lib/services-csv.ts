// Reading a services CSV for `npm run services:import`: the header, the rows with the line a
// spreadsheet shows them on (the header is line 1), and every problem of the file's shape. The
// fields themselves are checked by the shared service schema, not here.
import { CsvError, parse, type InfoRecord } from 'csv-parse/sync';

export const IMPORT_COLUMNS = [
  'name',
  'category',
  'price',
  'duration',
  'description',
  'bufferMinutes',
  'image',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const REQUIRED_COLUMNS: readonly ImportColumn[] = ['name', 'category', 'price', 'duration', 'description'];

/** Something wrong with the file, a line of it, or one field of a line. */
export interface Problem {
  line?: number;
  field?: string;
  message: string;
}

export interface CsvServiceRow {
  /** The row's line as a spreadsheet numbers it: the header is 1, the first service 2. */
  line: number;
  cells: Partial<Record<ImportColumn, string>>;
}

export interface ParsedServicesCsv {
  rows: CsvServiceRow[];
  problems: Problem[];
}

/** `Buffer Minutes`, `buffer_minutes` and `bufferMinutes` name the same column. */
const columnKey = (title: string) =>
  title
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
const COLUMN_BY_KEY = new Map<string, ImportColumn>(IMPORT_COLUMNS.map((column) => [columnKey(column), column]));

const QUOTING_HINT = 'put the whole value in double quotes and double every " inside it';

/** The problem a CSV syntax error names, on the line (record) where it happened. */
function syntaxProblem(error: CsvError): Problem {
  // `records` counts the rows read before the failing one, the header included.
  const line = typeof error.records === 'number' ? error.records + 1 : undefined;
  const message: Record<string, string> = {
    CSV_QUOTE_NOT_CLOSED: 'a quoted value is never closed (a " is missing)',
    CSV_INVALID_CLOSING_QUOTE: `text follows the closing quote of a value; ${QUOTING_HINT}`,
    INVALID_OPENING_QUOTE: `a " inside a value that is not quoted; ${QUOTING_HINT}`,
  };
  return { ...(line === undefined ? {} : { line }), message: message[error.code] ?? error.message };
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * The rows of a services CSV (comma-separated, a header row, UTF-8 with or without a BOM). Blank
 * rows are skipped but keep their line. A syntax error stops the reading: the lines after it
 * cannot be told apart reliably.
 */
export function parseServicesCsv(text: string | Uint8Array): ParsedServicesCsv {
  let records: { record: string[]; info: InfoRecord }[];
  try {
    // With `info`, each record comes with its counters; the library's types do not say so.
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: false }) as unknown as {
      record: string[];
      info: InfoRecord;
    }[];
  } catch (error) {
    if (error instanceof CsvError) return { rows: [], problems: [syntaxProblem(error)] };
    throw error;
  }

  const [header, ...body] = records;
  if (!header || isBlank(header.record)) {
    return {
      rows: [],
      problems: [{ line: 1, message: `the header row is missing; it names the columns: ${IMPORT_COLUMNS.join(', ')}` }],
    };
  }

  const problems: Problem[] = [];
  const columns: (ImportColumn | undefined)[] = [];
  for (const [index, title] of header.record.entries()) {
    const column = COLUMN_BY_KEY.get(columnKey(title));
    if (title.trim() === '') problems.push({ line: 1, message: `column ${index + 1} has no name` });
    else if (!column)
      problems.push({
        line: 1,
        message: `unknown column "${title.trim()}" (the columns are ${IMPORT_COLUMNS.join(', ')})`,
      });
    else if (columns.includes(column)) problems.push({ line: 1, message: `the column "${column}" appears twice` });
    columns.push(column);
  }
  for (const column of REQUIRED_COLUMNS) {
    if (!columns.includes(column)) problems.push({ line: 1, message: `the column "${column}" is missing` });
  }
  if (problems.length > 0) return { rows: [], problems };

  const rows: CsvServiceRow[] = [];
  for (const { record, info } of body) {
    const line = info.records;
    if (isBlank(record)) continue;
    if (record.length !== columns.length) {
      problems.push({ line, message: `${record.length} values, but the header has ${columns.length} columns` });
      continue;
    }
    const cells: CsvServiceRow['cells'] = {};
    for (const [index, column] of columns.entries()) {
      if (column) cells[column] = record[index] ?? '';
    }
    rows.push({ line, cells });
  }
  if (rows.length === 0 && problems.length === 0)
    problems.push({ message: 'the file has no services (only a header row)' });
  return { rows, problems };
}

/** `line 4, price: Price must be a number`, in the order of the file. */
export function formatProblems(problems: readonly Problem[]): string {
  return [...problems]
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
    .map((problem) => {
      const where = [problem.line === undefined ? undefined : `line ${problem.line}`, problem.field]
        .filter(Boolean)
        .join(', ');
      return where ? `${where}: ${problem.message}` : problem.message;
    })
    .join('\n');
}

/** A field error of the import (`line 4.price`, from the shared schema or the server) as a problem. */
export function problemOfPath(path: string, message: string): Problem {
  const match = /^line (\d+)(?:\.(.+))?$/.exec(path);
  // `rows` is the list as a whole (too many, none): the message says it all.
  if (!match) return { ...(path && path !== 'rows' ? { field: path } : {}), message };
  return { line: Number(match[1]), ...(match[2] ? { field: match[2] } : {}), message };
}
