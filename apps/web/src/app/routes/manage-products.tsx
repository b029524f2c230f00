import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { messages, type Product } from '@shop/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/ui/load-error';
import { PageTitle } from '../../components/page-title';
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
    <TableRow data-testid="product-row" hover>
      <TableCell>
        <Box
          component="img"
          src={product.img}
          alt=""
          width={64}
          height={48}
          loading="lazy"
          sx={{ objectFit: 'contain', bgcolor: 'grey.100', borderRadius: 0.5, display: 'block' }}
        />
      </TableCell>
      <TableCell component="th" scope="row" id={nameId} sx={{ fontWeight: 600 }}>
        {product.name}
      </TableCell>
      <TableCell>{formatPrice(product.price)}</TableCell>
      <TableCell>{formatNumber(product.minimum)}</TableCell>
      <TableCell>{formatNumber(product.available)}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" onClick={onEdit} aria-describedby={nameId}>
            Edit
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            onClick={onDelete}
            aria-describedby={nameId}
          >
            Delete
          </Button>
        </Stack>
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

/** SPEC section 2, Manage Products (admin): every product, with Edit and Delete per row. */
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
    <Box>
      <PageTitle title="Manage Products" />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        Manage Products
      </Typography>
      <Typography sx={{ mt: 1, mb: 3, color: 'text.secondary' }}>
        Change prices, minimum orders and stock, or take a product out of the catalogue.
      </Typography>
      {error ? (
        <LoadError
          title="We could not load the products."
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Products" size="small">
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
    </Box>
  );
}
