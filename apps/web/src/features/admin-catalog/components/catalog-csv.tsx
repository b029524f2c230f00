import { auditFieldChange, type CatalogImportReport, type ImportProblem } from '@shop/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import buttonStyles from '../../../components/ui/button.module.css';
import { cx } from '../../../components/ui/container';
import { formatNumber } from '../../../lib/format';
import { notify } from '../../../components/ui/toast';
import { downloadCatalogCsv, refusedLines, useImportCatalogCsv } from '../api/catalog-csv';
import styles from './catalog-csv.module.css';

function Problems({ problems }: { problems: ImportProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <section aria-label="Problems">
      <h3 className={styles.heading}>
        {formatNumber(problems.length)} {problems.length === 1 ? 'problem' : 'problems'}
      </h3>
      <ul className={styles.list}>
        {problems.map((problem) => (
          <li key={`${problem.line}-${problem.message}`} className={styles.problem}>
            Line {problem.line}
            {problem.sku && ` (${problem.sku})`}: {problem.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What an import did, or (dry run) would do: created, updated field by field, problems. */
export function ImportReport({ report }: { report: CatalogImportReport }) {
  const would = report.applied ? '' : 'would be ';
  // A row may have several problems, each listed; the summary counts rows.
  const linesWithProblems = new Set(report.problems.map((problem) => problem.line)).size;
  return (
    <div className={styles.report} data-testid="import-report">
      <p className={styles.summary} role="status">
        {report.applied ? 'Applied: ' : 'Dry run: '}
        {formatNumber(report.created.length)} {would}created, {formatNumber(report.updated.length)}{' '}
        {would}updated, {formatNumber(report.unchanged)} unchanged
        {linesWithProblems > 0 && `, ${formatNumber(linesWithProblems)} with problems`}.
      </p>
      {report.created.length > 0 && (
        <section aria-label={report.applied ? 'Created' : 'To create'}>
          <h3 className={styles.heading}>{report.applied ? 'Created' : 'To create'}</h3>
          <ul className={styles.list}>
            {report.created.map((product) => (
              <li key={product.sku}>
                Line {product.line}: <strong>{product.sku}</strong> {product.name}
              </li>
            ))}
          </ul>
        </section>
      )}
      {report.updated.length > 0 && (
        <section aria-label={report.applied ? 'Updated' : 'To update'}>
          <h3 className={styles.heading}>{report.applied ? 'Updated' : 'To update'}</h3>
          <ul className={styles.list}>
            {report.updated.map((product) => (
              <li key={product.sku}>
                Line {product.line}: <strong>{product.sku}</strong> {product.name}
                <ul className={styles.changes}>
                  {product.changes.map((change) => (
                    <li key={change.field}>
                      {auditFieldChange(change.field, change.from, change.to)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Problems problems={report.problems} />
    </div>
  );
}

/** A chosen file's text (FileReader: every browser, and the tests' DOM, which has no Blob.text). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read. Please choose it again.'));
    reader.readAsText(file);
  });
}

interface Chosen {
  name: string;
  csv: string;
}

/**
 * The catalogue as CSV: the whole of it downloaded (GET /admin/products.csv), and a file
 * imported in two steps: a dry run that shows what would change, then Apply.
 */
export function CatalogCsv() {
  const importCsv = useImportCatalogCsv();
  const [exporting, setExporting] = useState(false);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [report, setReport] = useState<CatalogImportReport | null>(null);
  const [refused, setRefused] = useState<ImportProblem[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const hintId = useId();

  const exportCsv = () => {
    setExporting(true);
    downloadCatalogCsv()
      .catch((error: Error) => notify.error(error.message))
      .finally(() => setExporting(false));
  };

  const run = (next: Chosen, dryRun: boolean) => {
    setFailure(null);
    setRefused(null);
    importCsv.mutate(
      { csv: next.csv, dryRun },
      {
        onSuccess: (answer) => {
          setReport(answer);
          if (answer.applied) notify.success('Catalogue import applied.');
        },
        onError: (error) => {
          const lines = refusedLines(error);
          if (lines) setRefused(lines);
          else setFailure(error.message);
        },
      },
    );
  };

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReport(null);
    setRefused(null);
    let csv;
    try {
      csv = await readText(file);
    } catch (error) {
      setFailure((error as Error).message);
      return;
    }
    const next = { name: file.name, csv };
    setChosen(next);
    run(next, true);
  };

  const canApply =
    chosen !== null &&
    report !== null &&
    !report.applied &&
    report.problems.length === 0 &&
    report.created.length + report.updated.length > 0;

  return (
    <section className={styles.box} aria-labelledby={`${hintId}-title`}>
      <h2 id={`${hintId}-title`} className={styles.title}>
        Catalogue CSV
      </h2>
      <p id={hintId} className={styles.hint}>
        Download the catalogue, change it in a spreadsheet and import it: rows are matched by part
        number (sku). An import is checked first and changes nothing until you apply it.
      </p>
      <div className={styles.actions}>
        <Button variant="outlined" loading={exporting} onClick={exportCsv}>
          Export CSV
        </Button>
        <label
          className={cx(
            buttonStyles.button,
            buttonStyles.outlined,
            buttonStyles.primary,
            styles.choose,
          )}
        >
          Import CSV
          <input
            type="file"
            accept=".csv,text/csv"
            className={styles.visuallyHidden}
            onChange={(event) => void onChoose(event)}
            disabled={importCsv.isPending}
            aria-describedby={hintId}
          />
        </label>
        {chosen && <span className={styles.fileName}>{chosen.name}</span>}
      </div>
      {importCsv.isPending && (
        <p role="status" className={styles.hint}>
          {importCsv.variables.dryRun ? 'Checking the file…' : 'Applying the import…'}
        </p>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      {refused && (
        <Alert severity="error" title="Nothing was imported: these lines need fixing.">
          <Problems problems={refused} />
        </Alert>
      )}
      {report && <ImportReport report={report} />}
      {report && !report.applied && report.problems.length > 0 && (
        <Alert severity="warning" role="status">
          Fix the lines with problems and choose the file again; nothing has been changed.
        </Alert>
      )}
      {canApply && (
        <div>
          <Button
            variant="contained"
            loading={importCsv.isPending}
            onClick={() => chosen && run(chosen, false)}
          >
            Apply
          </Button>
        </div>
      )}
    </section>
  );
}
