/**
 * CSV as spreadsheets read it (RFC 4180): comma-separated, CRLF line ends, a cell quoted when it
 * holds a quote, comma or line break, quotes doubled. Exports carry text strangers typed (a
 * sign-up's message, a survey answer), so a cell that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) is prefixed with an apostrophe: it then
 * shows as typed instead of executing (OWASP, "CSV injection").
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: null and undefined are empty, lists are joined with "; ", dates are ISO 8601. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return csvCell(value.map((item) => String(item)).join('; '));
  const text = value instanceof Date ? value.toISOString() : String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line, its CRLF included. */
export function csvRow(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** `attachment; filename="leads-2026-11-25.csv"`: the export's name carries the day it was made (UTC). */
export function csvAttachment(prefix: string, now: Date): string {
  return `attachment; filename="${prefix}-${now.toISOString().slice(0, 10)}.csv"`;
}
