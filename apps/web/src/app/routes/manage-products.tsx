import { messages, type Product } from '@shop/shared';
import { useState } from 'react';
import admin from '../../components/admin-page.module.css';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageTitle } from '../../components/page-title';
import { ProductImage } from '../../components/product-image';
import { Button } from '../../components/ui/button';
import errorButton from '../../components/ui/button-error.module.css';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '../../components/ui/table';
import { formatNumber, formatPrice } from '../../lib/format';
import { notify } from '../../lib/toast';
import { useProducts } from '../../features/catalog/api';
import { useDeleteProduct } from '../../features/admin-catalog/api/delete-product';
import { EditProductDialog } from '../../features/admin-catalog/components/edit-product-dialog';

/** Not a SPEC message: the toast after a delete. */
export const PRODUCT_DELETED = 'Product Deleted Successfully!';

const COLUMNS = ['Image', 'Name', 'Price', 'Minimum', 'Available', 'Actions'];

function ProductRow({
  product,
  onEdit,
  onDelete,
}: {
  product: Product;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const nameId = `product-name-${product._id}`;
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
      </TableCell>
      <TableCell label="Price">{formatPrice(product.price)}</TableCell>
      <TableCell label="Minimum">{formatNumber(product.minimum)}</TableCell>
      <TableCell label="Available">{formatNumber(product.available)}</TableCell>
      <TableCell label="Actions">
        <div className={admin.actions}>
          <Button size="small" variant="outlined" onClick={onEdit} aria-describedby={nameId}>
            Edit
          </Button>
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

function LoadingRows() {
  return Array.from({ length: 3 }, (_, row) => (
    <TableRow key={row}>
      {COLUMNS.map((column) => (
        <TableCell key={column}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/**
 * SPEC section 2, Manage Products (admin): every product, with Edit and Delete per row. On a
 * phone each product is a card, so both buttons are on screen at 375 px.
 */
export default function ManageProductsPage() {
  const { data, error, isPending, isFetching, refetch } = useProducts();
  const deleteProduct = useDeleteProduct();
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    deleteProduct.mutate(deleting._id, {
      onSuccess: () => notify.success(PRODUCT_DELETED),
      onError: (failure) => notify.error(failure.message),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div>
      <PageTitle title="Manage Products" />
      <h1 className={admin.title}>Manage Products</h1>
      <p className={admin.intro}>
        Change prices, minimum orders and stock, or take a product out of the catalogue.
      </p>
      {error ? (
        <LoadError
          title="We could not load the products."
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      ) : (
        <TableContainer>
          <Table aria-label="Products" cardsOnPhones className={admin.compact}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody aria-busy={isPending}>
              {isPending ? (
                <LoadingRows />
              ) : data.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length}>The catalogue has no products yet.</TableCell>
                </TableRow>
              ) : (
                data.map((product) => (
                  <ProductRow
                    key={product._id}
                    product={product}
                    onEdit={() => setEditing(product)}
                    onDelete={() => setDeleting(product)}
                  />
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <EditProductDialog key={editing._id} product={editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        question={messages.confirmDeleteProduct}
        detail={deleting?.name}
        pending={deleteProduct.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
