/**
 * CSV cells safe to open in a spreadsheet (docs/wallet.md "Screens"): quoted when they hold a comma, a quote or a
 * line break; a text cell that a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return) gets a leading apostrophe. Plain numbers (`-12.50`) are left as they are.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as CSV text: CRLF line ends (RFC 4180), header first. */
export const csvText = (rows: (string | number | null | undefined)[][]) =>
  `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
