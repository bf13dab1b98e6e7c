/** The file's one CSV reader, for every import (market prices, exchange rates). */
export interface CsvRow {
  /** The file line the row starts on (a quoted line break inside a cell does not start a row). */
  line: number;
  cells: string[];
}

export interface CsvOptions {
  /** The characters that separate cells; a comma unless told (the exchange-rate import also takes ';'). */
  delimiters?: string;
}

/**
 * RFC 4180 CSV: cells split by a delimiter; quoted cells may hold delimiters, quotes ("") and line breaks. Quotes are
 * read before lines are split, so a line break inside quotes stays in its cell. A leading byte-order mark is
 * dropped; rows with nothing but blanks are left out.
 */
export function parseCsv(input: string, { delimiters = ',' }: CsvOptions = {}): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const text = input.replace(/^\uFEFF/, '');
  const endRow = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"') quoted = true;
    else if (delimiters.includes(char)) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += char;
  }
  endRow();
  return rows;
}
