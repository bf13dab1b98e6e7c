import { describe, expect, it } from 'vitest';
import { parseCsv } from './parse-csv';

describe('parseCsv', () => {
  it('reads quoted cells before it splits lines, and keeps the file line numbers', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n\n"multi\nline, and more",z\nlast,row')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 4, cells: ['multi\nline, and more', 'z'] },
      { line: 6, cells: ['last', 'row'] },
    ]);
  });

  it('splits on the delimiters it is given, and only outside quotes', () => {
    expect(parseCsv('KES;2024-01-01;"1;234.5"\r\nTZS,2024-01-01,"2,500\r\n"', { delimiters: ',;' })).toEqual([
      { line: 1, cells: ['KES', '2024-01-01', '1;234.5'] },
      { line: 2, cells: ['TZS', '2024-01-01', '2,500\r\n'] },
    ]);
    expect(parseCsv('a;b,c')).toEqual([{ line: 1, cells: ['a;b', 'c'] }]);
  });

  it('leaves out blank rows and reads an empty file as no rows', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\n \n,\n')).toEqual([]);
  });
});
