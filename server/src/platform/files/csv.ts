/**
 * CSV as RFC 4180 writes it and as spreadsheets and Mastodon write it: fields split by commas, a field
 * in double quotes may hold commas, line breaks and doubled quotes; lines end in CRLF or LF; a leading
 * byte-order mark is not part of the first field.
 */

/** A file that is not CSV: `line` is where the fault is (1-based). */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(reason);
  }
}

/** The rows of a CSV text, each its fields; blank lines are left out. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 1;
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
      i += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      i += 1;
      continue;
    } else if (char === '\n' || char === '\r') {
      endRow();
      line += 1;
    } else if (char === '"') {
      throw new CsvError(line, 'a quote inside a field that does not start with one');
    } else field += char;
    i += 1;
  }
  if (quoted) throw new CsvError(quoteLine, 'a quoted field that never ends');
  endRow();
  return rows;
}

/**
 * One CSV line ending in LF, as Mastodon's exports end theirs: a field holding a comma, a quote or a
 * line break is quoted.
 */
export function csvLine(fields: readonly string[]): string {
  const quoted = fields.map((field) => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field));
  return `${quoted.join(',')}\n`;
}
