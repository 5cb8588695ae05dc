/** Characters that make a spreadsheet read a cell as a formula (or, for tab and CR, shift into the next cell). */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * One CSV cell (RFC 4180: quoted when it holds a comma, a quote or a line break, quotes doubled). A ticket title is
 * the customer's own text: text that starts like a formula (`=HYPERLINK(…)`, `@SUM(…)`, `-1+1`) gets a leading `'`,
 * so that Excel, LibreOffice and Google Sheets show it as text instead of running it (OWASP's advice on CSV
 * injection). Numbers are numbers: `-3` stays `-3`.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_TRIGGERS.has(value.charAt(0)) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: a header row, then one row per record, every cell made safe by `csvCell`. */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n');
}
