// Plain-text tables for a terminal: columns padded to their widest cell, a rule under the header.

/** The rows under a header, each cell padded to its column's width; `indent` starts every line. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[], indent = ''): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    indent +
    widths
      .map((width, column) => (cells[column] ?? '').padEnd(width))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
