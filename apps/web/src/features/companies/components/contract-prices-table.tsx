import type { ContractPrice } from '@shop/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import errorButton from '../../../components/ui/button-error.module.css';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  HeadRow,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '../../../components/ui/table';
import { formatPrice } from '../../../lib/format';
import { notify } from '../../../components/ui/toast';
import { useContractPrices, useRemoveContractPrice } from '../api/contract-prices';
import styles from './companies.module.css';

export const CONFIRM_REMOVE_PRICE = 'Return this product to its list price for the company?';
export const PRICE_REMOVED = 'Contract price removed.';

const COLUMNS = ['Part number', 'Name', 'List price', 'Contract price', 'Actions'];

/** The company's contract prices by part number, each beside the list price, with Delete. */
export function ContractPricesTable({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(1);
  const prices = useContractPrices(companyId, page);
  const removePrice = useRemoveContractPrice();
  const [removing, setRemoving] = useState<ContractPrice | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    removePrice.mutate(
      { companyId, productId: removing.productId },
      {
        onSuccess: () => notify.success(PRICE_REMOVED),
        onError: (error) => notify.error(error.message),
        onSettled: () => setRemoving(null),
      },
    );
  };

  if (prices.isPending) return <Skeleton variant="rounded" height={120} />;
  if (prices.error) {
    return (
      <LoadError
        title="We could not load the contract prices."
        error={prices.error}
        retrying={prices.isFetching}
        onRetry={() => void prices.refetch()}
      />
    );
  }
  // Deleting the last price of the last page empties it: show the page before instead.
  const lastPage = Math.max(1, Math.ceil(prices.data.total / prices.data.limit));
  if (!prices.isPlaceholderData && page > lastPage) setPage(lastPage);
  if (prices.data.total === 0) {
    return (
      <Alert severity="info" role="status">
        The company pays list prices: it has no contract prices yet.
      </Alert>
    );
  }
  return (
    <>
      <TableContainer aria-busy={prices.isPlaceholderData || undefined}>
        <Table aria-label="Contract prices" cardsOnPhones>
          <HeadRow columns={COLUMNS} />
          <TableBody>
            {prices.data.items.map((price) => {
              const skuId = `price-${price.productId}`;
              return (
                <TableRow key={price.productId} data-testid="price-row">
                  <TableCell
                    role="rowheader"
                    label="Part number"
                    id={skuId}
                    className={styles.rowName}
                  >
                    {price.sku}
                  </TableCell>
                  <TableCell label="Name">{price.name}</TableCell>
                  <TableCell label="List price" align="right">
                    {formatPrice(price.listPrice)}
                  </TableCell>
                  <TableCell label="Contract price" align="right">
                    {formatPrice(price.price)}
                  </TableCell>
                  <TableCell label="Actions">
                    <Button
                      size="small"
                      variant="outlined"
                      color="inherit"
                      className={errorButton.outlined}
                      onClick={() => setRemoving(price)}
                      aria-describedby={skuId}
                    >
                      Delete
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Pager
        page={prices.data.page}
        limit={prices.data.limit}
        total={prices.data.total}
        shown={prices.data.items.length}
        label="Pages of contract prices"
        onPage={setPage}
      />
      <ConfirmDialog
        open={removing !== null}
        question={CONFIRM_REMOVE_PRICE}
        detail={removing && `${removing.sku} ${removing.name}`}
        pending={removePrice.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
