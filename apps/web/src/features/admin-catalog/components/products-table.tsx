import { isLowStock, messages, type Product } from '@shop/shared';
import { useState } from 'react';
import admin from '../../../components/admin-page.module.css';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ProductImage } from '../../../components/product-image';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import errorButton from '../../../components/ui/button-error.module.css';
import { Chip } from '../../../components/ui/chip';
import { LoadError } from '../../../components/ui/load-error';
import {
  EmptyRow,
  HeadRow,
  SkeletonRows,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '../../../components/ui/table';
import { SearchField } from '../../../components/search-field';
import { Pager } from '../../../components/ui/pager';
import { formatNumber, formatPrice } from '../../../lib/format';
import { notify } from '../../../components/ui/toast';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminProducts, type AdminProductView } from '../api/search-products';
import { editProductPath } from '../paths';
import styles from './products-table.module.css';

/** Not a SPEC message: the toast after a delete. */
export const PRODUCT_DELETED = 'Product Deleted Successfully!';

const COLUMNS = ['Image', 'Name', 'Price', 'Minimum', 'Available', 'Actions'];

function ProductRow({ product, onDelete }: { product: Product; onDelete: () => void }) {
  const nameId = `product-name-${product._id}`;
  const low = isLowStock(product);
  return (
    <TableRow data-testid="product-row">
      <TableCell label="Image">
        <ProductImage
          src={product.img}
          // The name is the next cell: the picture adds nothing for a screen reader.
          alt=""
          width={64}
          height={48}
          loading="lazy"
          className={admin.thumbnail}
        />
      </TableCell>
      {/* The row's name: a header cell that still becomes a card's line on a phone. */}
      <TableCell role="rowheader" label="Name" id={nameId} className={admin.rowName}>
        {product.name}
        <span className={styles.sku}>{product.sku}</span>
      </TableCell>
      <TableCell label="Price">{formatPrice(product.price)}</TableCell>
      <TableCell label="Minimum">{formatNumber(product.minimum)}</TableCell>
      <TableCell label="Available">
        <span className={styles.stock}>
          {formatNumber(product.available)}
          {low && <Chip label="Low stock" size="small" color="warning" />}
        </span>
      </TableCell>
      <TableCell label="Actions">
        <div className={admin.actions}>
          <ButtonLink
            href={editProductPath(product._id)}
            size="small"
            variant="outlined"
            aria-describedby={nameId}
          >
            Edit
          </ButtonLink>
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            className={errorButton.outlined}
            onClick={onDelete}
            aria-describedby={nameId}
          >
            Delete
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}

interface ProductsTableProps {
  /** The search, the low-stock filter and the page (the route keeps them in the URL). */
  view: AdminProductView;
  /** A new search or filter starts again at page 1; `replace` while typing. */
  onViewChange: (view: AdminProductView, options?: { replace?: boolean }) => void;
}

/**
 * SPEC section 2, Manage Products: the catalogue a page at a time (GET /products, which reaches
 * every product, not only GET /items' newest 100), searched, filtered to low stock, with Edit
 * and Delete per row. On a phone each product is a card, so both buttons are on screen at 375 px.
 */
export function ProductsTable({ view, onViewChange }: ProductsTableProps) {
  const { q, lowStock, page } = view;
  const products = useAdminProducts(view);
  const deleteProduct = useDeleteProduct();
  const [deleting, setDeleting] = useState<Product | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    deleteProduct.mutate(deleting._id, {
      onSuccess: () => notify.success(PRODUCT_DELETED),
      onError: (failure) => notify.error(failure.message),
      onSettled: () => setDeleting(null),
    });
  };

  let rows;
  let pager = null;
  if (products.isPending) {
    rows = <SkeletonRows columns={COLUMNS} />;
  } else if (products.data?.items.length === 0 || !products.data) {
    const filtered = q !== '' || lowStock || page > 1;
    rows = (
      <EmptyRow columns={COLUMNS.length}>
        {filtered ? 'No products match this search.' : 'The catalogue has no products yet.'}
      </EmptyRow>
    );
  } else {
    const { items, total, limit } = products.data;
    rows = items.map((product) => (
      <ProductRow key={product._id} product={product} onDelete={() => setDeleting(product)} />
    ));
    pager = (
      <Pager
        page={products.data.page}
        limit={limit}
        total={total}
        shown={items.length}
        label="Pages of products"
        onPage={(next) => onViewChange({ ...view, page: next })}
        className={styles.pager}
      />
    );
  }

  return (
    <>
      <div className={styles.toolbar}>
        <SearchField
          q={q}
          onSearch={(text) => onViewChange({ ...view, q: text, page: 1 }, { replace: true })}
          label="Search products"
          helperText="Name, part number or description"
          maxLength={100}
          className={styles.search}
        />
        <label className={styles.filter}>
          <input
            type="checkbox"
            checked={lowStock}
            onChange={(event) => onViewChange({ ...view, lowStock: event.target.checked, page: 1 })}
          />
          Low stock
        </label>
      </div>
      {products.error && !products.data ? (
        <LoadError
          title="We could not load the products."
          error={products.error}
          retrying={products.isFetching}
          onRetry={() => void products.refetch()}
        />
      ) : (
        <>
          {products.error && <Alert severity="error">{products.error.message}</Alert>}
          <TableContainer aria-busy={products.isPlaceholderData || undefined}>
            <Table aria-label="Products" cardsOnPhones className={admin.compact}>
              <HeadRow columns={COLUMNS} />
              <TableBody aria-busy={products.isPending}>{rows}</TableBody>
            </Table>
          </TableContainer>
          {pager}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        question={messages.confirmDeleteProduct}
        detail={deleting?.name}
        pending={deleteProduct.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
