import { useNavigate, useParams } from 'react-router';
import admin from '../../components/admin-page.module.css';
import { PageTitle } from '../../components/page-title';
import { ButtonLink } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { notify } from '../../components/ui/toast';
import { useProduct } from '../../features/catalog/api';
import { useUpdateProduct } from '../../features/admin-catalog/api/update-product';
import { ProductForm } from '../../features/admin-catalog/components/product-form';
import { MANAGE_PRODUCTS_PATH } from '../../features/admin-catalog/paths';
import {
  formValuesOf,
  PRODUCT_UPDATED,
  productChanges,
} from '../../features/admin-catalog/schemas';

/**
 * Edit a product (admin, from Manage Products): every field, name and image included; only the
 * fields that changed are sent (PUT /item/{id}), then back to the list.
 */
export default function EditProductPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: product, error, isFetching, refetch } = useProduct(id);
  const updateProduct = useUpdateProduct();

  let body;
  if (error) {
    body = (
      <LoadError
        title="We could not load the product."
        error={error}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  } else if (!product) {
    body = <Skeleton variant="rectangular" height={480} />;
  } else {
    body = (
      <ProductForm
        key={product._id}
        label={`Edit ${product.name}`}
        submitLabel="Save"
        defaultValues={formValuesOf(product)}
        save={async (edit) => {
          const changes = productChanges(product, edit);
          if (!changes.success) throw new Error(changes.error.issues[0]?.message);
          await updateProduct.mutateAsync({ id: product._id, update: changes.data });
          notify.success(PRODUCT_UPDATED);
          await navigate(MANAGE_PRODUCTS_PATH);
        }}
      />
    );
  }

  return (
    <div className={admin.formPage}>
      <PageTitle title={product ? `Edit ${product.name}` : 'Edit Product'} />
      <h1 className={admin.title}>{product ? `Edit ${product.name}` : 'Edit Product'}</h1>
      <p className={admin.intro}>
        Change any field; the shop shows the change as soon as it is saved.{' '}
        <ButtonLink href={MANAGE_PRODUCTS_PATH} size="small">
          Back to Manage Products
        </ButtonLink>
      </p>
      {body}
    </div>
  );
}
