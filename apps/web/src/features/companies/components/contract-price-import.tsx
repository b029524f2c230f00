import type { ContractPriceImportReport } from '@shop/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatNumber, formatPrice } from '../../../lib/format';
import { notify } from '../../../components/ui/toast';
import { useImportContractPrices } from '../api/contract-prices';
import styles from './companies.module.css';

export const PRICES_IMPORTED = 'Contract prices imported.';

/** What an import did, or in a dry run would do: each price set, and each line refused. */
export function PriceImportReport({ report }: { report: ContractPriceImportReport }) {
  const would = report.dryRun ? 'would be ' : '';
  return (
    <div className={styles.report} data-testid="price-import-report">
      <p className={styles.summary} role="status">
        {report.dryRun ? 'Dry run: ' : 'Applied: '}
        {formatNumber(report.set.length)} {report.set.length === 1 ? 'price' : 'prices'} {would}
        set
        {report.problems.length > 0 && `, ${formatNumber(report.problems.length)} with problems`}.
      </p>
      {report.set.length > 0 && (
        <section aria-label="Changes">
          <ul className={styles.lines}>
            {report.set.map((change) => (
              <li key={change.sku}>
                <strong>{change.sku}</strong>:{' '}
                {change.from == null ? 'list price' : formatPrice(change.from)} →{' '}
                {formatPrice(change.to)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {report.problems.length > 0 && (
        <section aria-label="Problems">
          <ul className={styles.lines}>
            {report.problems.map((problem) => (
              <li key={`${problem.line}-${problem.message}`} className={styles.problem}>
                Line {problem.line}: {problem.message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** A chosen file's text (FileReader: every browser, and the tests' DOM). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read. Please choose it again.'));
    reader.readAsText(file);
  });
}

/**
 * Contract prices from CSV (`sku,price` rows), pasted or from a file: a dry run first shows what
 * would change and which lines are refused; Apply then sets all of them or none.
 */
export function ContractPriceImport({ companyId }: { companyId: string }) {
  const headingId = useId();
  const fileId = useId();
  const importPrices = useImportContractPrices();
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<ContractPriceImportReport | null>(null);

  const run = (dryRun: boolean) =>
    importPrices.mutate(
      { companyId, csv, dryRun },
      {
        onSuccess: (answer) => {
          setReport(answer);
          if (!answer.dryRun) {
            notify.success(PRICES_IMPORTED);
            setCsv('');
          }
        },
      },
    );

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReport(null);
    setCsv(await readText(file));
  };

  const canApply =
    report !== null && report.dryRun && report.problems.length === 0 && report.set.length > 0;

  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h3 id={headingId} className={styles.subheading}>
        Import prices from CSV
      </h3>
      <p className={styles.hint}>
        One <code>sku,price</code> row per product, dollars per piece with cents if any (89.50). The
        import is checked first and changes nothing until you apply it.
      </p>
      <TextField
        label="CSV"
        multiline
        minRows={5}
        fullWidth
        value={csv}
        onChange={(event) => {
          setCsv(event.target.value);
          setReport(null);
        }}
      />
      <div className={styles.actions}>
        <label htmlFor={fileId}>Or choose a file </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void onChoose(event)}
        />
      </div>
      <div className={styles.actions}>
        <Button
          variant="outlined"
          disabled={csv.trim() === ''}
          loading={importPrices.isPending && importPrices.variables.dryRun}
          onClick={() => run(true)}
        >
          Check (dry run)
        </Button>
        {canApply && (
          <Button
            variant="contained"
            loading={importPrices.isPending && !importPrices.variables.dryRun}
            onClick={() => run(false)}
          >
            Apply
          </Button>
        )}
      </div>
      {importPrices.error && <Alert severity="error">{importPrices.error.message}</Alert>}
      {report && <PriceImportReport report={report} />}
    </section>
  );
}
