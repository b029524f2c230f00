import type { TaxRate } from '@shop/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  EmptyRow,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { useReplaceTaxRates, useTaxRates } from '../api/tax-rates';
import styles from './tax.module.css';

export const RATES_SAVED = 'Tax rates saved.';

/** 0.0725 -> "7.25 %". */
export const ratePercent = (rate: number) => `${Number((rate * 100).toFixed(4))} %`;

/** The table as the CSV the form takes back: the admin edits it in place. */
const asCsv = (rates: TaxRate[]) =>
  ['region,rate', ...rates.map((rate) => `${rate.region},${rate.rate}`)].join('\n');

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
 * The US state sales tax rates (DESIGN section 9): the table, charged in the nexus states, and a
 * CSV form (pasted or from a file) that replaces it whole.
 */
export function TaxRatesAdmin() {
  const headingId = useId();
  const fileId = useId();
  const rates = useTaxRates();
  const replace = useReplaceTaxRates();
  const [csv, setCsv] = useState<string | null>(null);

  if (rates.isPending) return <Skeleton variant="rounded" height={200} />;
  if (rates.error) {
    return (
      <LoadError
        title="We could not load the tax rates."
        error={rates.error}
        retrying={rates.isFetching}
        onRetry={() => void rates.refetch()}
      />
    );
  }
  const { sellerCountry, nexusStates } = rates.data;
  const text = csv ?? asCsv(rates.data.rates);

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) setCsv(await readText(file));
  };

  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={styles.heading}>
        US state rates
      </h2>
      <p className={styles.hint}>
        The seller is in {sellerCountry}. Sales tax is charged on shipments to{' '}
        {nexusStates.length > 0
          ? nexusStates.join(', ')
          : 'no state (set TAX_NEXUS_STATES to the states where you have nexus)'}
        , at the rate below, unless the buyer’s company has an approved exemption certificate.
      </p>
      <TableContainer>
        <Table aria-label="Tax rates">
          <TableHead>
            <TableRow>
              <TableCell>State</TableCell>
              <TableCell align="right">Rate</TableCell>
              <TableCell>Charged</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rates.data.rates.length === 0 && <EmptyRow columns={3}>No rates yet.</EmptyRow>}
            {rates.data.rates.map((rate) => (
              <TableRow key={rate.region} data-testid="tax-rate-row">
                <TableCell role="rowheader" className={styles.rowName}>
                  {rate.region}
                </TableCell>
                <TableCell align="right">{ratePercent(rate.rate)}</TableCell>
                <TableCell>{nexusStates.includes(rate.region) ? 'Yes (nexus)' : 'No'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <p className={styles.hint}>
        Edit the table as CSV, one <code>region,rate</code> line per state, the rate as a fraction
        (0.0725) or a percentage (7.25%). Saving replaces the whole table; a state left out has no
        rate.
      </p>
      <TextField
        label="Rates as CSV"
        multiline
        minRows={6}
        fullWidth
        value={text}
        onChange={(event) => setCsv(event.target.value)}
      />
      <div className={styles.actions}>
        <label htmlFor={fileId}>Or choose a CSV file </label>
        <input
          id={fileId}
          className={styles.file}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void onChoose(event)}
        />
      </div>
      <div className={styles.actions}>
        <Button
          variant="contained"
          loading={replace.isPending}
          onClick={() =>
            replace.mutate(
              { csv: text },
              {
                onSuccess: () => {
                  notify.success(RATES_SAVED);
                  setCsv(null);
                },
              },
            )
          }
        >
          Save rates
        </Button>
      </div>
      {replace.error && <Alert severity="error">{replace.error.message}</Alert>}
    </section>
  );
}
