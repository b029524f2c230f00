import {
  contractPriceDoubt,
  contractPriceInputSchema,
  contractPriceQuestion,
  parseMoneyText,
  type Product,
} from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SearchField } from '../../../components/search-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatPrice } from '../../../lib/format';
import { notify } from '../../../components/ui/toast';
import { useSetContractPrice } from '../api/contract-prices';
import { useFindProducts } from '../api/find-products';
import styles from './companies.module.css';

export const priceSetMessage = (sku: string) => `Contract price of ${sku} set.`;

/** The catalogue's answers to the search, each a button that picks its product. */
function ProductPicks({ q, onPick }: { q: string; onPick: (product: Product) => void }) {
  const found = useFindProducts(q);
  if (q === '') return null;
  if (found.isPending) return <p className={styles.hint}>Searching…</p>;
  if (found.error) return <Alert severity="error">{found.error.message}</Alert>;
  if (found.data.length === 0) {
    return (
      <p className={styles.hint} role="status">
        No product matches “{q}”.
      </p>
    );
  }
  return (
    <ul className={styles.picks} aria-label="Matching products">
      {found.data.map((product) => (
        <li key={product._id}>
          <Button size="small" variant="text" onClick={() => onPick(product)}>
            {product.sku} · {product.name} · list {formatPrice(product.price)}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The admin sets the company's unit price for one product, picked by part number or name through
 * the catalogue search (GET /products).
 */
export function SetContractPrice({ companyId }: { companyId: string }) {
  const headingId = useId();
  const setPrice = useSetContractPrice();
  const [q, setQ] = useState('');
  const [product, setProduct] = useState<Product | null>(null);
  const [price, setPriceText] = useState('');
  const [problem, setProblem] = useState<string>();

  // A price the guard rail doubts (contractPriceDoubt) waits here for the admin's Yes.
  const [doubted, setDoubted] = useState<{ price: number; question: string } | null>(null);

  const save = (dollars: number) => {
    if (!product) return;
    setPrice.mutate(
      { companyId, productId: product._id, price: dollars },
      {
        onSuccess: (saved) => {
          notify.success(priceSetMessage(saved.sku));
          setProduct(null);
          setPriceText('');
        },
        onError: (error) => setProblem(error.message),
        onSettled: () => setDoubted(null),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!product) return;
    const parsed = contractPriceInputSchema.safeParse({
      price: parseMoneyText(price) ?? Number.NaN,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    const doubt = contractPriceDoubt(product.price, parsed.data.price);
    if (doubt) setDoubted({ price: parsed.data.price, question: contractPriceQuestion(doubt) });
    else save(parsed.data.price);
  };

  return (
    <>
      <form noValidate onSubmit={submit} aria-labelledby={headingId} className={styles.panel}>
        <h3 id={headingId} className={styles.subheading}>
          Set a contract price
        </h3>
        {product ? (
          <p>
            Product: <strong>{product.sku}</strong> {product.name} (list{' '}
            {formatPrice(product.price)}){' '}
            <Button size="small" variant="text" onClick={() => setProduct(null)}>
              Choose another
            </Button>
          </p>
        ) : (
          <>
            <SearchField
              q={q}
              onSearch={setQ}
              label="Find a product"
              helperText="Part number or name"
              maxLength={100}
            />
            <ProductPicks q={q} onPick={setProduct} />
          </>
        )}
        <div className={styles.inline}>
          <TextField
            label="Contract price ($ per piece)"
            inputMode="decimal"
            value={price}
            onChange={(event) => setPriceText(event.target.value)}
            error={Boolean(problem)}
            helperText={problem}
            disabled={!product}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={!product}
            loading={setPrice.isPending}
          >
            Set price
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={doubted !== null}
        question={doubted?.question ?? ''}
        detail={
          doubted &&
          product &&
          `${product.sku} ${product.name}: ${formatPrice(doubted.price)} against the list price of ${formatPrice(product.price)}.`
        }
        pending={setPrice.isPending}
        onConfirm={() => doubted && save(doubted.price)}
        onCancel={() => setDoubted(null)}
      />
    </>
  );
}
