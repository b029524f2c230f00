import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import cardStyles from '../../../components/ui/card.module.css';
import { cx } from '../../../components/ui/container';
import text from '../../../components/ui/text.module.css';
import { addToCart, cartLines } from '../../../lib/cart-store';
import { formatNumber } from '../../../lib/format';
import { notify } from '../../../components/ui/toast';
import { findProduct } from '../api/find-product';
import {
  QUICK_ORDER_FILE_MAX_BYTES,
  quickOrder,
  readQuickOrderFile,
  type QuickOrderProblem,
} from '../quick-order';
import styles from './cart.module.css';

interface Outcome {
  added: number;
  problems: QuickOrderProblem[];
}

const plural = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;

/**
 * The quick order (issue 13): lines pasted from a spreadsheet or a .csv file uploaded, each
 * `name,quantity` (or sku or product id), each looked up in the whole catalogue. The good lines
 * join the cart; each bad one is listed by its line number, and a pasted text keeps only the bad
 * lines, ready to be fixed.
 */
export function QuickOrderBox() {
  const headingId = useId();
  const textId = useId();
  const helpId = useId();
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The lookups of the order being read, stopped when the buyer leaves the cart.
  const reading = useRef<AbortController | null>(null);
  useEffect(() => () => reading.current?.abort(), []);

  async function read(source: string, from: 'paste' | 'file') {
    const controller = new AbortController();
    reading.current = controller;
    setBusy(true);
    try {
      const inCart = new Map(cartLines().map((line) => [line.productId, line.quantity]));
      const result = await quickOrder(source, findProduct, inCart, controller.signal);
      if (result.lines.length > 0) {
        addToCart(result.lines);
        notify.success(`${plural(result.lines.length, 'line', 'lines')} added to the cart`);
      }
      setOutcome({ added: result.lines.length, problems: result.problems });
      if (from === 'paste') {
        // What is left in the box is what needs fixing.
        const lines = source.split(/\r?\n/);
        setPasted(result.problems.map((problem) => lines[problem.line - 1] ?? '').join('\n'));
      }
    } catch {
      if (controller.signal.aborted) return;
      notify.error('The quick order could not be read. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void read(pasted, 'paste');
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // The same file chosen again after a fix is a new change.
    input.value = '';
    if (!file) return;
    if (file.size > QUICK_ORDER_FILE_MAX_BYTES) {
      setOutcome({
        added: 0,
        problems: [{ line: 0, message: `${file.name} is larger than 1 MB: please split it.` }],
      });
      return;
    }
    void readQuickOrderFile(file).then(
      (content) => read(content, 'file'),
      () => notify.error(`${file.name} could not be read. Please try again.`),
    );
  };

  const ready = !busy;
  return (
    <section aria-labelledby={headingId} className={cx(cardStyles.card, styles.box)}>
      <h2 id={headingId} className={text.h4}>
        Quick order
      </h2>
      <p id={helpId} className={cx(text.body2, text.secondary)}>
        One line per product: its part number or name (or product id) and the quantity, separated by
        a comma, a semicolon or a tab, such as <code>SSD-2T-G4,200</code> or{' '}
        <code>Vector X8 Processor;500</code>. A name with a comma goes in double quotes. A first
        line <code>name,quantity</code> is skipped. Quantities are checked for pack size, minimum
        and maximum before they are added.
      </p>
      <form onSubmit={onSubmit} aria-label="Quick order" className={styles.quickForm}>
        <label htmlFor={textId} className={styles.fieldLabel}>
          Lines to add
        </label>
        <textarea
          id={textId}
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          rows={5}
          spellCheck={false}
          aria-describedby={helpId}
          className={styles.textarea}
        />
        <div className={styles.quickActions}>
          <Button type="submit" variant="contained" disabled={!ready || pasted.trim() === ''}>
            Add lines to cart
          </Button>
          <label className={cx(styles.upload, !ready && styles.uploadDisabled)}>
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={onFile}
              disabled={!ready}
              className={styles.fileInput}
            />
            <span>Upload a .csv file</span>
          </label>
        </div>
      </form>
      {outcome && <QuickOrderOutcome outcome={outcome} />}
    </section>
  );
}

function QuickOrderOutcome({ outcome }: { outcome: Outcome }) {
  const { added, problems } = outcome;
  if (problems.length === 0) {
    return (
      <Alert severity="success" role="status" className={styles.outcome}>
        {plural(added, 'line', 'lines')} added to the cart.
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      className={styles.outcome}
      title={`${added > 0 ? `${plural(added, 'line', 'lines')} added. ` : ''}${plural(
        problems.length,
        'line was',
        'lines were',
      )} not added:`}
      data-testid="quick-order-problems"
    >
      <ul className={styles.problems}>
        {problems.map((problem) => (
          <li key={`${problem.line}-${problem.message}`}>{problem.message}</li>
        ))}
      </ul>
    </Alert>
  );
}
