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
 * The cells of `csv` that a spreadsheet would run as a formula, read with each separator by
 * SheetJS (the parser behind many spreadsheet tools): empty when the export is safe everywhere.
 */
export function formulaCells(csv: string): FormulaCell[] {
  const found: FormulaCell[] = [];
  for (const separator of SPREADSHEET_SEPARATORS) {
    const book = XLSX.read(csv, { type: 'string', FS: separator });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    for (const [address, cell] of Object.entries(sheet)) {
      if (address.startsWith('!')) continue;
      const { f, t, v } = cell as XLSX.CellObject;
      if (f !== undefined || (t === 's' && FORMULA_START.test(String(v)))) {
        found.push({ separator, address, text: String(v) });
      }
    }
  }
  return found;
}
