import * as XLSX from '@e965/xlsx';

/** The separators a spreadsheet reads CSV with, by locale: comma, and semicolon (most of Europe). */
export const SPREADSHEET_SEPARATORS = [',', ';'] as const;

/** What a spreadsheet runs as a formula: SheetJS marks `=` cells; Excel also runs + - @. */
const FORMULA_START = /^[=+\-@\t\r]/;

export interface FormulaCell {
  separator: string;
  address: string;
  text: string;
}

/**
 * `csv`'s first sheet as SheetJS reads it. SheetJS takes some one-cell texts (`1=<tab>`) for
 * another format and reads no sheet at all; with a leading byte-order mark it reads them as CSV,
 * as a spreadsheet opening a .csv file does (the mark is taken off the text again above).
 */
function readCsv(csv: string, separator: string): XLSX.WorkSheet {
  const book = XLSX.read(csv, { type: 'string', FS: separator });
  if (book.SheetNames.length > 0) return book.Sheets[book.SheetNames[0]!]!;
  const marked = XLSX.read(`\uFEFF${csv}`, { type: 'string', FS: separator });
  return marked.Sheets[marked.SheetNames[0]!]!;
}

/**
 * The cells of `csv` that a spreadsheet would run as a formula, read with each separator by
 * SheetJS (the parser behind many spreadsheet tools): empty when the export is safe everywhere.
 */
export function formulaCells(csv: string): FormulaCell[] {
  const found: FormulaCell[] = [];
  for (const separator of SPREADSHEET_SEPARATORS) {
    const sheet = readCsv(csv, separator);
    for (const [address, cell] of Object.entries(sheet)) {
      if (address.startsWith('!')) continue;
      const { f, t, v } = cell as XLSX.CellObject;
      const text = String(v).replace(/^\uFEFF/, '');
      if (f !== undefined || (t === 's' && FORMULA_START.test(text))) {
        found.push({ separator, address, text });
      }
    }
  }
  return found;
}
